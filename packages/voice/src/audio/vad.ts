import { VoiceError, toVoiceError } from '../errors.ts';
import { AsyncQueue } from '../util/async-queue.ts';
import { pcm16ToFloat32, Pcm16Aligner } from './pcm.ts';
import { SileroVAD, VAD_FRAME_MS, VAD_FRAME_SAMPLES } from './silero-vad.ts';
import type { SileroStream } from './silero-vad.ts';
import { VADSegmenter } from './vad-segmenter.ts';
import type { VADSegmentEvent, VADSegmenterOptions } from './vad-segmenter.ts';

export {
  SileroVAD,
  SileroStream,
  VAD_FRAME_MS,
  VAD_FRAME_SAMPLES,
  VAD_SAMPLE_RATE,
  defaultSileroModelPath,
} from './silero-vad.ts';
export type { SileroVADOptions } from './silero-vad.ts';
export { VADSegmenter, DEFAULT_SEGMENTER_OPTIONS } from './vad-segmenter.ts';
export type { VADSegmentEvent, VADSegmenterOptions } from './vad-segmenter.ts';

/** What a {@link VADStream} yields: speech boundaries, or a failure of the model. */
export type VADEvent =
  VADSegmentEvent | { type: 'error'; code: 'vad_unavailable'; message: string; recoverable: false };

/** Options of a {@link VADStream}: the segmenter's tuning (frame size is fixed by the model). */
export type VADStreamOptions = Omit<VADSegmenterOptions, 'frameMs'> & {
  /** Called with every frame's speech probability, for diagnostics. */
  onProbability?: (probability: number, frameStartMs: number) => void;
};

/**
 * Voice activity for one session: push PCM16LE 16 kHz mono of any length, read speech
 * start/stop events with `for await`. Audio is cut into 32 ms windows; the model runs them
 * batched with other sessions' windows.
 */
export class VADStream implements AsyncIterable<VADEvent> {
  private readonly model: SileroStream;
  private readonly segmenter: VADSegmenter;
  private readonly events = new AsyncQueue<VADEvent>();
  private readonly aligner = new Pcm16Aligner();
  private readonly onProbability: VADStreamOptions['onProbability'];
  private pending = new Float32Array(0);
  private tail: Promise<void> = Promise.resolve();
  private inputEnded = false;
  private failed = false;
  private frameIndex = 0;

  constructor(vad: SileroVAD, options: VADStreamOptions = {}) {
    const { onProbability, ...segmenterOptions } = options;
    this.model = vad.createStream();
    this.segmenter = new VADSegmenter({ ...segmenterOptions, frameMs: VAD_FRAME_MS });
    this.onProbability = onProbability;
  }

  /** True while speech is in progress. */
  get inSpeech(): boolean {
    return this.segmenter.inSpeech;
  }

  /** Audio time analysed so far. */
  get processedMs(): number {
    return this.segmenter.timeMs;
  }

  /** Changes the turn-detection tuning mid-stream. */
  update(options: Omit<VADSegmenterOptions, 'frameMs'>): void {
    this.segmenter.update(options);
  }

  /** Adds audio; an odd byte at the end is held until the next push. */
  pushAudio(pcm16k: Buffer): void {
    if (this.inputEnded) throw new VoiceError('internal_error', 'pushAudio after endInput/close');
    const whole = this.aligner.push(pcm16k);
    if (whole.length === 0) return;
    const samples = pcm16ToFloat32(whole);
    let buf = samples;
    if (this.pending.length > 0) {
      buf = new Float32Array(this.pending.length + samples.length);
      buf.set(this.pending);
      buf.set(samples, this.pending.length);
    }
    let offset = 0;
    for (; offset + VAD_FRAME_SAMPLES <= buf.length; offset += VAD_FRAME_SAMPLES) {
      this.schedule(buf.slice(offset, offset + VAD_FRAME_SAMPLES));
    }
    this.pending = buf.slice(offset);
  }

  /** Resolves once every window pushed so far has been analysed and its events queued. */
  drain(): Promise<void> {
    return this.tail;
  }

  /**
   * No more audio: analyses what is queued, closes an open speech segment, then ends the
   * iteration. A last partial window (< 32 ms) is dropped.
   */
  endInput(): void {
    if (this.inputEnded) return;
    this.inputEnded = true;
    this.tail = this.tail.then(() => {
      if (!this.failed) for (const e of this.segmenter.end()) this.events.push(e);
      this.events.end();
    });
  }

  /** Stops at once: queued windows are dropped and the iteration ends. */
  close(): void {
    this.inputEnded = true;
    this.failed = true;
    this.events.end();
  }

  [Symbol.asyncIterator](): AsyncIterator<VADEvent> {
    return this.events[Symbol.asyncIterator]();
  }

  private schedule(frame: Float32Array): void {
    // Queue the inference now (so it joins the next batch) but consume results in order.
    const probability = this.model.process(frame);
    const frameStartMs = this.frameIndex++ * VAD_FRAME_MS;
    this.tail = this.tail.then(async () => {
      if (this.failed) return;
      try {
        const p = await probability;
        this.onProbability?.(p, frameStartMs);
        for (const e of this.segmenter.push(p)) this.events.push(e);
      } catch (err) {
        this.failed = true;
        const e = toVoiceError(err, 'vad_unavailable');
        this.events.push({
          type: 'error',
          code: 'vad_unavailable',
          message: e.message,
          recoverable: false,
        });
        this.events.end();
      }
    });
    // An unobserved rejection here is handled in the chain above.
    probability.catch(() => undefined);
  }
}
