// Commands between the orchestrator (bench/research-load.ts) and its child processes.
import type { PaceResult } from './pacer.ts';
import type { Summary } from './stats.ts';
import type { ProfileSummary } from './profile.ts';
import type { OfflineRunResult } from '../research-run.ts';

/** Memory of a server process, bytes; `subscribers` as the server counts them. */
export interface ServerMemory {
  rss: number;
  heapUsed: number;
  external: number;
  subscribers: number;
}

/** One paced burst of synthetic events, and the `seq` range it took. */
export interface EmitResult extends PaceResult {
  firstSeq: number;
  lastSeq: number;
  server: PhaseFigures;
}

/** A server process over one phase: CPU % of one core and event-loop delay. */
export interface PhaseFigures {
  wallMs: number;
  cpuPercent: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/** Commands both SSE servers answer: the research service and the bare-`http` baseline. */
export type ServerCommands = {
  /** Listens on 127.0.0.1:0 and makes a stream to subscribe to (a run paused on feedback). */
  prepare: {
    args: { runId?: string };
    result: { port: number; streamPath: string; getPath: string; lastSeq: number };
  };
  memory: { args: { gc: boolean }; result: ServerMemory };
  emit: {
    args: { count: number; ratePerSec: number; maxMs: number; step: string };
    result: EmitResult;
  };
  /**
   * Ends every stream (service: answers the pause and the run goes to its end; baseline:
   * sends a burst like the end of a run, then `stream_end`). `endBurstSeq` is the first
   * event of that final burst (the service's `paper_ready`).
   */
  finish: {
    args: { api?: string };
    result: { lastSeq: number; endBurstSeq: number; server: PhaseFigures };
  };
  /** Starts measuring this process's CPU and event-loop delay, or ends and returns it. */
  meter: { args: { end: boolean }; result: PhaseFigures | null };
  /** Baseline: the body its GET answers with (the service's real snapshot). */
  snapshot: { args: { json: string }; result: { ok: true } };
  close: { args: Record<string, never>; result: { ok: true } };
};

/** Delivery figures of one phase, as the subscribers saw them. */
export interface StepStats {
  step: string;
  subscribers: number;
  delivered: number;
  expected: number;
  /** Event `ts` (server clock) to the chunk's arrival at the subscriber, ms. */
  latencyMs: Summary;
  /** The same, split at a `seq`: before it, and from it on (a run's final burst). */
  split?: { atSeq: number; before: Summary; from: Summary };
  wallMs: number;
  clientCpuPercent: number;
  clientLoopDelayP99Ms: number;
  timedOut: boolean;
  /** The slowest messages of the step at the first subscriber. */
  slowest: { seq: number; type: string; latencyMs: number }[];
  /** The events with the highest latency at their slowest subscriber. */
  slowestAnywhere: { seq: number; type: string; latencyMs: number }[];
  /** Streams the server has ended so far, and stream integrity over the whole session. */
  ended: number;
  seqGaps: number;
  duplicates: number;
}

/** Closed-loop GET figures. */
export interface HammerStats {
  concurrency: number;
  requests: number;
  errors: number;
  non200: number;
  durationMs: number;
  requestsPerSec: number;
  latencyMs: Summary;
  bytesPerResponse: number;
  clientCpuPercent: number;
}

export type ClientCommands = {
  subscribe: {
    args: { url: string; count: number; lastEventId: number; batch: number; timeoutMs: number };
    result: { connected: number; failed: number; connectMs: number };
  };
  /** Starts counting arrivals under a new step name. */
  step: { args: { step: string }; result: { ok: true } };
  /**
   * Waits until `perSubscriber` messages of the step reached every open subscriber, or
   * (`perSubscriber: null`) until the server has ended every stream.
   */
  wait: {
    args: { perSubscriber: number | null; timeoutMs: number; splitAtSeq?: number };
    result: StepStats;
  };
  hammer: {
    args: {
      url: string;
      concurrency: number;
      warmupMs: number;
      durationMs: number;
      maxRequests: number;
    };
    result: HammerStats;
  };
  close: { args: Record<string, never>; result: { ok: true } };
};

/** Appends per second of one way of writing the audit trail. */
export interface AuditCase {
  name: string;
  description: string;
  /** Calls of append (or emit). */
  events: number;
  rows: number;
  elapsedMs: number;
  rowsPerSec: number;
  callsPerSec: number;
  /** One append or emit call, µs (a commit of a full group counts in the call that filled it). */
  appendUs: Summary;
  /** Group commits of the audit trail: how many, their mean size, and how long each took. */
  commits: { count: number; eventsPerCommit: number; ms: Summary };
  /**
   * The store's periodic PASSIVE checkpoints during the case (in a worker thread unless the
   * case says otherwise), and the WAL frames they copied back.
   */
  checkpoints: { thread: 'worker' | 'main'; count: number; ms: Summary; pages: number };
  /** Calls, commits and main-thread checkpoints of 5 ms or more (the event loop held). */
  stalls: { count: number; totalMs: number };
}

export type AuditCommands = {
  run: {
    args: { maxEvents: number; maxMs: number };
    result: { cases: AuditCase[]; sqliteVersion: string; pragmas: Record<string, unknown> };
  };
};

// ---------------------------------------------------------------------------------------
// The report (bench/results/research-load.json)

/** One step of the SSE test against one server. */
export interface StepResult {
  step: string;
  ratePerSec: number | null;
  /** The paced emission (synthetic steps only). */
  emit: EmitResult | null;
  server: PhaseFigures;
  client: StepStats;
}

/** Everything measured against one server. */
export interface TargetResult {
  target: 'service' | 'baseline';
  connect?: { connected: number; failed: number; connectMs: number };
  memory?: { before: ServerMemory; connected: ServerMemory; afterSteps: ServerMemory };
  rssPerSubscriberKiB?: number;
  heapPerSubscriberKiB?: number;
  steps: StepResult[];
  integrity?: { ended: number; seqGaps: number; duplicates: number };
  get?: HammerStats;
  /** The server process while GET was hammered. */
  getServer?: PhaseFigures;
  profile?: ProfileSummary;
}

/** bench/results/research-load.json. */
export interface LoadReport {
  startedAt: string;
  machine: { cores: number; cpuModel: string; ramGiB: number; node: string; kernel: string };
  load: {
    before: { load1: number; load5: number; load15: number };
    after: { load1: number; load5: number; load15: number };
  };
  options: {
    subscribers: number;
    rates: number[];
    stepSeconds: number;
    getConcurrency: number;
    getSeconds: number;
    cpuProf: boolean;
    youngMb: number;
  };
  targets: { sseP99Ms: number; auditPerSec: number };
  sse: {
    rssPerSubscriberRatio: number | null;
    heapPerSubscriberRatio: number | null;
    p99Ratios: { step: string; ratio: number | null }[];
  } | null;
  service: TargetResult | null;
  baseline: TargetResult | null;
  audit: (AuditCommands['run']['result'] & { profile?: ProfileSummary }) | null;
  offlineRun: OfflineRunResult | null;
}
