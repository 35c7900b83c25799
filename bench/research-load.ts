// Load benchmark of the research service (issue 7): SSE fan-out to 1,000 subscribers
// against a bare node:http baseline, audit-trail write throughput, GET /runs/{id} under 200
// concurrent clients, and a full offline run split by stage. Every server, client and
// measurement runs in its own child process; traffic stays on 127.0.0.1.
// Run: npm run bench:research [-- --only=sse,get,audit,run --subscribers=1000 --cpu-prof]
//      [--out <dir>] [--help]
// Writes bench/results/research-load.json and bench/results/research-sse.svg; a partial or
// --cpu-prof run writes research-load-<parts>[-profile].json (and profiles/<process>/).
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Child, type CommandMap } from './research-load/ipc.ts';
import type { AuditCommands, LoadReport, TargetResult } from './research-load/protocol.ts';
import { summarizeProfile, type ProfileSummary } from './research-load/profile.ts';
import { sseChartSvg } from './research-load/chart.ts';
import { printLoadReport, ratio } from './research-load/report.ts';
import type { OfflineRunResult } from './research-run.ts';
import { outputPath, parseBenchArgs } from './lib/cli.ts';
import { PROFILED_FUNCTIONS, Side, type SideOptions } from './research-load/side.ts';

const here = dirname(fileURLToPath(import.meta.url));
const TOTAL_LIMIT_MS = 5 * 60_000;
const P99_TARGET_MS = 50;
const AUDIT_TARGET_PER_SEC = 20_000;

const USAGE = `npm run bench:research -- [options]
  --only <parts>          which parts to run: sse,get,audit,run (default all four; a partial
                          run writes research-load-<parts>.json and no chart)
  --subscribers <n>       SSE subscribers per server (default 1000)
  --rates <list>          events per second, one step each (default 10,25,50,100)
  --step-seconds <s>      length of each rate step (default 4)
  --get-concurrency <n>   concurrent GET /runs/{id} clients (default 200)
  --get-seconds <s>       length of the GET measurement (default 10)
  --audit-events <n>      audit-trail events written (default 100000)
  --runs <n>              full offline runs, split by stage (default 3)
  --young-mb <MiB>        fixed V8 young generation of both servers (default 16; 0 = V8's own)
  --cpu-prof              profile the servers and the audit writer (writes research-load-*-profile.json)
  --out <dir>             results directory, absolute or from the current one (default bench/results)
  --help                  this text
Every loop is bounded; the whole benchmark stops after ${TOTAL_LIMIT_MS / 60_000} minutes. Traffic stays on 127.0.0.1.`;

const { values: opts } = parseBenchArgs(USAGE, {
  options: {
    only: { type: 'string', default: 'sse,get,audit,run' },
    subscribers: { type: 'string', default: '1000' },
    rates: { type: 'string', default: '10,25,50,100' },
    'step-seconds': { type: 'string', default: '4' },
    'get-concurrency': { type: 'string', default: '200' },
    'get-seconds': { type: 'string', default: '10' },
    'audit-events': { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'cpu-prof': { type: 'boolean', default: false },
    out: { type: 'string', default: join(here, 'results') },
    'young-mb': { type: 'string', default: '16' },
  },
});
const resultsDir = outputPath(opts.out);
const profileDir = join(resultsDir, 'profiles');
const only = new Set(opts.only.split(','));
const subscriberCount = Number(opts.subscribers);
const rates = opts.rates.split(',').map(Number);
const stepSeconds = Number(opts['step-seconds']);
const getConcurrency = Number(opts['get-concurrency']);
const getSeconds = Number(opts['get-seconds']);
const cpuProf = opts['cpu-prof'];
// V8 grows and shrinks the young generation (up to 3 x 16 MiB) with allocation pressure,
// which would swamp a 1,000-subscriber RSS delta: both servers get a fixed one.
const youngMb = Number(opts['young-mb']);
const youngGeneration =
  youngMb > 0 ? [`--min-semi-space-size=${youngMb}`, `--max-semi-space-size=${youngMb}`] : [];
// A profiled or partial run goes to a file of its own (and makes no chart), so it does not
// replace the figures of the last full run.
const partial = ['sse', 'get', 'audit', 'run'].some((part) => !only.has(part));
const outName = `research-load${partial ? `-${[...only].join('-')}` : ''}${cpuProf ? '-profile' : ''}`;

// Bounded: whatever hangs, the children are killed and the benchmark stops.
const children = new Set<{ process: { kill(signal?: NodeJS.Signals): boolean } }>();
const watchdog = setTimeout(() => {
  console.error(`benchmark exceeded ${TOTAL_LIMIT_MS / 60_000} minutes: stopping`);
  for (const child of children) child.process.kill('SIGKILL');
  process.exit(1);
}, TOTAL_LIMIT_MS);

async function child<C extends CommandMap>(
  name: string,
  script: string,
  execArgv: string[] = [],
): Promise<Child<C>> {
  const handle = await Child.start<C>(name, join(here, 'research-load', script), { execArgv });
  children.add(handle);
  handle.process.once('exit', () => children.delete(handle));
  return handle;
}

// One directory per process: tsx's module loader runs in a worker thread of its own, and
// --cpu-prof writes one profile per thread.
const profArgs = (name: string) =>
  cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name)}`] : [];

/**
 * The main thread's profile of a process: the busiest one in its directory (the loader
 * thread's profile can be the larger file, with more distinct functions in it).
 */
function mainProfile(name: string, interesting: string[]): ProfileSummary {
  const dir = join(profileDir, name);
  const summaries = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => summarizeProfile(join(dir, f), interesting))
    .sort((a, b) => b.busyMs - a.busyMs);
  if (!summaries[0]) throw new Error(`no profile in ${dir}`);
  return summaries[0];
}

function loadNow(): { load1: number; load5: number; load15: number } {
  const [load1 = 0, load5 = 0, load15 = 0] = loadavg();
  return { load1, load5, load15 };
}

// ---------------------------------------------------------------------------------------
// SSE fan-out and GET /runs/{id}: the service and the baseline side by side, their steps
// interleaved, so a change in the machine's background load hits both alike.

const sideOptions: SideOptions = {
  spawn: child,
  serverArgs: (target) => [...youngGeneration, ...profArgs(`research-${target}`)],
  subscribers: subscriberCount,
  stepSeconds,
  getConcurrency,
  getSeconds,
  profile: cpuProf ? (target) => mainProfile(`research-${target}`, PROFILED_FUNCTIONS) : undefined,
};

async function runServers(): Promise<{ service: TargetResult; baseline: TargetResult }> {
  const service = await Side.start('service', sideOptions);
  // The same run id, so both servers' messages have the same size.
  const baseline = await Side.start('baseline', sideOptions, service.runId);
  const sides = [service, baseline];
  try {
    if (only.has('sse')) {
      for (const side of sides) await side.connect();
      for (const side of sides) await side.warmUp();
      // Alternating who goes first, so neither always runs right after the other.
      for (const [i, rate] of rates.entries())
        for (const side of i % 2 === 0 ? sides : [...sides].reverse()) await side.step(rate);
      for (const side of sides) await side.finish();
    }
    if (only.has('get')) {
      const snapshot = await fetch(service.base + service.ready.getPath).then((r) => r.text());
      await baseline.server.call('snapshot', { json: snapshot });
      for (const side of sides) await side.hammer();
    }
  } finally {
    for (const side of sides) await side.stop();
  }
  return { service: service.result, baseline: baseline.result };
}

// ---------------------------------------------------------------------------------------
// Audit trail and offline run

async function runAudit() {
  const audit = await child<AuditCommands>('audit', 'audit.ts', profArgs('research-audit'));
  let result: AuditCommands['run']['result'];
  try {
    result = await audit.call(
      'run',
      { maxEvents: Number(opts['audit-events']), maxMs: 3000 },
      60_000,
    );
  } finally {
    await audit.stop();
  }
  const profile = cpuProf
    ? mainProfile('research-audit', [
        'append',
        'emit',
        'flush',
        'checkpoint',
        'narrate',
        'stringify',
        'nowIso',
        'syntheticPayload',
      ])
    : undefined;
  return { ...result, profile };
}

async function runOffline(): Promise<OfflineRunResult> {
  const proc = fork(join(here, 'research-run.ts'), [opts.runs], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const handle = { process: proc };
  children.add(handle);
  try {
    return await new Promise<OfflineRunResult>((resolve, reject) => {
      proc.on('message', (m: { type: string; result: OfflineRunResult }) => {
        if (m.type === 'result') resolve(m.result);
      });
      proc.on('exit', (code) => reject(new Error(`research-run exited (${code})`)));
    });
  } finally {
    children.delete(handle);
  }
}

// ---------------------------------------------------------------------------------------
// Main: run the parts asked for, write the results, print the tables

const machine = {
  cores: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  ramGiB: totalmem() / 1024 ** 3,
  node: process.version,
  kernel: release(),
};
console.log(
  `machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.ramGiB.toFixed(1)} GiB RAM, Node ${machine.node}`,
);
const loadBefore = loadNow();
console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const startedAt = new Date().toISOString();
mkdirSync(resultsDir, { recursive: true });
if (cpuProf) {
  for (const name of ['research-service', 'research-baseline', 'research-audit'])
    rmSync(join(profileDir, name), { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
}

let service: TargetResult | undefined;
let baseline: TargetResult | undefined;
let audit: Awaited<ReturnType<typeof runAudit>> | undefined;
let offline: OfflineRunResult | undefined;
if (only.has('sse') || only.has('get')) {
  console.log(
    `SSE fan-out (${subscriberCount} subscribers) and GET /runs/{id}: the service and the bare node:http baseline`,
  );
  ({ service, baseline } = await runServers());
}
if (only.has('audit')) {
  console.log('audit trail write throughput');
  audit = await runAudit();
}
if (only.has('run')) {
  console.log('full offline run');
  offline = await runOffline();
}
const loadAfter = loadNow();
clearTimeout(watchdog);

const output: LoadReport = {
  startedAt,
  machine,
  load: { before: loadBefore, after: loadAfter },
  options: {
    subscribers: subscriberCount,
    rates,
    stepSeconds,
    getConcurrency,
    getSeconds,
    cpuProf,
    youngMb,
  },
  targets: { sseP99Ms: P99_TARGET_MS, auditPerSec: AUDIT_TARGET_PER_SEC },
  sse:
    service && baseline
      ? {
          rssPerSubscriberRatio: ratio(service.rssPerSubscriberKiB, baseline.rssPerSubscriberKiB),
          heapPerSubscriberRatio: ratio(
            service.heapPerSubscriberKiB,
            baseline.heapPerSubscriberKiB,
          ),
          p99Ratios: service.steps.map((s) => ({
            step: s.step,
            ratio: ratio(
              s.client.latencyMs.p99,
              baseline.steps.find((b) => b.step === s.step)?.client.latencyMs.p99,
            ),
          })),
        }
      : null,
  service: service ?? null,
  baseline: baseline ?? null,
  audit: audit ?? null,
  offlineRun: offline ?? null,
};
writeFileSync(join(resultsDir, `${outName}.json`), `${JSON.stringify(output, null, 2)}\n`);

printLoadReport(output);
const chart = Boolean(service && baseline && !cpuProf && !partial);
if (chart) writeFileSync(join(resultsDir, 'research-sse.svg'), sseChartSvg(output));
console.log('');
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )}; wrote ${join(resultsDir, `${outName}.json`)}${chart ? ' and research-sse.svg' : ''}`,
);
