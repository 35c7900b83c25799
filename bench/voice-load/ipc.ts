// Messages between the benchmark's parent process and its children (Node IPC channel).
import type { Summary } from '../lib/stats.ts';

/** Event-loop delay percentiles in ms over a window (`perf_hooks.monitorEventLoopDelay`). */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

/** What a server child reports at each edge of the measurement window. */
export interface ServerSnapshot {
  type: 'snapshot';
  phase: 'start' | 'end';
  /** `process.hrtime` in µs: the clock of `--cpu-prof` timestamps. */
  hrtimeUs: number;
  /** `process.cpuUsage()` user + system, µs. */
  cpuUs: number;
  /** Over the window (only at `end`). */
  loopDelay?: LoopDelay;
  /** Silero inference calls and frames so far (voice server only). */
  vad?: { runs: number; frames: number; skipped?: number; inferenceMs?: number };
  heapUsedMb: number;
}

export type ServerMessage = { type: 'ready'; port: number; pid: number } | ServerSnapshot;

export type ParentToServer =
  { type: 'window-start' } | { type: 'window-end' } | { type: 'shutdown' };

/** Calibrated VAD decisions for the audio every client session sends (see calibrate.ts). */
export interface VadTimeline {
  frameMs: number;
  cycleMs: number;
  started: { startMs: number; atMs: number }[];
  stopped: { endMs: number; atMs: number }[];
}

/** What the load generator is asked to do. */
export interface LoadPlan {
  mode: 'voice' | 'echo';
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  sessions: number;
  apiKeys: string[];
  /** The body of `POST /v1/sessions` (the session's turn detection). */
  sessionBody: string;
  /** Raw PCM16LE 16 kHz mono: one cycle (speech then silence), a whole number of frames. */
  audioPath: string;
  timelinePath: string;
  frameMs: number;
  /** Session i starts streaming i/N of this after the start (spreads utterances and frame phases). */
  spreadMs: number;
  /** Upper bound on the frames one session sends. */
  maxFrames: number;
}

export type ParentToClient =
  | { type: 'connect'; plan: LoadPlan }
  | { type: 'stream' }
  | { type: 'window-start' }
  | { type: 'window-end' }
  | { type: 'stop' };

/** What the load generator measured (client side) for one run. */
export interface ClientResult {
  mode: 'voice' | 'echo';
  sessions: number;
  opened: number;
  connectFailures: Record<string, number>;
  connectMs: number;
  /** Sockets still open at the end of the window. */
  held: number;
  /** Held, no `error` message, every expected VAD event received and matching the calibration. */
  clean: number;
  closes: Record<string, number>;
  errors: Record<string, number>;
  framesSent: number;
  bytesSent: number;
  bytesReceived: number;
  /** Client's own lateness sending frames (actual − scheduled), ms. */
  sendLag: Summary;
  clientLoopDelay: LoopDelay;
  /** echo: frame sent → its echo received. */
  echoRtt?: Summary;
  echoMissing?: number;
  voice?: {
    /** Utterances whose VAD decision frames were sent inside the window. */
    expectedStarts: number;
    expectedStops: number;
    receivedStarts: number;
    receivedStops: number;
    /** speech_started whose audio_start_ms differs from the calibration (a lost or extra event). */
    mismatches: number;
    /** (a) deciding frame sent → vad.speech_started / vad.speech_stopped received. */
    speechStarted: Summary;
    speechStopped: Summary;
    /** (b) vad.speech_stopped received → first audio frame of the reply received. */
    firstAudio: Summary;
    /** Audio the server had received after the frame that completed the stop decision, when it sent speech_stopped (0: no backlog). */
    stopBacklogMs: Summary;
    responses: Record<string, number>;
    bargeIns: number;
  };
}

export type ClientMessage =
  | { type: 'connected'; opened: number; failures: Record<string, number>; ms: number }
  | { type: 'result'; result: ClientResult };
