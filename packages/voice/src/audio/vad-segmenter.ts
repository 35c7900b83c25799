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
  /**
   * With levels: a frame is *clear* speech when its probability reaches this, it stands
   * `minSnrDb` above the noise floor and it is louder than the assistant's echo could be.
   */
  clearProbability?: number;
  /** How far above the noise floor (the quietest level of the last 2 s) a clear frame is. */
  minSnrDb?: number;
  /** Clear frames a start needs before it is confirmed (with levels only). */
  clearFrames?: number;
  /** A window at most this far above the noise floor is quiet: no inference while idle. */
  quietDb?: number;
}

/** The silence (ms) that ends speech now, given the silence so far. */
export type SilencePolicy = (silenceSoFarMs: number) => number;

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
  clearProbability: 0.95,
  minSnrDb: 6,
  clearFrames: 2,
  quietDb: 3,
});

/** Most frames cause no event: one shared empty result instead of an array per frame. */
const NO_EVENTS: readonly VADSegmentEvent[] = Object.freeze([]);

interface Candidate {
  startMs: number;
  speechMs: number;
  gapMs: number;
  lastSpeechEndMs: number;
  /** Clear frames so far (see {@link VADSegmenterOptions.clearProbability}). */
  clear: number;
}

/**
 * Turns per-frame speech probabilities into speech start/stop events with hysteresis,
 * a minimum speech duration and a silence timeout. Pure logic: no model, no clock.
 *
 * Given each frame's level, it also keeps noise from starting speech: a start is confirmed only
 * once it holds `clearFrames` clear frames (confident, above the noise floor, above the echo).
 * Steady noise, hum and far-away babble make the model say "speech" at moderate confidence and
 * close to their own floor; a near talker is both confident and well above it. A start that
 * has gone `minSpeechMs` without a clear frame slides forward, so speech over babble is dated
 * from near its own beginning rather than from the babble's.
 */
export class VADSegmenter {
  private silencePolicy: SilencePolicy | undefined;
  private opts: Required<VADSegmenterOptions>;
  readonly floor = new NoiseFloor();
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

  /** True when neither speech nor a start that is not yet confirmed is in progress. */
  get idle(): boolean {
    return !this.speaking && this.candidate === undefined;
  }

  /** Whether a window of `levelDb` is as quiet as the room (no inference needed while idle). */
  isQuiet(levelDb: number): boolean {
    return this.floor.known && levelDb <= this.floor.db + this.opts.quietDb;
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

  /**
   * Decides the silence that ends speech, asked at every silent frame with the silence so far
   * (a semantic turn detector waits longer after half a sentence); null restores `silenceMs`.
   */
  setSilencePolicy(policy: SilencePolicy | null): void {
    this.silencePolicy = policy ?? undefined;
  }

  /**
   * Consumes the probability of the next frame; returns the events it causes (zero or one).
   * With `levelDb` (the frame's level, dBFS) a start must also hold clear frames; `echoLimitDb`
   * is the level the assistant's echo could reach in this frame (a clear frame is above it).
   * Without a level every frame counts as clear.
   */
  push(probability: number, levelDb?: number, echoLimitDb?: number): readonly VADSegmentEvent[] {
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
    let clear = 1;
    if (levelDb !== undefined) {
      clear =
        probability >= this.opts.clearProbability &&
        this.floor.known &&
        levelDb >= this.floor.db + this.opts.minSnrDb &&
        !(echoLimitDb !== undefined && levelDb < echoLimitDb)
          ? 1
          : 0;
      this.floor.observe(levelDb);
    }
    if (this.speaking) {
      if (probability >= endThreshold) {
        this.silenceRunMs = 0;
        this.lastSpeechEndMs = frameEnd;
        return NO_EVENTS;
      }
      this.silenceRunMs += frameMs;
      if (this.silenceRunMs < (this.silencePolicy?.(this.silenceRunMs) ?? silenceMs))
        return NO_EVENTS;
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
          clear,
        };
      }
    } else if (probability >= endThreshold) {
      c.speechMs += frameMs;
      c.gapMs = 0;
      c.lastSpeechEndMs = frameEnd;
      c.clear += clear;
      if (c.clear === 0 && frameEnd - c.startMs > minSpeechMs) {
        c.startMs = frameEnd - minSpeechMs;
        c.speechMs = Math.min(c.speechMs, minSpeechMs);
      }
    } else {
      c.gapMs += frameMs;
      if (c.gapMs >= startGapMs) this.candidate = undefined;
    }
    const confirmed = this.candidate;
    if (
      !confirmed ||
      confirmed.speechMs < minSpeechMs ||
      (levelDb !== undefined && confirmed.clear < this.opts.clearFrames)
    )
      return NO_EVENTS;
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
    this.floor.reset();
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
  if (!(o.clearFrames >= 1)) throw new RangeError('clearFrames must be at least 1');
  if (!(o.endThreshold <= o.startThreshold))
    throw new RangeError('endThreshold must not exceed startThreshold');
  if (!(o.frameMs > 0)) throw new RangeError('frameMs must be positive');
  for (const k of ['minSpeechMs', 'silenceMs', 'speechPadMs', 'startGapMs'] as const) {
    if (!(o[k] >= 0)) throw new RangeError(`${k} must be a non-negative number of milliseconds`);
  }
  return o;
}

/** Windows per block of the noise floor's running minimum, and blocks kept (about 2 s in all). */
const FLOOR_BLOCK = 8;
const FLOOR_BLOCKS = 8;
/** Windows seen before the floor is trusted. */
const FLOOR_WARMUP = 4;

/**
 * The noise floor of a stream: the quietest window level (dBFS) of about the last two
 * seconds, a running minimum over blocks of windows so that each window costs O(1).
 */
export class NoiseFloor {
  private readonly blocks = new Float64Array(FLOOR_BLOCKS).fill(Number.POSITIVE_INFINITY);
  private block = 0;
  private inBlock = 0;
  private current = Number.POSITIVE_INFINITY;
  private seen = 0;
  private minDb = Number.POSITIVE_INFINITY;

  /** True once enough audio was seen for the floor to mean something. */
  get known(): boolean {
    return this.seen >= FLOOR_WARMUP;
  }

  /** The floor, in dBFS (+Infinity before any window). */
  get db(): number {
    return Math.min(this.minDb, this.current);
  }

  /** Adds a window's level. */
  observe(levelDb: number): void {
    this.seen++;
    if (levelDb < this.current) this.current = levelDb;
    if (++this.inBlock < FLOOR_BLOCK) return;
    this.blocks[this.block] = this.current;
    this.block = (this.block + 1) % FLOOR_BLOCKS;
    this.current = Number.POSITIVE_INFINITY;
    this.inBlock = 0;
    let min = Number.POSITIVE_INFINITY;
    for (let k = 0; k < FLOOR_BLOCKS; k++) min = Math.min(min, this.blocks[k] as number);
    this.minDb = min;
  }

  reset(): void {
    this.blocks.fill(Number.POSITIVE_INFINITY);
    this.block = this.inBlock = this.seen = 0;
    this.current = this.minDb = Number.POSITIVE_INFINITY;
  }
}
