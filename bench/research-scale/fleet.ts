// The research services a scale benchmark runs, and how it measures them: launching and
// stopping instances, a fresh Postgres database each, the CPU of each part between two
// readings, a quiet machine before measuring, and polling runs to their end.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startPostgres, type TestPostgres } from '../../packages/research/src/testing/postgres.ts';
import {
  startResearchProcess,
  type ResearchProcess as Instance,
} from '../../packages/research/src/testing/service-process.ts';
import { clockTicksPerSecond, machineCpuTicks } from '../lib/proc-stats.ts';
import { nowMs, treeCpuMs } from './clients.ts';

export type { Instance };

export interface Snapshot {
  run_id: string;
  status: string;
  started_at: string;
  updated_at: string;
  error: string | null;
}

/** The service instances running now. */
export const started = new Set<Instance>();
let cluster: TestPostgres | undefined;
let stopping = false;

/** True once a signal or the time limit is stopping everything. */
export const isStopping = () => stopping;

/** Starts the benchmark's Postgres cluster. */
export async function startCluster(): Promise<void> {
  cluster = await startPostgres();
}

/** Stops every instance still running, then the cluster. */
export async function stopFleet(): Promise<void> {
  await stopAll([...started]);
  await cluster?.stop();
}

/** Stops the services and the cluster, then exits (at most 20 s later, whatever happens). */
export async function stopEverything(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 20_000).unref();
  await Promise.allSettled([...started].map((i) => i.stop()));
  await cluster?.stop().catch(() => {}); // on Ctrl-C, Postgres has had the signal too
  process.exit(code);
}
export async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function launch(name: string, env: Record<string, string>): Promise<Instance> {
  const instance = await startResearchProcess({ name, env, ready: 'readyz' });
  started.add(instance);
  return instance;
}

export async function stopAll(instances: Instance[]): Promise<void> {
  await Promise.all(instances.map((i) => i.stop()));
  for (const i of instances) started.delete(i);
}

/** A fresh database of the benchmark's cluster; its URL and the server's version. */
export async function freshDatabase(name: string): Promise<{ url: string; version: string }> {
  const client = new pg.Client({ connectionString: cluster!.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return { url: cluster!.urlOf(name), version: rows[0]?.server_version ?? '?' };
  } finally {
    await client.end();
  }
}

function postmasterPid(): number | undefined {
  if (!cluster) return undefined;
  return Number(readFileSync(join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** CPU (ms) used so far by the services' trees, Postgres, this process and the whole machine. */
export function cpuNow(instances: Instance[]) {
  const machine = machineCpuTicks();
  const pid = postmasterPid();
  const self = process.cpuUsage();
  return {
    at: nowMs(),
    services: treeCpuMs(instances.map((i) => i.pid)),
    postgres: pid === undefined ? 0 : treeCpuMs([pid]),
    bench: (self.user + self.system) / 1000,
    machine: (machine.busy * 1000) / clockTicksPerSecond(),
  };
}

/** CPU of each part between two readings, in % of one core; `others` is everyone else. */
export function cpuBetween(a: ReturnType<typeof cpuNow>, b: ReturnType<typeof cpuNow>) {
  const wall = b.at - a.at;
  const pct = (ms: number) => Math.round((ms / wall) * 1000) / 10;
  const services = b.services - a.services;
  const postgres = b.postgres - a.postgres;
  const bench = b.bench - a.bench;
  const machine = b.machine - a.machine;
  return {
    services: pct(services),
    postgres: pct(postgres),
    bench: pct(bench),
    others: pct(machine - services - postgres - bench),
    machine: pct(machine),
  };
}

/** Waits (at most `limitS`) for a 2 s window in which the machine is busy under 30 % of a core. */
export async function waitForQuiet(
  limitS: number,
  cores = availableParallelism(),
): Promise<{ waitedS: number; busyPercent: number }> {
  const t0 = Date.now();
  for (;;) {
    const a = machineCpuTicks();
    await sleep(2000);
    const b = machineCpuTicks();
    const busyPercent = Math.round(((b.busy - a.busy) / (b.total - a.total)) * cores * 1000) / 10;
    const waitedS = Math.round((Date.now() - t0) / 1000);
    if (busyPercent < 30 || waitedS >= limitS) return { waitedS, busyPercent };
  }
}

/** Polls `GET /runs` (round-robin over `apis`) until every run of `ids` ended or the limit. */
export async function waitForRuns(
  apis: string[],
  ids: Set<string>,
  limitMs: number,
  everyMs: number,
  onPoll?: (runs: Snapshot[]) => void | Promise<void>,
): Promise<{ runs: Snapshot[]; endedAt: number; timedOut: boolean }> {
  const deadline = nowMs() + limitMs;
  for (let poll = 0; ; poll++) {
    const all = await request<Snapshot[]>('GET', `${apis[poll % apis.length]}/runs`);
    const runs = all.filter((r) => ids.has(r.run_id));
    await onPoll?.(runs);
    const ended = runs.filter((r) => r.status === 'completed' || r.status === 'failed').length;
    if (ended === ids.size) return { runs, endedAt: nowMs(), timedOut: false };
    if (nowMs() > deadline) return { runs, endedAt: nowMs(), timedOut: true };
    for (const instance of started)
      if (instance.crashed()) throw new Error(`${instance.name} exited:\n${instance.stderr()}`);
    await sleep(everyMs);
  }
}
