/** Turn-detection tuning of a {@link VADSegmenter}. All durations are milliseconds. */
export interface VADSegmenterOptions {
  /** Probability at or above which a frame can start speech. */
  startThreshold?: number;
  /** Probability below which a frame counts as silence (hysteresis: lower than the start). */
  endThreshold?: number;
  /** Speech needed before a start is confirmed (the start is still dated at the first speechy frame). */
  minSpeechMs?: number;
  /** Silence after speech that ends it (the session's `turn_detection.silence_ms`). */
  silenceMs?: number;
  /** Audio kept on both sides of a segment (moves the start earlier and the end later). */
  speechPadMs?: number;
  /** Silence inside a not-yet-confirmed start that discards it (a click, a cough). */
  startGapMs?: number;
  /** Duration of one probability frame. */
  frameMs?: number;
}

/** Speech boundaries in milliseconds of audio time since the stream began. */
export type VADSegmentEvent =
  | {
      type: 'speech_started';
      /** start of the speech, padded */ startMs: number;
      /** when it was confirmed */ atMs: number;
    }
  | {
      type: 'speech_stopped';
      startMs: number;
      /** end of the speech, padded */
      endMs: number;
      /** when the silence was long enough */
      atMs: number;
    };

export const DEFAULT_SEGMENTER_OPTIONS: Readonly<Required<VADSegmenterOptions>> = Object.freeze({
  startThreshold: 0.5,
  endThreshold: 0.35,
  minSpeechMs: 250,
  silenceMs: 500,
  speechPadMs: 30,
  startGapMs: 100,
  frameMs: 32,
});

/** Most frames cause no event: one shared empty result instead of an array per frame. */
const NO_EVENTS: readonly VADSegmentEvent[] = Object.freeze([]);

interface Candidate {
  startMs: number;
  speechMs: number;
  gapMs: number;
  lastSpeechEndMs: number;
}

/**
 * Turns per-frame speech probabilities into speech start/stop events with hysteresis,
 * a minimum speech duration and a silence timeout. Pure logic: no model, no clock.
 */
export class VADSegmenter {
  private opts: Required<VADSegmenterOptions>;
  private frames = 0;
  private candidate: Candidate | undefined;
  private speaking = false;
  private segmentStartMs = 0;
  private lastSpeechEndMs = 0;
  private silenceRunMs = 0;

  constructor(options: VADSegmenterOptions = {}) {
    this.opts = resolveOptions(options);
  }

  /** True between a speech_started and its speech_stopped. */
  get inSpeech(): boolean {
    return this.speaking;
  }

  /** Audio time consumed so far. */
  get timeMs(): number {
    return this.frames * this.opts.frameMs;
  }

  /** The options in force. */
  get options(): Readonly<Required<VADSegmenterOptions>> {
    return this.opts;
  }

  /** Changes tuning mid-stream (e.g. a `session.update` with a new `silence_ms`). */
  update(options: VADSegmenterOptions): void {
    this.opts = resolveOptions({ ...this.opts, ...options });
  }

  /** Consumes the probability of the next frame; returns the events it causes (zero or one). */
  push(probability: number): readonly VADSegmentEvent[] {
    const {
      startThreshold,
      endThreshold,
      minSpeechMs,
      silenceMs,
      speechPadMs,
      startGapMs,
      frameMs,
    } = this.opts;
    const frameStart = this.frames * frameMs;
    const frameEnd = frameStart + frameMs;
    this.frames++;
    if (this.speaking) {
      if (probability >= endThreshold) {
        this.silenceRunMs = 0;
        this.lastSpeechEndMs = frameEnd;
        return NO_EVENTS;
      }
      this.silenceRunMs += frameMs;
      if (this.silenceRunMs < silenceMs) return NO_EVENTS;
      return [this.stop(frameEnd)];
    }
    const c = this.candidate;
    if (!c) {
      if (probability >= startThreshold) {
        this.candidate = {
          startMs: frameStart,
          speechMs: frameMs,
          gapMs: 0,
          lastSpeechEndMs: frameEnd,
        };
      }
    } else if (probability >= endThreshold) {
      c.speechMs += frameMs;
      c.gapMs = 0;
      c.lastSpeechEndMs = frameEnd;
    } else {
      c.gapMs += frameMs;
      if (c.gapMs >= startGapMs) this.candidate = undefined;
    }
    const confirmed = this.candidate;
    if (!confirmed || confirmed.speechMs < minSpeechMs) return NO_EVENTS;
    this.candidate = undefined;
    this.speaking = true;
    this.segmentStartMs = Math.max(0, confirmed.startMs - speechPadMs);
    this.lastSpeechEndMs = confirmed.lastSpeechEndMs;
    this.silenceRunMs = confirmed.gapMs;
    return [{ type: 'speech_started', startMs: this.segmentStartMs, atMs: frameEnd }];
  }

  /**
   * Advances the clock over `frames` frames that were not analysed (skipped under overload).
   * A start that was not yet confirmed is dropped: it cannot be confirmed across a gap. Speech
   * in progress stays in progress, neither extended nor ended by the gap.
   */
  skip(frames: number): void {
    this.frames += frames;
    this.candidate = undefined;
  }

  /** Ends the stream: closes an open speech segment at the current time. */
  end(): VADSegmentEvent[] {
    this.candidate = undefined;
    return this.speaking ? [this.stop(this.timeMs)] : [];
  }

  /** Forgets everything, including the audio clock. */
  reset(): void {
    this.frames = 0;
    this.candidate = undefined;
    this.speaking = false;
    this.silenceRunMs = 0;
  }

  private stop(nowMs: number): VADSegmentEvent {
    this.speaking = false;
    this.silenceRunMs = 0;
    this.candidate = undefined;
    const endMs = Math.min(this.lastSpeechEndMs + this.opts.speechPadMs, nowMs);
    return { type: 'speech_stopped', startMs: this.segmentStartMs, endMs, atMs: nowMs };
  }
}

function resolveOptions(options: VADSegmenterOptions): Required<VADSegmenterOptions> {
  const o = { ...DEFAULT_SEGMENTER_OPTIONS };
  for (const [k, v] of Object.entries(options) as [
    keyof VADSegmenterOptions,
    number | undefined,
  ][]) {
    if (v !== undefined) o[k] = v;
  }
  if (!(o.endThreshold <= o.startThreshold))
    throw new RangeError('endThreshold must not exceed startThreshold');
  if (!(o.frameMs > 0)) throw new RangeError('frameMs must be positive');
  for (const k of ['minSpeechMs', 'silenceMs', 'speechPadMs', 'startGapMs'] as const) {
    if (!(o[k] >= 0)) throw new RangeError(`${k} must be a non-negative number of milliseconds`);
  }
  return o;
}
