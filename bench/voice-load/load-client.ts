// Child process: the load generator. Opens N sessions (voice: POST /v1/sessions, then the
// WebSocket with a bearer token; echo: a plain WebSocket), streams the speech cycle in real
// time in fixed frames from every session, and times what comes back. Driven by the parent
// over IPC: connect → stream → window-start → window-end → stop → result.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Samples } from '../lib/stats.ts';
import type { ClientMessage, ClientResult, LoadPlan, ParentToClient, VadTimeline } from './ipc.ts';

const CONNECT_CONCURRENCY = 32;
const CONNECT_TIMEOUT_MS = 15_000;
const TICK_MS = 2;

interface Pending {
  /** Arrival of vad.speech_stopped. */
  at: number;
  measured: boolean;
  streamId: number | null;
}

class Session {
  /** Performance time at which frame 0 is due. */
  startAt = Number.POSITIVE_INFINITY;
  next = 0;
  readonly sendTimes: Float64Array;
  started = 0;
  stopped = 0;
  echoed = 0;
  startsInWindow = 0;
  stopsInWindow = 0;
  errors = 0;
  mismatches = 0;
  closed = false;
  awaitingAudio: Pending | null = null;

  constructor(
    readonly ws: WebSocket,
    maxFrames: number,
  ) {
    this.sendTimes = new Float64Array(maxFrames).fill(Number.NaN);
  }
}

const send = (m: ClientMessage) => process.send?.(m);
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

let plan: LoadPlan;
let cycle: Buffer;
let timeline: VadTimeline;
let frameBytes = 0;
let framesPerCycle = 0;
const sessions: Session[] = [];
const connectFailures: Record<string, number> = {};
const errors: Record<string, number> = {};
const closes: Record<string, number> = {};
const responses: Record<string, number> = {};
let bargeIns = 0;
let windowStart = Number.POSITIVE_INFINITY;
let windowEnd = Number.POSITIVE_INFINITY;
let bytesSent = 0;
let bytesReceived = 0;
let framesSent = 0;
let ticker: NodeJS.Timeout | undefined;
let connectMs = 0;

const sendLag = new Samples();
const echoRtt = new Samples();
const speechStarted = new Samples();
const speechStopped = new Samples();
const firstAudio = new Samples();
const stopBacklog = new Samples();

const inWindow = (t: number) => t >= windowStart && t <= windowEnd;
const counting = () => {
  const now = performance.now();
  return now >= windowStart && now <= windowEnd;
};
const bump = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);

/** Index of the frame that carries audio time `atMs` (the end of a VAD window). */
const frameOf = (atMs: number) => Math.ceil(atMs / plan.frameMs) - 1;

function onVoiceMessage(s: Session, data: Buffer, isBinary: boolean): void {
  const now = performance.now();
  if (counting()) bytesReceived += data.length;
  if (isBinary) {
    const pending = s.awaitingAudio;
    if (pending && pending.streamId !== null && data.readUInt32LE(0) === pending.streamId) {
      if (pending.measured) firstAudio.push(now - pending.at);
      s.awaitingAudio = null;
    }
    return;
  }
  const m = JSON.parse(data.toString('utf8')) as {
    type: string;
    audio_start_ms?: number;
    audio_end_ms?: number;
    stream_id?: number;
    code?: string;
    status?: string;
    reason?: string;
  };
  switch (m.type) {
    case 'vad.speech_started': {
      const cal = timeline.started[s.started++];
      if (!cal) return;
      const sentAt = s.sendTimes[frameOf(cal.atMs)] ?? Number.NaN;
      if (!inWindow(sentAt)) return;
      s.startsInWindow++;
      if (m.audio_start_ms !== Math.round(cal.startMs)) s.mismatches++;
      speechStarted.push(now - sentAt);
      return;
    }
    case 'vad.speech_stopped': {
      const cal = timeline.stopped[s.stopped++];
      const sentAt = cal ? (s.sendTimes[frameOf(cal.atMs)] ?? Number.NaN) : Number.NaN;
      const measured = cal !== undefined && inWindow(sentAt);
      s.awaitingAudio = { at: now, measured, streamId: null };
      if (!measured) return;
      s.stopsInWindow++;
      speechStopped.push(now - sentAt);
      // Audio received after the frame that completed the decision, before the event was sent.
      const decidingFrameEndMs = (frameOf(cal.atMs) + 1) * plan.frameMs;
      if (m.audio_end_ms !== undefined) stopBacklog.push(m.audio_end_ms - decidingFrameEndMs);
      return;
    }
    case 'response.created':
      if (s.awaitingAudio && s.awaitingAudio.streamId === null)
        s.awaitingAudio.streamId = m.stream_id ?? null;
      return;
    case 'response.done':
      if (counting()) bump(responses, m.reason ? `${m.status}:${m.reason}` : String(m.status));
      return;
    case 'barge_in.detected':
      if (counting()) bargeIns++;
      return;
    case 'error':
      s.errors++;
      bump(errors, m.code ?? 'unknown');
      return;
  }
}

function onEchoMessage(s: Session, data: Buffer, isBinary: boolean): void {
  const now = performance.now();
  if (counting()) bytesReceived += data.length;
  if (!isBinary) return;
  const sentAt = s.sendTimes[s.echoed++] ?? Number.NaN;
  if (inWindow(sentAt)) echoRtt.push(now - sentAt);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function openOne(index: number): Promise<void> {
  let url: string;
  let headers: Record<string, string> = {};
  if (plan.mode === 'voice') {
    const apiKey = plan.apiKeys[index % plan.apiKeys.length] as string;
    const res = await fetch(`${plan.baseUrl}/v1/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: plan.sessionBody,
      signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS),
    });
    const body = (await res.json()) as {
      ws_url?: string;
      token?: string;
      error?: { code: string };
    };
    if (res.status !== 201 || !body.ws_url || !body.token)
      throw new Error(`POST /v1/sessions ${res.status} ${body.error?.code ?? ''}`.trim());
    url = body.ws_url;
    headers = { authorization: `Bearer ${body.token}` };
  } else {
    url = plan.baseUrl.replace(/^http/, 'ws') + '/';
  }
  const ws = new WebSocket(url, { headers, perMessageDeflate: false });
  const s = new Session(ws, plan.maxFrames);
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade ${res.statusCode}`)));
    }),
    CONNECT_TIMEOUT_MS,
    'WebSocket open',
  );
  ws.on('error', () => undefined);
  const handler = plan.mode === 'voice' ? onVoiceMessage : onEchoMessage;
  ws.on('message', (data, isBinary) => handler(s, data as Buffer, isBinary));
  ws.on('close', (code) => {
    s.closed = true;
    bump(closes, String(code));
  });
  sessions.push(s);
}

async function connectAll(): Promise<void> {
  const t0 = performance.now();
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < plan.sessions) {
      const index = nextIndex++;
      try {
        await openOne(index);
      } catch (err) {
        bump(connectFailures, (err as Error).message.slice(0, 80));
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  connectMs = performance.now() - t0;
}

/** Sends every frame that is due (late ones at once, as a real client's socket would). */
function tick(): void {
  const now = performance.now();
  for (const s of sessions) {
    if (s.closed) continue;
    while (s.next < plan.maxFrames) {
      const due = s.startAt + s.next * plan.frameMs;
      if (due > now) break;
      const offset = (s.next % framesPerCycle) * frameBytes;
      const sentAt = performance.now();
      s.ws.send(cycle.subarray(offset, offset + frameBytes), { binary: true });
      s.sendTimes[s.next] = sentAt;
      if (inWindow(sentAt)) {
        sendLag.push(sentAt - due);
        bytesSent += frameBytes;
        framesSent++;
      }
      s.next++;
    }
  }
}

function startStreaming(): void {
  const t0 = performance.now() + 50;
  sessions.forEach((s, i) => (s.startAt = t0 + (plan.spreadMs * i) / sessions.length));
  ticker = setInterval(tick, TICK_MS);
}

function result(): ClientResult {
  let held = 0;
  let clean = 0;
  let expectedStarts = 0;
  let expectedStops = 0;
  let receivedStarts = 0;
  let receivedStops = 0;
  let mismatches = 0;
  let echoMissing = 0;
  for (const s of sessions) {
    const expect = (events: { atMs: number }[]) =>
      events.filter((e) => {
        const f = frameOf(e.atMs);
        return f < s.next && inWindow(s.sendTimes[f] ?? Number.NaN);
      }).length;
    const starts = expect(timeline.started);
    const stops = expect(timeline.stopped);
    expectedStarts += starts;
    expectedStops += stops;
    receivedStarts += s.startsInWindow;
    receivedStops += s.stopsInWindow;
    mismatches += s.mismatches;
    if (plan.mode === 'echo') {
      for (let k = s.echoed; k < s.next; k++)
        if (inWindow(s.sendTimes[k] ?? Number.NaN)) echoMissing++;
    }
    if (s.closed) continue;
    held++;
    const complete =
      plan.mode === 'echo'
        ? s.echoed >= s.next - 50 // at most a second in flight
        : s.startsInWindow === starts && s.stopsInWindow === stops && s.mismatches === 0;
    if (s.errors === 0 && complete) clean++;
  }
  return {
    mode: plan.mode,
    sessions: plan.sessions,
    opened: sessions.length,
    connectFailures,
    connectMs,
    held,
    clean,
    closes,
    errors,
    framesSent,
    bytesSent,
    bytesReceived,
    sendLag: sendLag.summary(),
    clientLoopDelay: {
      p50: loop.percentile(50) / 1e6,
      p99: loop.percentile(99) / 1e6,
      max: loop.max / 1e6,
      mean: loop.mean / 1e6,
    },
    ...(plan.mode === 'echo'
      ? { echoRtt: echoRtt.summary(), echoMissing }
      : {
          voice: {
            expectedStarts,
            expectedStops,
            receivedStarts,
            receivedStops,
            mismatches,
            speechStarted: speechStarted.summary(),
            speechStopped: speechStopped.summary(),
            firstAudio: firstAudio.summary(),
            stopBacklogMs: stopBacklog.summary(),
            responses,
            bargeIns,
          },
        }),
  };
}

process.on('disconnect', () => process.exit(0));
process.on('message', (raw) => {
  const m = raw as ParentToClient;
  switch (m.type) {
    case 'connect':
      plan = m.plan;
      cycle = readFileSync(plan.audioPath);
      timeline = JSON.parse(readFileSync(plan.timelinePath, 'utf8')) as VadTimeline;
      frameBytes = plan.frameMs * 32;
      framesPerCycle = cycle.length / frameBytes;
      void connectAll().then(() =>
        send({
          type: 'connected',
          opened: sessions.length,
          failures: connectFailures,
          ms: connectMs,
        }),
      );
      return;
    case 'stream':
      startStreaming();
      return;
    case 'window-start':
      windowStart = performance.now();
      loop.reset();
      return;
    case 'window-end':
      windowEnd = performance.now();
      return;
    case 'stop': {
      clearInterval(ticker);
      const r = result();
      for (const s of sessions) s.ws.terminate();
      process.send?.({ type: 'result', result: r } satisfies ClientMessage, () => process.exit(0));
      return;
    }
  }
});
