import type { ResearchStore } from '../store/contract.ts';
import type { PipelineEngine } from '../pipeline/engine.ts';
import type { RunEventHub } from '../pipeline/event-hub.ts';
import type { SseFanout } from './sse-fanout.ts';
import type { IntentRouter } from '../intent/router.ts';
import type { Planner } from '../planner/index.ts';
import type { ResearchMetrics } from '../telemetry/metrics.ts';

/** What the HTTP routes need from the rest of the service. */
export interface HttpDeps {
  store: ResearchStore;
  engine: PipelineEngine;
  hub: RunEventHub;
  /** Live SSE subscribers, by run. */
  streams: SseFanout;
  planner: Planner;
  intents: IntentRouter;
  version: string;
  llmProvider: string;
  /** What this instance runs on (storage, queue, citations, …), for /health. */
  providers?: Record<string, string>;
  uiOrigin: string;
  /** Per-run LLM token budget (0: none). */
  tokenBudget: number;
  metrics: ResearchMetrics;
  /** Bytes an SSE subscriber may leave unread before its stream is ended. */
  sseMaxBufferedBytes: number;
  /** False on a worker-only instance: only the probes and metrics are served. */
  serveApi: boolean;
  /** Whether the run queue answers (a shared queue can fail apart from the store). */
  queueReachable(): Promise<boolean>;
}
