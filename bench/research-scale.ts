// The research service at scale: the same offline load on one instance on SQLite, one on
// Postgres and two on one Postgres (durable run queue), each with a fresh store. Measures runs
// per minute, `GET /runs/{id}` latency while the runs execute, SSE delivery latency (on the
// instance that did not take the POST when there are two), and the service's RSS with 50 runs
// posted at once against one run slot per core.
// Run: flock /tmp/bench.lock npm run bench:research-scale [-- --runs=24 --rss-runs=50 --help]
// Writes bench/results/research-scale.json (git-ignored).
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { summarize } from './lib/stats.ts';
import {
  nowMs,
  startGetLoop,
  statusKb,
  subscribe,
  type SseResult,
} from './research-scale/clients.ts';
import {
  cpuBetween,
  cpuNow,
  freshDatabase,
  isStopping,
  launch,
  request,
  startCluster,
  stopAll,
  stopEverything,
  stopFleet,
  waitForQuiet,
  waitForRuns,
  type Instance,
  type Snapshot,
} from './research-scale/fleet.ts';
import { outputPath, parseBenchArgs } from './lib/cli.ts';
import { printScaleTables } from './research-scale/report.ts';

const here = dirname(fileURLToPath(import.meta.url));
const USAGE = `flock /tmp/bench.lock npm run bench:research-scale -- [options]
  --runs <n>              runs posted per configuration (default 24)
  --users <n>             users the runs are spread over (default 3)
  --get-concurrency <n>   concurrent GET /runs/{id} clients while runs execute (default 20; 0: no GET load)
  --get-rate <n>          GET requests per second in all (default 100; 0: as fast as answers come)
  --sse-runs <n>          runs followed over SSE (default 6)
  --rss-runs <n>          runs posted at once for the RSS part (default 50)
  --only <parts>          throughput,rss (default both)
  --max-active-runs <n>   RESEARCH_MAX_ACTIVE_RUNS of each instance (default: the service's)
  --poll-ms <ms>          how often progress is polled with GET /runs (default 1000)
  --quiet-wait-s <s>      before each configuration, wait up to this long for the machine to calm (default 10)
  --out <file>            results JSON, absolute or from the current directory (default bench/results/research-scale.json)
  --help                  this text`;
const { values: opts } = parseBenchArgs(USAGE, {
  options: {
    runs: { type: 'string', default: '24' },
    users: { type: 'string', default: '3' },
    'get-concurrency': { type: 'string', default: '20' },
    'get-rate': { type: 'string', default: '100' },
    'sse-runs': { type: 'string', default: '6' },
    'rss-runs': { type: 'string', default: '50' },
    only: { type: 'string', default: 'throughput,rss' },
    /** RESEARCH_MAX_ACTIVE_RUNS of each instance in the throughput part (default: the service's). */
    'max-active-runs': { type: 'string', default: '' },
    /** How often progress is polled with `GET /runs` (on Postgres each pending run in it reads the queue). */
    'poll-ms': { type: 'string', default: '1000' },
    'quiet-wait-s': { type: 'string', default: '10' },
    out: { type: 'string', default: join(here, 'results', 'research-scale.json') },
  },
});
const RUNS = Math.max(1, Math.min(200, Number(opts.runs)));
const USERS = Array.from(
  { length: Math.max(1, Math.min(10, Number(opts.users))) },
  (_, i) => `user${i + 1}`,
);
const GET_CONCURRENCY = Math.max(0, Math.min(200, Number(opts['get-concurrency'])));
const GET_RATE = Math.max(0, Number(opts['get-rate']));
const SSE_RUNS = Math.max(0, Math.min(RUNS, Number(opts['sse-runs'])));
const RSS_RUNS = Math.max(5, Math.min(200, Number(opts['rss-runs'])));
const POLL_MS = Math.max(100, Math.min(5000, Number(opts['poll-ms'])));
const CORES = availableParallelism();
const parts = new Set(opts.only.split(','));
/** The longest a batch of runs may take before the benchmark gives up on it. */
const BATCH_LIMIT_MS = 180_000;
/** Everything stops after this, whatever state it is in. */
const TOTAL_LIMIT_MS = 9 * 60_000;

const hardStop = setTimeout(() => {
  console.error(`research-scale: still running after ${TOTAL_LIMIT_MS / 60_000} min; stopping`);
  void stopEverything(2);
}, TOTAL_LIMIT_MS);
hardStop.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void stopEverything(130));

interface Config {
  key: 'sqlite-1' | 'postgres-1' | 'postgres-2';
  label: string;
  instances: number;
  postgres: boolean;
}
const CONFIGS: Config[] = [
  { key: 'sqlite-1', label: '1 instance, SQLite', instances: 1, postgres: false },
  { key: 'postgres-1', label: '1 instance, Postgres', instances: 1, postgres: true },
  { key: 'postgres-2', label: '2 instances, Postgres', instances: 2, postgres: true },
];

/** A worker's run slots in use, from its Prometheus text. */
function runSlotsInUse(metrics: string): number {
  const match = /^research_slots_in_use\{[^}]*kind="run"[^}]*\}\s+(\S+)/m.exec(metrics);
  return match ? Number(match[1]) : 0;
}

const topic = (i: number) => `soil microbes and drought tolerance, variant ${i}`;
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
const lastUpdate = (runs: Snapshot[]) => Math.max(...runs.map((r) => Date.parse(r.updated_at)));
const runSeconds = (r: Snapshot) => (Date.parse(r.updated_at) - Date.parse(r.started_at)) / 1000;

async function throughput(config: Config) {
  const db = config.postgres
    ? await freshDatabase(`scale_${config.key.replace('-', '_')}`)
    : undefined;
  const env: Record<string, string> = {
    RESEARCH_PAUSE_AFTER: '',
    ...(opts['max-active-runs'] ? { RESEARCH_MAX_ACTIVE_RUNS: opts['max-active-runs'] } : {}),
    ...(db ? { RESEARCH_DATABASE_URL: db.url, RESEARCH_ROLE: 'all' } : {}),
  };
  // One after the other: the first migrates the fresh database.
  const instances: Instance[] = [];
  for (let i = 0; i < config.instances; i++)
    instances.push(await launch(`${config.key}-${i}`, env));
  const apis = instances.map((i) => i.api);
  try {
    for (const user_id of [...USERS, 'warmup'])
      await request('POST', `${apis[0]}/users`, { user_id });
    // One run through each instance first, so the measured runs do not pay for cold code.
    const warm = await Promise.all(
      apis.map((api, i) =>
        request<{ run_id: string }>('POST', `${api}/runs`, { user_id: 'warmup', topic: topic(-i) }),
      ),
    );
    await waitForRuns(apis, new Set(warm.map((r) => r.run_id)), 60_000, 100);

    const quiet = await waitForQuiet(Number(opts['quiet-wait-s']));
    const load = loadavg()[0]!;
    const cpu0 = cpuNow(instances);
    const posted: string[] = [];
    const getLoop = startGetLoop({
      apis,
      runIds: () => posted,
      concurrency: GET_CONCURRENCY,
      ratePerSecond: GET_RATE,
    });
    const streams: Promise<SseResult>[] = [];
    const sseEvery = SSE_RUNS > 0 ? Math.max(1, Math.floor(RUNS / SSE_RUNS)) : Infinity;
    const postMs: number[] = [];
    const t0 = nowMs();
    for (let i = 0; i < RUNS; i++) {
      const to = i % apis.length;
      const before = nowMs();
      const run = await request<{ run_id: string }>('POST', `${apis[to]}/runs`, {
        user_id: USERS[i % USERS.length],
        topic: topic(i),
      });
      postMs.push(nowMs() - before);
      posted.push(run.run_id);
      if (i % sseEvery === 0 && streams.length < SSE_RUNS) {
        // On the other instance, when there is one: its events reach it through Postgres.
        const other = apis[(to + 1) % apis.length]!;
        streams.push(subscribe(other, run.run_id, BATCH_LIMIT_MS + 10_000));
      }
    }
    const postedMs = nowMs() - t0;
    // Whether each instance executed runs (sampled at every poll).
    const mostExecuting = apis.map(() => 0);
    const done = await waitForRuns(apis, new Set(posted), BATCH_LIMIT_MS, POLL_MS, async () => {
      for (const [i, api] of apis.entries()) {
        const metrics = await fetch(`${api}/metrics`).then((r) => r.text());
        mostExecuting[i] = Math.max(mostExecuting[i]!, runSlotsInUse(metrics));
      }
    });
    const cpu1 = cpuNow(instances);
    const get = await getLoop.stop();
    const sse = await Promise.all(streams);
    // Until the last run ended by the service's clock (the same clock), not the poll's.
    const wallMs = lastUpdate(done.runs) - t0;
    const completed = done.runs.filter((r) => r.status === 'completed');
    const failed = done.runs.filter((r) => r.status === 'failed');
    const serverSpanMs =
      Math.max(...done.runs.map((r) => Date.parse(r.updated_at))) -
      Math.min(...done.runs.map((r) => Date.parse(r.started_at)));
    const getSummary = summarize(get.latenciesMs);
    const sseSummary = summarize(sse.flatMap((s) => s.liveLatenciesMs));
    return {
      config: config.key,
      label: config.label,
      instances: config.instances,
      postgresVersion: db?.version,
      quietWait: quiet,
      loadBefore: round(load, 2),
      loadAfter: round(loadavg()[0]!, 2),
      runs: RUNS,
      completed: completed.length,
      failed: failed.length,
      failures: failed.map((r) => r.error),
      timedOut: done.timedOut,
      postedMs: round(postedMs),
      wallMs: round(wallMs),
      observedMs: round(done.endedAt - t0),
      runsPerMinute: round(completed.length / (wallMs / 60_000), 1),
      serverSpanMs,
      runSeconds: summarize(done.runs.map(runSeconds)),
      mostExecutingPerInstance: mostExecuting,
      post: summarize(postMs),
      get: {
        ...getSummary,
        byRunStatus: Object.fromEntries(
          Object.entries(get.byRunStatus).map(([status, values]) => [status, summarize(values)]),
        ),
        ratePerSecond: round(get.latenciesMs.length / (get.wallMs / 1000)),
        slow: get.slow.map((g) => ({
          ...g,
          atMs: round(g.atMs, 0),
          latencyMs: round(g.latencyMs),
        })),
        errors: get.errors,
      },
      sse: {
        ...sseSummary,
        streams: sse.length,
        ended: sse.filter((s) => s.ended).length,
        seqGaps: sse.filter((s) => s.seqGap).length,
        replayedNotTimed: sse.reduce((n, s) => n + s.replayed, 0),
      },
      cpuPercentOfOneCore: cpuBetween(cpu0, cpu1),
    };
  } finally {
    await stopAll(instances);
  }
}

async function rss(postgres: boolean) {
  const db = postgres ? await freshDatabase('scale_rss') : undefined;
  const instance = await launch(postgres ? 'rss-postgres' : 'rss-sqlite', {
    RESEARCH_PAUSE_AFTER: '',
    RESEARCH_MAX_ACTIVE_RUNS: String(CORES),
    ...(db ? { RESEARCH_DATABASE_URL: db.url } : {}),
  });
  try {
    for (const user_id of USERS) await request('POST', `${instance.api}/users`, { user_id });
    await sleep(1000);
    const idleKb = statusKb(instance.pid, 'VmRSS');
    const samples: { t: number; kb: number; completed: number }[] = [];
    let completed = 0;
    const sampler = setInterval(
      () => samples.push({ t: nowMs(), kb: statusKb(instance.pid, 'VmRSS'), completed }),
      200,
    );
    const load = loadavg()[0]!;
    const cpu0 = cpuNow([instance]);
    const t0 = nowMs();
    const posted = await Promise.all(
      Array.from({ length: RSS_RUNS }, (_, i) =>
        request<{ run_id: string }>('POST', `${instance.api}/runs`, {
          user_id: USERS[i % USERS.length],
          topic: topic(i),
        }),
      ),
    );
    const postedMs = nowMs() - t0;
    const afterPostingKb = statusKb(instance.pid, 'VmRSS');
    let mostExecuting = 0;
    /** RSS when the count of completed runs first reached each milestone. */
    const milestones = [5, 10, 25, 40, RSS_RUNS].filter(
      (m, i, all) => m <= RSS_RUNS && all.indexOf(m) === i,
    );
    const atMilestone: Record<number, number> = {};
    const done = await waitForRuns(
      [instance.api],
      new Set(posted.map((r) => r.run_id)),
      BATCH_LIMIT_MS,
      POLL_MS,
      async (runs) => {
        completed = runs.filter((r) => r.status === 'completed').length;
        const kb = statusKb(instance.pid, 'VmRSS');
        for (const m of milestones)
          if (completed >= m && atMilestone[m] === undefined) atMilestone[m] = kb;
        const metrics = await fetch(`${instance.api}/metrics`).then((r) => r.text());
        mostExecuting = Math.max(mostExecuting, runSlotsInUse(metrics));
      },
    );
    clearInterval(sampler);
    const cpu1 = cpuNow([instance]);
    const peakSample = samples.reduce((a, b) => (b.kb > a.kb ? b : a), {
      t: t0,
      kb: 0,
      completed: 0,
    });
    const after5 = atMilestone[5] ?? Number.NaN;
    const wallMs = lastUpdate(done.runs) - t0;
    const ok = done.runs.filter((r) => r.status === 'completed').length;
    const secondHalf = samples.filter((s) => s.completed >= RSS_RUNS / 2);
    const firstHalf = samples.filter((s) => s.completed >= 5 && s.completed < RSS_RUNS / 2);
    const maxKb = (xs: { kb: number }[]) => Math.max(...xs.map((s) => s.kb));
    return {
      store: postgres ? 'postgres' : 'sqlite',
      maxActiveRuns: CORES,
      runs: RSS_RUNS,
      completed: ok,
      failed: done.runs.filter((r) => r.status === 'failed').length,
      timedOut: done.timedOut,
      mostExecuting,
      postedMs: round(postedMs),
      wallMs: round(wallMs),
      runsPerMinute: round(ok / (wallMs / 60_000), 1),
      loadBefore: round(load, 2),
      loadAfter: round(loadavg()[0]!, 2),
      rssMiB: {
        idle: round(idleKb / 1024),
        afterPosting: round(afterPostingKb / 1024),
        afterCompleted: Object.fromEntries(
          Object.entries(atMilestone).map(([m, kb]) => [m, round(kb / 1024)]),
        ),
        peakSampled: round(peakSample.kb / 1024),
        peakSampledWhenCompleted: peakSample.completed,
        highWaterMark: round(statusKb(instance.pid, 'VmHWM') / 1024),
        end: round(statusKb(instance.pid, 'VmRSS') / 1024),
        maxFrom5ToHalf: firstHalf.length > 0 ? round(maxKb(firstHalf) / 1024) : Number.NaN,
        maxFromHalfToEnd: secondHalf.length > 0 ? round(maxKb(secondHalf) / 1024) : Number.NaN,
      },
      peakOverAfter5: round(peakSample.kb / after5, 2),
      samples: samples.map((s) => [round(s.t - t0, 0), s.kb, s.completed]),
      cpuPercentOfOneCore: cpuBetween(cpu0, cpu1),
    };
  } finally {
    await stopAll([instance]);
  }
}

export type ThroughputResult = Awaited<ReturnType<typeof throughput>>;
export type RssResult = Awaited<ReturnType<typeof rss>>;
export interface ScaleResults {
  throughput: ThroughputResult[];
  rss: RssResult[];
}

async function main() {
  const began = new Date();
  const t0 = nowMs();
  console.log(
    `research-scale: ${RUNS} runs from ${USERS.length} users per configuration, GET ${GET_CONCURRENCY} in flight at ≤ ${GET_RATE || '∞'}/s, ` +
      `SSE on ${SSE_RUNS} runs, progress polled every ${POLL_MS} ms; RSS: ${RSS_RUNS} runs against ${CORES} run slots; ${began.toISOString()}, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  await startCluster();
  const results: ScaleResults = { throughput: [], rss: [] };
  try {
    if (parts.has('throughput'))
      for (const config of CONFIGS) {
        const r = await throughput(config);
        results.throughput.push(r);
        console.log(
          `  ${r.label}: ${r.completed}/${r.runs} completed (${r.failed} failed) in ${(r.wallMs / 1000).toFixed(1)} s, ` +
            `${r.runsPerMinute} runs/min; GET p99 ${r.get.p99.toFixed(1)} ms; SSE p99 ${r.sse.p99.toFixed(1)} ms; ` +
            `others ${r.cpuPercentOfOneCore.others} % of a core`,
        );
      }
    if (parts.has('rss'))
      for (const postgres of [false, true]) {
        const r = await rss(postgres);
        results.rss.push(r);
        console.log(
          `  RSS ${r.store}: ${r.completed}/${r.runs} completed, peak ${r.rssMiB.peakSampled} MiB, after 5 runs ${r.rssMiB.afterCompleted[5]} MiB`,
        );
      }
  } finally {
    await stopFleet();
  }

  const totalS = round((nowMs() - t0) / 1000, 0);
  console.log(
    `\nTook ${totalS} s; load after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  printScaleTables(results);

  const out = {
    date: began.toISOString(),
    tookSeconds: totalS,
    machine: {
      cores: CORES,
      cpu: cpus()[0]?.model,
      memoryGiB: round(totalmem() / 2 ** 30),
      kernel: release(),
      node: process.version,
    },
    options: {
      runs: RUNS,
      users: USERS.length,
      getConcurrency: GET_CONCURRENCY,
      getRate: GET_RATE,
      sseRuns: SSE_RUNS,
      rssRuns: RSS_RUNS,
      pollMs: POLL_MS,
      maxActiveRuns: opts['max-active-runs'] || `service default (${CORES})`,
    },
    ...results,
  };
  const outFile = outputPath(opts.out);
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(out, null, 2) + '\n');
  console.log(`\nWrote ${outFile}`);
  const bad =
    results.throughput.some((r) => r.failed > 0 || r.timedOut || r.get.errors > 0) ||
    results.rss.some((r) => r.failed > 0 || r.timedOut || r.mostExecuting > CORES);
  if (bad) {
    console.error(
      'research-scale: a run failed, timed out, a GET failed or the slot limit was passed',
    );
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (err) {
  if (!isStopping()) throw err; // else a signal is stopping everything, which fails what was running
}
