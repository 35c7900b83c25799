// The research pipeline against a chaos model (issue 12): N seeded runs through the real
// service, each a child process whose OpenAI-compatible LLM is a chaos server that spoils
// answers with JSON, transport, code and LaTeX faults at realistic rates. Each run is audited
// from outside (HTTP API and run directory) for the guarantees in docs/reliability.md.
// Run: npm run bench:research-chaos [-- --runs=100 --seed=1 --concurrency=3 --help]
// Writes bench/results/research-chaos.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { InjectedFault } from '@hikma/llm/testing';
import {
  auditRun,
  REALISTIC_RATES,
  startResearchChaosServer,
  type RunAudit,
} from '../packages/research/src/testing/chaos/index.ts';
import { ServiceProcess } from './research-chaos/service-process.ts';
import { faultTable, runBound, type RunOutcome } from './research-chaos/report.ts';
import { parseBenchArgs } from './lib/cli.ts';

const here = dirname(fileURLToPath(import.meta.url));
const USAGE = `npm run bench:research-chaos -- [options]
  --runs <n>          seeded runs through the real service (default 100)
  --seed <n>          first seed; run i uses seed + i (default 1)
  --concurrency <n>   runs at a time, 1-4 (default 3)
  --keep-data         keep each run's data directory
  --help              this text
Writes bench/results/research-chaos.json.`;
const { values: opts } = parseBenchArgs(USAGE, {
  options: {
    runs: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '3' },
    'keep-data': { type: 'boolean', default: false },
  },
});
const runs = Number(opts.runs);
const seed = Number(opts.seed);
const concurrency = Math.max(1, Math.min(4, Number(opts.concurrency)));

/** Short limits, so a fault costs seconds: the bound below follows from them. */
const LIMITS = {
  llmTimeoutMs: 2_000,
  llmMaxRetries: 2,
  stallMs: 90_000,
  sandboxTimeoutMs: 5_000,
  maxCodeAttempts: 3,
  latexTimeoutMs: 30_000,
  runTimeoutMs: 180_000,
};
const bound = runBound(LIMITS);
/** A run not finished this long after it started is a hang. */
const HANG_MS = LIMITS.runTimeoutMs + 30_000;

const SERVICE_ENV = {
  RESEARCH_LLM_MODEL: 'chaos',
  RESEARCH_LLM_TIMEOUT_MS: String(LIMITS.llmTimeoutMs),
  RESEARCH_LLM_MAX_RETRIES: String(LIMITS.llmMaxRetries),
  RESEARCH_SANDBOX_TIMEOUT_MS: String(LIMITS.sandboxTimeoutMs),
  RESEARCH_MAX_CODE_ATTEMPTS: String(LIMITS.maxCodeAttempts),
  RESEARCH_LATEX_TIMEOUT_MS: String(LIMITS.latexTimeoutMs),
  RESEARCH_RUN_TIMEOUT_MS: String(LIMITS.runTimeoutMs),
  RESEARCH_PAUSE_AFTER: '',
};

async function postJson(url: string, body: unknown): Promise<{ run_id: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { run_id: string };
}

/** Polls the run until it ends or HANG_MS passes; true when it ended. */
async function waitForEnd(service: ServiceProcess, runId: string): Promise<boolean> {
  const deadline = Date.now() + HANG_MS;
  while (Date.now() < deadline) {
    await sleep(250);
    if (!service.alive) return false;
    const res = await fetch(`${service.api}/runs/${runId}`).catch(() => null);
    const status = res?.ok ? ((await res.json()) as { status: string }).status : null;
    if (status === 'completed' || status === 'failed') return true;
  }
  return false;
}

const queue = Array.from({ length: runs }, (_, i) => i);
const outcomes: RunOutcome[] = [];
const services: ServiceProcess[] = [];
const started = Date.now();

async function worker(w: number): Promise<void> {
  const server = await startResearchChaosServer({
    seed: seed * 1000 + w,
    rates: REALISTIC_RATES,
    stallMs: LIMITS.stallMs,
  });
  const service = new ServiceProcess({ ...SERVICE_ENV, RESEARCH_LLM_BASE_URL: server.baseURL });
  services.push(service);
  try {
    await service.start();
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      await service.ensureRunning();
      await postJson(`${service.api}/users`, { user_id: `bench${w}`, domain: 'ecology' });
      const from = server.injected.length;
      const t0 = Date.now();
      const run = await postJson(`${service.api}/runs`, {
        user_id: `bench${w}`,
        topic: `pollinator visits under chaos ${i}`,
        pause_after: [],
      });
      const ended = await waitForEnd(service, run.run_id);
      const ms = Date.now() - t0;
      const crashed = !service.alive;
      let audit: RunAudit | null = null;
      if (ended) audit = await auditRun(service.api, run.run_id);
      const faults: InjectedFault[] = server.injected.slice(from);
      outcomes.push({ index: i, ms, hang: !ended && !crashed, crashed, audit, faults });
      const mark = audit?.completedWithPdf ? '.' : audit?.failedCleanly ? 'f' : '!';
      process.stdout.write(mark);
    }
  } finally {
    await service.stop();
    await server.close();
  }
}

await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
process.stdout.write('\n');
const wallMs = Date.now() - started;

const audits = outcomes.flatMap((o) => (o.audit ? [o.audit] : []));
const completed = audits.filter((a) => a.completedWithPdf);
const failedCleanly = audits.filter((a) => a.failedCleanly);
const other = audits.filter((a) => !a.completedWithPdf && !a.failedCleanly);
const hangs = outcomes.filter((o) => o.hang).length;
const crashes = services.reduce((n, s) => n + s.crashes, 0);
const sum = (pick: (a: RunAudit) => unknown[]) => audits.reduce((n, a) => n + pick(a).length, 0);
const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
const pct = (n: number) => ((100 * n) / runs).toFixed(1);

const lines = [
  `${runs} runs, seed ${seed}, concurrency ${concurrency}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${(wallMs / 1000).toFixed(0)} s`,
  `bound per run: ${(bound.componentsMs / 1000).toFixed(0)} s from the limits (${bound.formula}); the engine stops a run at ${LIMITS.runTimeoutMs / 1000} s; a hang is a run not ended after ${HANG_MS / 1000} s`,
  `completed with a compiled PDF: ${completed.length}/${runs} (${pct(completed.length)} %)`,
  `failed cleanly (error names the stage and the cause): ${failedCleanly.length}`,
  ...failedCleanly.map((a) => `  - ${a.error}`),
  `other endings (completed without a PDF, or an error without a stage): ${other.length}`,
  ...other.map((a) => `  - ${a.status}: ${a.error ?? a.compileError}`),
  `hangs: ${hangs}   service crashes: ${crashes}`,
  `numbers in a paper not in the executed results: ${sum((a) => a.unsupportedNumbers)}`,
  `\\cite keys missing from refs.bib: ${sum((a) => a.missingCiteKeys)}`,
  `files TeX opened outside the run: ${sum((a) => a.readsOutside)}`,
  `run wall time: p50 ${((times[Math.floor(times.length / 2)] ?? 0) / 1000).toFixed(1)} s, max ${((times.at(-1) ?? 0) / 1000).toFixed(1)} s`,
  '',
  ...faultTable(outcomes),
];
console.log(lines.join('\n'));

const resultsDir = join(here, 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, 'research-chaos.json'),
  JSON.stringify(
    { runs, seed, concurrency, limits: LIMITS, rates: REALISTIC_RATES, outcomes },
    null,
    1,
  ),
);
if (!opts['keep-data'])
  for (const s of services) rmSync(s.dataDir, { recursive: true, force: true });
process.exit(hangs + crashes > 0 ? 1 : 0);
