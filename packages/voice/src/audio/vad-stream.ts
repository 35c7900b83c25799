import { VoiceError } from '../errors.ts';
import { AsyncQueue } from '../util/async-queue.ts';
import { VAD_FRAME_MS } from './silero-inference.ts';
import type { SileroListener, SileroStream } from './silero-stream.ts';
import type { SileroVAD } from './silero-vad.ts';
import { EchoReference } from './vad-echo.ts';
import { VADSegmenter } from './vad-segmenter.ts';
import type { SilencePolicy, VADSegmentEvent, VADSegmenterOptions } from './vad-segmenter.ts';
import type { VADEvent, VADStreamOptions, VoiceActivityStream } from './vad.ts';

/** Audio time between two `vad_overloaded` events of one stream while windows keep being skipped. */
const OVERLOAD_REPORT_INTERVAL_MS = 1000;

/**
 * Voice activity for one session: push PCM16LE 16 kHz mono of any length, read speech
 * start/stop events with `for await`. Audio is converted straight into the stream's queue of
 * 32 ms windows; the model runs them batched with other sessions' windows and hands each
 * probability back through a callback.
 */
export class VADStream implements VoiceActivityStream {
  private readonly model: SileroStream;
  private readonly maxLagMs: number;
  private readonly segmenter: VADSegmenter;
  private readonly events = new AsyncQueue<VADEvent>();
  private readonly onProbability: VADStreamOptions['onProbability'];
  private readonly skipQuiet: boolean;
  /** The assistant's audio, once some has been played. */
  private echo: EchoReference | null = null;
  private inputEnded = false;
  private stopped = false;
  /** Windows queued so far, and windows analysed or skipped. */
  private queued = 0;
  private done = 0;
  private drainWaiters: { until: number; resolve: () => void }[] = [];
  private skippedUnreported = 0;
  private lastOverloadReportMs = Number.NEGATIVE_INFINITY;

  constructor(vad: SileroVAD, options: VADStreamOptions = {}) {
    const { onProbability, skipQuiet, ...segmenterOptions } = options;
    this.segmenter = new VADSegmenter({ ...segmenterOptions, frameMs: VAD_FRAME_MS });
    this.onProbability = onProbability;
    this.skipQuiet = skipQuiet ?? false;
    const listener: SileroListener = {
      onProbability: (p, level, arrivedAt) => this.onResult(p, level, arrivedAt),
      skippable: (level) => this.skipQuiet && this.segmenter.idle && this.segmenter.isQuiet(level),
      onQuiet: (level, arrivedAt) => this.onResult(0, level, arrivedAt),
      onSkipped: (windows) => this.onSkipped(windows),
      onError: (err) => this.onError(err),
    };
    this.model = vad.createStream(listener);
    this.maxLagMs = vad.maxLagMs;
  }

  /** True while speech is in progress. */
  get inSpeech(): boolean {
    return this.segmenter.inSpeech;
  }

  /** Audio time analysed (or skipped) so far. */
  get processedMs(): number {
    return this.segmenter.timeMs;
  }

  /** Changes the turn-detection tuning mid-stream. */
  update(options: Omit<VADSegmenterOptions, 'frameMs'>): void {
    this.segmenter.update(options);
  }

  /** See {@link VADSegmenter.setSilencePolicy}. */
  setSilencePolicy(policy: SilencePolicy | null): void {
    this.segmenter.setSilencePolicy(policy);
  }

  /** The assistant's audio (PCM16LE 24 kHz) was sent to the client: its echo is not the user. */
  playback(pcm24k: Buffer): void {
    (this.echo ??= new EchoReference()).played(pcm24k);
  }

  /** The assistant's reply was cut off: audio sent ahead of its playback will not play. */
  playbackStopped(): void {
    this.echo?.stopped();
  }

  /** Adds audio; an odd byte at the end is held until the next push. */
  pushAudio(pcm16k: Buffer): void {
    if (this.inputEnded) throw new VoiceError('internal_error', 'pushAudio after endInput/close');
    if (this.stopped) return;
    this.queued += this.model.writePcm16(pcm16k);
  }

  /** Resolves once every window pushed so far has been analysed and its events queued. */
  drain(): Promise<void> {
    if (this.stopped || this.done >= this.queued) return Promise.resolve();
    return new Promise<void>((resolve) => this.drainWaiters.push({ until: this.queued, resolve }));
  }

  /**
   * No more audio: analyses what is queued, closes an open speech segment, then ends the
   * iteration. A last partial window (< 32 ms) is dropped.
   */
  endInput(): void {
    if (this.inputEnded) return;
    this.inputEnded = true;
    this.maybeFinish();
  }

  /** Stops at once: queued windows are dropped and the iteration ends. */
  close(): void {
    this.inputEnded = true;
    this.stopped = true;
    this.model.close();
    this.events.end();
    this.releaseWaiters();
  }

  [Symbol.asyncIterator](): AsyncIterator<VADEvent> {
    return this.events[Symbol.asyncIterator]();
  }

  private onResult(probability: number, levelDb: number, arrivedAt: number): void {
    if (this.stopped) return;
    this.onProbability?.(probability, this.segmenter.timeMs);
    const echo = this.echo;
    const events = this.segmenter.push(probability, levelDb, echo?.limitAt(arrivedAt));
    echo?.observe(levelDb, arrivedAt);
    for (let k = 0; k < events.length; k++) this.events.push(events[k] as VADSegmentEvent);
    this.done++;
    this.afterProgress();
  }

  private onSkipped(windows: number): void {
    if (this.stopped) return;
    this.segmenter.skip(windows);
    this.done += windows;
    this.skippedUnreported += windows;
    const nowMs = this.segmenter.timeMs;
    if (nowMs - this.lastOverloadReportMs >= OVERLOAD_REPORT_INTERVAL_MS) {
      const skippedMs = this.skippedUnreported * VAD_FRAME_MS;
      this.events.push({
        type: 'error',
        code: 'vad_overloaded',
        message: `voice activity detection fell more than ${this.maxLagMs} ms behind; ${skippedMs} ms of audio up to ${nowMs} ms was not analysed`,
        recoverable: true,
      });
      this.skippedUnreported = 0;
      this.lastOverloadReportMs = nowMs;
    }
    this.afterProgress();
  }

  private onError(err: VoiceError): void {
    if (this.stopped) return;
    this.stopped = true;
    this.events.push({
      type: 'error',
      code: 'vad_unavailable',
      message: err.message,
      recoverable: false,
    });
    this.events.end();
    this.releaseWaiters();
  }

  private afterProgress(): void {
    if (this.drainWaiters.length > 0) {
      const waiting = this.drainWaiters;
      this.drainWaiters = [];
      for (const w of waiting) {
        if (this.done >= w.until) w.resolve();
        else this.drainWaiters.push(w);
      }
    }
    if (this.inputEnded) this.maybeFinish();
  }

  private maybeFinish(): void {
    if (this.stopped || this.done < this.queued) return;
    for (const e of this.segmenter.end()) this.events.push(e);
    this.stopped = true; // nothing more comes from this stream
    this.model.close();
    this.events.end();
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    for (const w of this.drainWaiters.splice(0)) w.resolve();
  }
}
