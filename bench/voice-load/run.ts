// One measured run: a server child (the voice service or the bare ws baseline) and a load
// generator child, N sessions, warm-up, a measurement window, then teardown.
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { summarizeCpuProfile, type ProfileSummary } from '../lib/cpu-profile.ts';
import {
  machineCpuTicks,
  processCpuMs,
  processPeakRssKb,
  processRssKb,
  threadCpuMs,
  threadsCpuMs,
} from '../lib/proc-stats.ts';
import type {
  ClientMessage,
  ClientResult,
  LoadPlan,
  LoopDelay,
  ParentToClient,
  ParentToServer,
  ServerMessage,
  ServerSnapshot,
} from './ipc.ts';

const HERE = import.meta.dirname;
const TSX = import.meta.resolve('tsx');
const START_TIMEOUT_MS = 60_000;
/** A server whose event loop is stuck this long is reported as unresponsive. */
export const SNAPSHOT_TIMEOUT_MS = 20_000;
const JWT_SECRET = 'voice-load-benchmark-signing-secret-0123456789';

/** Inclusive-time groups of the server's main thread profile. */
const MAIN_THREAD_GROUPS: Record<string, RegExp> = {
  'Silero inference on the main thread (onnxruntime-node run)':
    /onnxruntime-node\/dist\/backend\.js/,
  // startCall's result handler is an anonymous function of silero-vad.ts.
  'VAD scheduling and batching (SileroVAD: startCall, take, deliver, schedule)':
    /^(startCall|runNext|take|deliver|allocate|expire|schedule|windowQueued|\(anonymous\)) \(packages\/voice\/src\/audio\/silero-vad/,
  'VAD worker messages (postMessage, replies)':
    /^(run|onMessage) \(packages\/voice\/src\/audio\/silero-backend|^(postMessage|emitMessage|drainMessagePort)\b/,
  'VAD intake (pushAudio, writePcm16: PCM16 into the window ring)':
    /^(pushAudio|writePcm16|completeWindow) \(packages\/voice\/src\/audio\//,
  'ws receive (frame parsing, dispatch)': /\(ws\/lib\/receiver\.js/,
  'ws send': /\(ws\/lib\/sender\.js/,
  'VoiceSession.onBinary (the whole per-frame path)': /^onBinary \(packages\/voice\/src\/session/,
  'AssistantResponse (reply path)': /assistant-response\.ts/,
  'garbage collector': /^\(garbage collector\)$/,
};

/** Inclusive-time groups of the VAD worker thread's profile. */
const WORKER_GROUPS: Record<string, RegExp> = {
  'Silero inference (onnxruntime-node run)': /onnxruntime-node\/dist\/backend\.js/,
  'messages (receive a batch, post the result)':
    /^(postMessage|emitMessage|drainMessagePort)\b|silero-worker\.ts/,
  'garbage collector': /^\(garbage collector\)$/,
};

/** What the parent asks of a run. */
export interface RunOptions {
  mode: 'voice' | 'echo';
  sessions: number;
  windowMs: number;
  /** Streaming before the window opens (all sessions started, a cycle passed). */
  warmupMs: number;
  /** Streaming after the window closes, so that late replies to in-window audio still arrive. */
  graceMs: number;
  plan: Omit<LoadPlan, 'mode' | 'baseUrl' | 'sessions' | 'apiKeys'>;
  tenants: number;
  fakes: {
    sttDelayMs: number;
    llmDelayMs: number;
    ttsDelayMs: number;
    sentenceMs: number;
    text: string;
    /** A partial transcript every this much audio of an utterance (0: none). */
    sttPartialsMs: number;
  };
  /** Silero VAD options other than the service's defaults. */
  vad?: { gatherMs?: number; gatherWindows?: number; thread?: 'worker' | 'main' };
  /** Directory for `--cpu-prof` of the server child, or undefined. */
  profileDir?: string;
  /** Extra Node flags for the voice server. */
  serverNodeOptions?: string[];
  /** False: `ws` masks and unmasks in JavaScript (WS_NO_BUFFER_UTIL) in the server and the client. */
  bufferUtil?: boolean;
}

/** Everything measured in one run. */
export interface RunResult {
  mode: 'voice' | 'echo';
  sessions: number;
  windowMs: number;
  /** Server process CPU (all threads, /proc utime+stime) over the window. */
  serverCpuMs: number;
  /** The same as a share of one core, %. */
  serverCorePct: number;
  /** Per session, % of one core. */
  cpuPerSessionPct: number;
  /** The main thread alone (JavaScript, sockets), % of one core. */
  mainThreadCorePct: number;
  /** Every thread that used CPU in the window, busiest first: `name` (`main` for the main thread), % of one core. */
  threads: { tid: number; name: string; corePct: number }[];
  /** The server with no sessions (1 s after start), % of one core. */
  idleCorePct: number;
  /** `process.cpuUsage()` reported by the server itself (cross-check), % of one core. */
  serverSelfReportedCorePct: number;
  idleRssMb: number;
  loadRssMb: number;
  peakRssMb: number;
  rssPerSessionMb: number;
  /** NaN when the server did not answer within SNAPSHOT_TIMEOUT_MS (`unresponsive`). */
  loopDelay: LoopDelay;
  unresponsive: boolean;
  vad?: {
    framesPerSecond: number;
    expectedPerSecond: number;
    meanBatch: number;
    /** Windows skipped for waiting over a second, per second. */
    skippedPerSecond: number;
    /** Share of the window with an inference call in flight (the VAD worker's busy time), %. */
    inferenceBusyPct: number;
  };
  clientCorePct: number;
  machineBusyPct: number;
  /** CPU of everything else on the machine (other users' work), % of one core. */
  otherCorePct: number;
  loadAverage: number[];
  client: ClientResult;
  profile?: ProfileSummary & { file: string };
  /** The VAD worker thread's profile over the same window. */
  workerProfile?: ProfileSummary & { file: string };
}

function forkTs(script: string, args: string[], env: NodeJS.ProcessEnv, execArgv: string[] = []) {
  return fork(join(HERE, script), args, {
    execArgv: ['--import', TSX, ...execArgv],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Structured clone keeps NaN (an empty summary) as NaN instead of JSON's null.
    serialization: 'advanced',
  });
}

/** The next message of `type` from a child, or an error if it exits or the time runs out. */
function next<T extends { type: string }>(
  child: ChildProcess,
  type: T['type'],
  timeoutMs: number,
  accept: (m: T) => boolean = () => true,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if ((m as { type?: string }).type !== type || !accept(m as T)) return;
      done();
      resolve(m as T);
    };
    const onExit = (code: number | null, signal: string | null) => {
      done();
      reject(new Error(`child exited (${code ?? signal}) while waiting for ${type}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${type}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function stop(child: ChildProcess, message?: ParentToServer): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (message && child.connected) child.send(message);
  const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}

const mb = (kb: number) => kb / 1024;

/**
 * Waits (at most `maxWaitMs`) until the rest of the machine uses less than `maxOtherCorePct`
 * of a core, sampled over a second; returns what it last saw. The machine is shared.
 */
export async function waitForQuiet(maxOtherCorePct: number, maxWaitMs: number): Promise<number> {
  const deadline = performance.now() + maxWaitMs;
  for (;;) {
    const a = machineCpuTicks();
    await sleep(1000);
    const b = machineCpuTicks();
    const otherCorePct = ((100 * (b.busy - a.busy)) / (b.total - a.total)) * cpus().length;
    if (otherCorePct < maxOtherCorePct || performance.now() >= deadline) return otherCorePct;
    await sleep(2000);
  }
}

/** Runs the load against one server and measures it. */
export async function runOnce(options: RunOptions): Promise<RunResult> {
  const { mode, sessions: n } = options;
  const apiKeys = Array.from({ length: options.tenants }, (_, i) => `bench-key-${i}`);
  const noBufferUtil = options.bufferUtil === false ? { WS_NO_BUFFER_UTIL: '1' } : {};
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    VOICE_API_KEYS: apiKeys.map((k, i) => `${k}:tenant-${i}`).join(','),
    VOICE_JWT_SECRET: JWT_SECRET,
    // The limits this instance would otherwise enforce (5 sessions per tenant, 250 per
    // instance, 100 recognitions, 200 syntheses, 240k tokens a minute), raised above the load.
    VOICE_TENANT_MAX_SESSIONS: String(n),
    VOICE_INSTANCE_CAPACITY: String(n),
    VOICE_MAX_RECOGNITIONS: String(n),
    VOICE_MAX_SYNTHESES: String(n),
    VOICE_LLM_TOKENS_PER_MINUTE: '1000000000',
    ...(options.vad ? { BENCH_VAD_OPTIONS: JSON.stringify(options.vad) } : {}),
    ...noBufferUtil,
  };
  const { sttDelayMs, llmDelayMs, ttsDelayMs, sentenceMs, text, sttPartialsMs } = options.fakes;
  const server =
    mode === 'voice'
      ? forkTs(
          'voice-server.ts',
          [sttDelayMs, llmDelayMs, ttsDelayMs, sentenceMs, text, sttPartialsMs].map(String),
          env,
          [
            ...(options.serverNodeOptions ?? []),
            ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []),
          ],
        )
      : forkTs('echo-server.ts', [], env);
  let client: ChildProcess | undefined;
  try {
    const ready = await next<Extract<ServerMessage, { type: 'ready' }>>(
      server,
      'ready',
      START_TIMEOUT_MS,
    );
    const idleCpu0 = processCpuMs(ready.pid);
    await sleep(1000);
    const idleCorePct = (processCpuMs(ready.pid) - idleCpu0) / 10;
    const idleRssKb = processRssKb(ready.pid);

    client = forkTs('load-client.ts', [], {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      ...noBufferUtil,
    });
    const plan: LoadPlan = {
      ...options.plan,
      mode,
      baseUrl: `http://127.0.0.1:${ready.port}`,
      sessions: n,
      apiKeys,
    };
    client.send({ type: 'connect', plan } satisfies ParentToClient);
    const connected = await next<Extract<ClientMessage, { type: 'connected' }>>(
      client,
      'connected',
      120_000,
    );
    client.send({ type: 'stream' } satisfies ParentToClient);
    await sleep(options.warmupMs);

    const t0 = performance.now();
    const cpu0 = processCpuMs(ready.pid);
    const mainCpu0 = threadCpuMs(ready.pid, ready.pid);
    const threads0 = threadsCpuMs(ready.pid);
    const clientCpu0 = processCpuMs(client.pid!);
    const machine0 = machineCpuTicks();
    // A saturated server answers IPC late (its event loop is the one being measured), so the
    // window is timed here and the snapshots are collected afterwards.
    const snapshot = (phase: 'start' | 'end') =>
      next<ServerSnapshot>(server, 'snapshot', SNAPSHOT_TIMEOUT_MS, (m) => m.phase === phase).catch(
        () => undefined,
      );
    const startSnap = snapshot('start');
    server.send({ type: 'window-start' } satisfies ParentToServer);
    client.send({ type: 'window-start' } satisfies ParentToClient);
    await sleep(options.windowMs);
    const endSnap = snapshot('end');
    server.send({ type: 'window-end' } satisfies ParentToServer);
    client.send({ type: 'window-end' } satisfies ParentToClient);
    const windowMs = performance.now() - t0;
    const cpu1 = processCpuMs(ready.pid);
    const mainCpu1 = threadCpuMs(ready.pid, ready.pid);
    const threads1 = threadsCpuMs(ready.pid);
    const clientCpu1 = processCpuMs(client.pid!);
    const machine1 = machineCpuTicks();
    const loadRssKb = processRssKb(ready.pid);
    const peakRssKb = processPeakRssKb(ready.pid);
    const loadAverage = loadavg();
    const [start, end] = await Promise.all([startSnap, endSnap]);

    await sleep(options.graceMs);
    const resultMessage = next<Extract<ClientMessage, { type: 'result' }>>(
      client,
      'result',
      60_000,
    );
    client.send({ type: 'stop' } satisfies ParentToClient);
    const { result } = await resultMessage;
    if (connected.opened !== result.opened)
      throw new Error('the client lost track of its sessions');
    await stop(client);
    await stop(server, { type: 'shutdown' });

    const serverCpuMs = cpu1 - cpu0;
    const machineBusyPct =
      (100 * (machine1.busy - machine0.busy)) / (machine1.total - machine0.total);
    const serverCorePct = (100 * serverCpuMs) / windowMs;
    const out: RunResult = {
      mode,
      sessions: n,
      windowMs,
      serverCpuMs,
      serverCorePct,
      cpuPerSessionPct: serverCorePct / n,
      mainThreadCorePct: (100 * (mainCpu1 - mainCpu0)) / windowMs,
      threads: [...threads1]
        .map(([tid, t]) => ({
          tid,
          name: tid === ready.pid ? 'main' : t.name,
          corePct: (100 * (t.cpuMs - (threads0.get(tid)?.cpuMs ?? 0))) / windowMs,
        }))
        .filter((t) => t.corePct > 0)
        .sort((a, b) => b.corePct - a.corePct),
      idleCorePct,
      serverSelfReportedCorePct:
        start && end ? (100 * (end.cpuUs - start.cpuUs)) / (end.hrtimeUs - start.hrtimeUs) : NaN,
      idleRssMb: mb(idleRssKb),
      loadRssMb: mb(loadRssKb),
      peakRssMb: mb(peakRssKb),
      rssPerSessionMb: mb(loadRssKb - idleRssKb) / n,
      loopDelay: end?.loopDelay ?? { p50: NaN, p99: NaN, max: NaN, mean: NaN },
      unresponsive: !start || !end,
      clientCorePct: (100 * (clientCpu1 - clientCpu0)) / windowMs,
      machineBusyPct,
      otherCorePct: Math.max(
        0,
        machineBusyPct * cpus().length -
          serverCorePct -
          (100 * (clientCpu1 - clientCpu0)) / windowMs,
      ),
      loadAverage,
      client: result,
    };
    if (start?.vad && end?.vad) {
      // Over the server's own view of the window (it may have answered late).
      const frames = end.vad.frames - start.vad.frames;
      const runs = end.vad.runs - start.vad.runs;
      const spanUs = end.hrtimeUs - start.hrtimeUs;
      out.vad = {
        framesPerSecond: (1e6 * frames) / spanUs,
        expectedPerSecond: (result.opened * 1000) / 32,
        meanBatch: runs > 0 ? frames / runs : 0,
        skippedPerSecond: (1e6 * ((end.vad.skipped ?? 0) - (start.vad.skipped ?? 0))) / spanUs,
        inferenceBusyPct:
          (100 * 1000 * ((end.vad.inferenceMs ?? 0) - (start.vad.inferenceMs ?? 0))) / spanUs,
      };
    }
    if (options.profileDir && start && end) {
      // One profile per thread: the main thread's is `.<pid>.0.`; the VAD worker's is the other
      // one that ran onnxruntime (tsx's loader threads never do).
      const files = readdirSync(options.profileDir)
        .filter((f) => f.endsWith('.cpuprofile') && f.includes(`.${ready.pid}.`))
        .map((f) => join(options.profileDir!, f));
      const windowUs: [number, number] = [start.hrtimeUs, end.hrtimeUs];
      const mainFile = files.find((f) => f.includes(`.${ready.pid}.0.`));
      if (mainFile) {
        out.profile = {
          file: mainFile,
          ...summarizeCpuProfile(mainFile, { top: 15, windowUs, groups: MAIN_THREAD_GROUPS }),
        };
      }
      const workerFile = files.find(
        (f) => f !== mainFile && readFileSync(f, 'utf8').includes('silero-worker.ts'),
      );
      if (workerFile) {
        out.workerProfile = {
          file: workerFile,
          ...summarizeCpuProfile(workerFile, { top: 8, windowUs, groups: WORKER_GROUPS }),
        };
      }
    }
    return out;
  } finally {
    if (client) await stop(client);
    await stop(server, { type: 'shutdown' });
  }
}
