// The clients of the scale benchmark: a paced GET loop over run snapshots, SSE subscribers
// timing each event from its `ts`, and CPU and RSS readings of process trees from /proc.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { clockTicksPerSecond } from '../lib/proc-stats.ts';

/** Wall-clock time in ms with sub-millisecond resolution (the clock events' `ts` is read from). */
export const nowMs = (): number => performance.timeOrigin + performance.now();

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** GET `url` on the keep-alive agent; resolves with the HTTP status and the body once read. */
function get(url: string, timeoutMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.once('error', reject);
    });
    req.once('timeout', () => req.destroy(new Error(`GET timed out after ${timeoutMs} ms`)));
    req.once('error', reject);
  });
}

/** What a GET loop measured. */
export interface GetLoopResult {
  latenciesMs: number[];
  /** The same requests, by the status of the run in the answer (`pending`, `running`, …). */
  byRunStatus: Record<string, number[]>;
  /** The first 500 requests slower than 50 ms: when (ms after the start), how long, where. */
  slow: { atMs: number; latencyMs: number; api: number; runStatus: string }[];
  errors: number;
  wallMs: number;
}

/**
 * `concurrency` workers each GET `/runs/{id}` of a random run on a random instance, paced so
 * that all together send at most `ratePerSecond` (0: as fast as answers come back). At most
 * `concurrency` requests are in flight. Runs until `stop()`; `stop` resolves with the figures.
 */
export function startGetLoop(options: {
  apis: string[];
  runIds: () => readonly string[];
  concurrency: number;
  ratePerSecond: number;
}): { stop(): Promise<GetLoopResult> } {
  const latenciesMs: number[] = [];
  const byRunStatus: Record<string, number[]> = {};
  const slow: GetLoopResult['slow'] = [];
  let errors = 0;
  let running = true;
  const started = nowMs();
  const intervalMs =
    options.ratePerSecond > 0 ? (options.concurrency * 1000) / options.ratePerSecond : 0;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
  const worker = async (index: number) => {
    // Spread the workers over one interval so requests do not leave in lockstep.
    await sleep((intervalMs * index) / options.concurrency);
    while (running) {
      const ids = options.runIds();
      const begun = nowMs();
      if (ids.length > 0) {
        try {
          const api = Math.floor(Math.random() * options.apis.length);
          const res = await get(`${options.apis[api]}/runs/${pick(ids)}`, 10_000);
          const latency = nowMs() - begun;
          if (res.status === 200) {
            latenciesMs.push(latency);
            const { status } = JSON.parse(res.body) as { status: string };
            (byRunStatus[status] ??= []).push(latency);
            if (latency > 50 && slow.length < 500)
              slow.push({ atMs: begun - started, latencyMs: latency, api, runStatus: status });
          } else errors++;
        } catch {
          errors++;
        }
      }
      const wait = ids.length > 0 ? intervalMs - (nowMs() - begun) : 50;
      if (wait > 0) await sleep(wait);
    }
  };
  const workers = Array.from({ length: options.concurrency }, (_, i) => worker(i));
  return {
    async stop() {
      running = false;
      const wallMs = nowMs() - started;
      await Promise.all(workers);
      return { latenciesMs, byRunStatus, slow, errors, wallMs };
    },
  };
}

/** What one SSE subscription saw. */
export interface SseResult {
  runId: string;
  /** Arrival minus the event's `ts`, for events appended after the subscription was sent. */
  liveLatenciesMs: number[];
  /** Events appended before the subscription was sent (the replay; not timed). */
  replayed: number;
  /** Whether `stream_end` arrived before the time limit. */
  ended: boolean;
  /** `seq`s in arrival order did not count 1, 2, 3… */
  seqGap: boolean;
  types: string[];
}

/**
 * Reads `GET {api}/runs/{runId}/stream` until `stream_end` or `timeoutMs`, timing each event
 * from its `ts` (stamped by the server's clock when the event was appended) to the arrival of
 * the chunk that carried it. The `ts` has millisecond resolution, so each figure may be up to
 * 1 ms high.
 */
export function subscribe(api: string, runId: string, timeoutMs: number): Promise<SseResult> {
  const sentAt = Math.floor(nowMs());
  const result: SseResult = {
    runId,
    liveLatenciesMs: [],
    replayed: 0,
    ended: false,
    seqGap: false,
    types: [],
  };
  let lastSeq = 0;
  return new Promise((resolve) => {
    const req = http.get(
      `${api}/runs/${runId}/stream`,
      { headers: { accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          finish();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const arrived = nowMs();
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).replace(/^ /, ''))
              .join('\n');
            if (!data) continue;
            const event = JSON.parse(data) as { seq: number; type: string; ts: string };
            if (event.seq !== lastSeq + 1) result.seqGap = true;
            lastSeq = event.seq;
            result.types.push(event.type);
            const ts = Date.parse(event.ts);
            if (ts >= sentAt) result.liveLatenciesMs.push(arrived - ts);
            else result.replayed++;
            if (event.type === 'stream_end') {
              result.ended = true;
              req.destroy();
              finish();
            }
          }
        });
        res.once('end', finish);
        res.once('error', finish);
      },
    );
    req.once('error', finish);
    const timer = setTimeout(() => {
      req.destroy();
      finish();
    }, timeoutMs);
    function finish() {
      clearTimeout(timer);
      resolve(result);
    }
  });
}

/** `pid → ppid` of every process now (from /proc). */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      out.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited while listing
    }
  }
  return out;
}

/**
 * CPU time (ms, user + system) of the processes rooted at `roots` and their descendants:
 * the live ones' own time plus what their exited children left in `cutime`/`cstime` (the
 * sandbox's Python, `pdflatex`, Postgres backends). Differences of two readings are the CPU
 * the trees used in between.
 */
export function treeCpuMs(roots: number[]): number {
  const ppid = parents();
  const inTree = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of ppid)
      if (!inTree.has(pid) && inTree.has(parent)) {
        inTree.add(pid);
        grew = true;
      }
  }
  let ticks = 0;
  for (const pid of inTree) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime are fields 14–17 (indices 11–14 after the name).
      for (let i = 11; i <= 14; i++) ticks += Number(fields[i]);
    } catch {
      // exited meanwhile
    }
  }
  return (ticks * 1000) / clockTicksPerSecond();
}

/** A field of `/proc/<pid>/status` in KiB (`VmRSS`, `VmHWM`); NaN when the process is gone. */
export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
