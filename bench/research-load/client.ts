// Child process: the load clients, kept out of the servers' processes. SSE subscribers are
// raw node:http requests on a keep-alive agent (no EventSource polyfill); each message's
// latency is its `ts` (server wall clock, ms resolution) to the arrival of the chunk that
// carried it (this process, same machine clock), so it includes this process's own delay.
import { Agent, get, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from './ipc.ts';
import type { ClientCommands, HammerStats, StepStats } from './protocol.ts';
import { cpuPercent, PhaseMeter, summarize } from './stats.ts';

interface Subscriber {
  /** The first subscriber keeps every message's latency, to name the slowest ones. */
  first: boolean;
  buffer: string;
  lastSeq: number;
  open: boolean;
}

interface Bucket {
  step: string;
  subscribers: number;
  latencies: number[];
  /** The `seq` of each latency. */
  seqs: number[];
  delivered: number;
  meter: PhaseMeter;
  firstSubscriber: { seq: number; type: string; latencyMs: number }[];
  /** Each event's latency at its slowest subscriber. */
  worstBySeq: Map<number, number>;
}

const sseAgent = new Agent({ keepAlive: true, maxSockets: Infinity });
const subscribers: Subscriber[] = [];
const responses: IncomingMessage[] = [];
let bucket: Bucket = newBucket('connect');
let ended = 0;
let seqGaps = 0;
let duplicates = 0;

function newBucket(step: string): Bucket {
  const open = subscribers.filter((s) => s.open).length;
  return {
    step,
    subscribers: open,
    latencies: [],
    seqs: [],
    delivered: 0,
    meter: new PhaseMeter(),
    firstSubscriber: [],
    worstBySeq: new Map(),
  };
}

const wallNow = () => performance.timeOrigin + performance.now();

/** One SSE message (`id:`, `event:`, `data:` lines); comments and `retry:` are skipped. */
function onMessage(sub: Subscriber, block: string, arrival: number): void {
  if (!block.startsWith('id: ')) return;
  const seq = Number(block.slice(4, block.indexOf('\n')));
  if (seq <= sub.lastSeq) duplicates += 1;
  else if (seq !== sub.lastSeq + 1) seqGaps += 1;
  sub.lastSeq = Math.max(sub.lastSeq, seq);
  // JSON.stringify(event) puts the event's own `ts` before its payload.
  const at = block.indexOf('"ts":"');
  const latency = arrival - Date.parse(block.slice(at + 6, at + 30));
  bucket.latencies.push(latency);
  bucket.seqs.push(seq);
  bucket.delivered += 1;
  if (latency > (bucket.worstBySeq.get(seq) ?? -Infinity)) bucket.worstBySeq.set(seq, latency);
  if (sub.first) {
    const event = /\nevent: ([a-z_]+)/.exec(block)?.[1] ?? '?';
    const kind = event === 'trajectory_event' ? /"kind":"([^"]+)"/.exec(block)?.[1] : undefined;
    const type = kind ? `${event}/${kind}` : event;
    bucket.firstSubscriber.push({ seq, type, latencyMs: latency });
  }
}

function openStream(url: string, lastEventId: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get(
      url,
      {
        agent: sseAgent,
        headers: { accept: 'text/event-stream', 'last-event-id': `${lastEventId}` },
      },
      (res) => {
        clearTimeout(timer);
        if (res.statusCode !== 200) {
          res.resume();
          resolve(false);
          return;
        }
        const sub: Subscriber = {
          first: subscribers.length === 0,
          buffer: '',
          lastSeq: lastEventId,
          open: true,
        };
        subscribers.push(sub);
        responses.push(res);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const arrival = wallNow();
          sub.buffer += chunk;
          let cut: number;
          while ((cut = sub.buffer.indexOf('\n\n')) >= 0) {
            onMessage(sub, sub.buffer.slice(0, cut), arrival);
            sub.buffer = sub.buffer.slice(cut + 2);
          }
        });
        res.on('close', () => {
          if (!sub.open) return;
          sub.open = false;
          ended += 1;
        });
        resolve(true);
      },
    );
    // Not req.setTimeout: that is an idle timeout, and a quiet stream is not a failure.
    const timer = setTimeout(() => req.destroy(new Error('connect timed out')), timeoutMs);
    req.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

function stepStats(timedOut: boolean, expected: number, splitAtSeq?: number): StepStats {
  const phase = bucket.meter.end();
  const split =
    splitAtSeq === undefined
      ? undefined
      : {
          atSeq: splitAtSeq,
          before: summarize(bucket.latencies.filter((_, i) => bucket.seqs[i]! < splitAtSeq)),
          from: summarize(bucket.latencies.filter((_, i) => bucket.seqs[i]! >= splitAtSeq)),
        };
  return {
    step: bucket.step,
    subscribers: bucket.subscribers,
    delivered: bucket.delivered,
    expected,
    latencyMs: summarize(bucket.latencies),
    split,
    wallMs: phase.wallMs,
    clientCpuPercent: phase.cpuPercent,
    clientLoopDelayP99Ms: phase.loopDelayP99Ms,
    timedOut,
    slowest: [...bucket.firstSubscriber].sort((a, b) => b.latencyMs - a.latencyMs).slice(0, 8),
    slowestAnywhere: [...bucket.worstBySeq]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([seq, latencyMs]) => ({
        seq,
        type: bucket.firstSubscriber.find((m) => m.seq === seq)?.type ?? '?',
        latencyMs,
      })),
    ended,
    seqGaps,
    duplicates,
  };
}

/** Closed loop: `concurrency` clients each send the next GET as soon as the last answered. */
async function hammer(args: ClientCommands['hammer']['args']): Promise<HammerStats> {
  const agent = new Agent({ keepAlive: true, maxSockets: args.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let non200 = 0;
  let bytes = 0;
  let record = false;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = get(args.url, { agent }, (res) => {
        if (res.statusCode !== 200) non200 += 1;
        res.on('data', (chunk: Buffer) => {
          if (record) bytes += chunk.length;
        });
        res.on('end', () => {
          if (record) latencies.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', () => {
        if (record) errors += 1;
        resolve();
      });
    });
  const loop = async (until: () => boolean) => {
    await Promise.all(
      Array.from({ length: args.concurrency }, async () => {
        while (!until()) await one();
      }),
    );
  };
  const warmupEnd = performance.now() + args.warmupMs;
  await loop(() => performance.now() >= warmupEnd);
  record = true;
  non200 = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + args.durationMs;
  await loop(() => performance.now() >= end || latencies.length + errors >= args.maxRequests);
  const durationMs = performance.now() - t0;
  agent.destroy();
  return {
    concurrency: args.concurrency,
    requests: latencies.length,
    errors,
    non200,
    durationMs,
    requestsPerSec: (latencies.length / durationMs) * 1000,
    latencyMs: summarize(latencies),
    bytesPerResponse: latencies.length ? bytes / latencies.length : 0,
    clientCpuPercent: cpuPercent(cpu0, durationMs),
  };
}

serve<ClientCommands>({
  async subscribe({ url, count, lastEventId, batch, timeoutMs }) {
    const t0 = performance.now();
    let connected = 0;
    // In batches, so the connects do not overflow the server's listen backlog.
    for (let i = 0; i < count; i += batch) {
      const results = await Promise.all(
        Array.from({ length: Math.min(batch, count - i) }, () =>
          openStream(url, lastEventId, timeoutMs),
        ),
      );
      connected += results.filter(Boolean).length;
    }
    return { connected, failed: count - connected, connectMs: performance.now() - t0 };
  },

  step({ step }) {
    bucket.meter.end();
    bucket = newBucket(step);
    return { ok: true };
  },

  async wait({ perSubscriber, timeoutMs, splitAtSeq }) {
    const deadline = performance.now() + timeoutMs;
    const expected = perSubscriber === null ? 0 : perSubscriber * bucket.subscribers;
    const done = () =>
      perSubscriber === null ? ended >= subscribers.length : bucket.delivered >= expected;
    while (!done() && performance.now() < deadline) await sleep(10);
    return stepStats(!done(), perSubscriber === null ? bucket.delivered : expected, splitAtSeq);
  },

  hammer,

  close() {
    for (const res of responses) res.destroy();
    sseAgent.destroy();
    return { ok: true };
  },
});
