import type { StageName } from '../domain/artefacts.ts';

/** Settings the pipeline engine and its stages use (read once from the service config). */
export interface PipelineConfig {
  /** Where each run gets its working directory (`<dataDir>/runs/<run_id>`). */
  dataDir: string;
  /** Stages after which a run pauses for feedback unless the run says otherwise. */
  pauseAfter: StageName[];
  /** How many skills and memories are retrieved before each stage. */
  retrievalK: number;
  /** Attempts at generating a project that runs (first try included). */
  maxCodeAttempts: number;
  sandbox: { timeoutMs: number; cpuSeconds: number; memoryBytes: number };
  latexTimeoutMs: number;
  /** Page limit of the compiled paper (a warning when exceeded). */
  maxPages: number;
  /** Most LLM tokens one run may use (prompt + completion); 0 means no limit. */
  runTokenBudget: number;
  /**
   * Longest one stretch of a run's execution may take (from start or resume to the end or a
   * pause) before the run is stopped and fails; 0 means no limit.
   */
  runTimeoutMs: number;
}
