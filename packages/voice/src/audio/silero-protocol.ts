import type { SileroBatch, SileroOutput } from './silero-inference.ts';

/** Data the inference worker starts with. */
export interface SileroWorkerInit {
  modelPath: string;
  intraOpNumThreads: number;
}

/** Messages to the inference worker. One `run` is in flight at a time. */
export type ToSileroWorker = { type: 'run'; id: number } & SileroBatch;

/** Messages from the inference worker. `run` hands the input buffers back for reuse. */
export type FromSileroWorker =
  | { type: 'ready'; loadMs: number }
  | ({ type: 'result'; id: number; input: Float32Array; state: Float32Array } & SileroOutput)
  | { type: 'error'; id: number | null; message: string };
