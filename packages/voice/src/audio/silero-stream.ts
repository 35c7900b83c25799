import { endianness } from 'node:os';
import { VoiceError } from '../errors.ts';
import {
  CONTEXT_SAMPLES,
  INPUT_SAMPLES,
  STATE_SIZE,
  VAD_FRAME_SAMPLES,
} from './silero-inference.ts';
import type { SileroBatch } from './silero-inference.ts';
import { powerDbfs, SILENT_DB } from './pcm.ts';

/** Receives a {@link SileroStream}'s results, in window order. */
export interface SileroListener {
  /**
   * Speech probability of the next window, with the window's level (dBFS) and when its last
   * sample arrived (`performance.now()`).
   */
  onProbability(probability: number, levelDb: number, arrivedAt: number): void;
  /**
   * Asked before a window goes to the model: true when a window of this level needs no
   * inference (nothing is in progress and it is as quiet as the room). It then gets
   * {@link onQuiet} instead of a probability.
   */
  skippable?(levelDb: number): boolean;
  /** The next window was not analysed: it was quiet and nothing was in progress. */
  onQuiet?(levelDb: number, arrivedAt: number): void;
  /** The next `windows` windows were skipped: they waited longer than `maxLagMs`. */
  onSkipped(windows: number): void;
  /** The model failed (`vad_unavailable`); the stream gets nothing more. */
  onError(err: VoiceError): void;
}

/** What a stream tells the scheduler that batches its windows with other streams'. */
export interface WindowScheduler {
  /** A window that has waited longer than this is skipped. */
  readonly maxLagMs: number;
  /** The stream completed a window: it is ready for a call. */
  windowQueued(stream: SileroStream): void;
  /** Windows left the stream's queue without a call; `skipped` when they waited too long. */
  windowsRemoved(count: number, skipped?: boolean): void;
  /** A window was completed and found too quiet to analyse; it was never queued. */
  windowPassed(): void;
}

const INITIAL_WINDOWS = 4;
const PCM16_SCALE = 1 / 32768;
/** Level in dBFS of a window whose squared samples sum to `energy`. */
export function windowLevelDb(energy: number): number {
  return powerDbfs(energy / VAD_FRAME_SAMPLES);
}
// Int16Array views over PCM16LE bytes read the right values only on a little-endian host.
const LITTLE_ENDIAN_HOST = endianness() === 'LE';

/**
 * One session's view of the VAD model: its recurrent state, the previous window's tail, and a
 * queue of whole windows (a ring of 512-sample slots, PCM16 converted straight into it).
 */
export class SileroStream {
  /** [2, 128] recurrent state. */
  private readonly state = new Float32Array(2 * STATE_SIZE);
  /** Last samples of the window before the next one to analyse. */
  private readonly context = new Float32Array(CONTEXT_SAMPLES);
  private readonly listener: SileroListener;
  private windowInCall = false;
  private readonly promises: { resolve: (p: number) => void; reject: (e: unknown) => void }[] = [];
  private ring = new Float32Array(INITIAL_WINDOWS * VAD_FRAME_SAMPLES);
  private arrivals = new Float64Array(INITIAL_WINDOWS);
  /** Level (dBFS) of each queued window. */
  private levels = new Float32Array(INITIAL_WINDOWS);
  /** Sum of squares of the samples written into the slot being filled. */
  private energy = 0;
  /** Level and arrival of the window in a call. */
  private callLevel = SILENT_DB;
  private callArrival = 0;
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
    private readonly scheduler: WindowScheduler,
    /** The inference worker the stream started with: if that worker crashes, the stream ends. */
    readonly generation: number,
    listener?: SileroListener,
  ) {
    this.listener = listener ?? this.promiseListener();
  }

  /** True while a window of this stream is in a call (its next one must wait for the result). */
  get inCall(): boolean {
    return this.windowInCall;
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
      let energy = 0;
      for (let k = 0; k < VAD_FRAME_SAMPLES; k++) energy += (frame512[k] as number) ** 2;
      this.energy = energy;
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
      const sample = ((((pcm[0] as number) << 24) >> 16) | this.carry) * PCM16_SCALE;
      this.carry = -1;
      i = 1;
      this.energy += sample * sample;
      this.ring[this.slot() * VAD_FRAME_SAMPLES + this.fill++] = sample;
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
      let energy = 0;
      if (LITTLE_ENDIAN_HOST && ((pcm.byteOffset + i) & 1) === 0) {
        // Aligned (the usual case): read whole samples. × 2^-15 is exact, like ÷ 32768.
        const samples = new Int16Array(pcm.buffer, pcm.byteOffset + i, take);
        for (let k = 0; at < end; at++, k++) {
          const x = (samples[k] as number) * PCM16_SCALE;
          energy += x * x;
          ring[at] = x;
        }
        i += 2 * take;
      } else {
        for (; at < end; at++, i += 2) {
          const x = ((((pcm[i + 1] as number) << 24) >> 16) | (pcm[i] as number)) * PCM16_SCALE;
          energy += x * x;
          ring[at] = x;
        }
      }
      this.energy += energy;
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
    this.scheduler.windowsRemoved(this.count);
    this.count = this.fill = this.pendingSkips = 0;
    this.energy = 0;
    this.carry = -1;
  }

  /** Drops queued windows and stops taking audio; a window in flight is ignored when it returns. */
  close(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.scheduler.windowsRemoved(this.count);
    this.count = 0;
    for (const p of this.promises.splice(0))
      p.reject(new VoiceError('vad_unavailable', 'the VAD stream is closed'));
  }

  // ---- the scheduler's side ----

  /**
   * Once the oldest window has waited longer than the scheduler's `maxLagMs`, skips every
   * window older than a quarter of that: the stream gets back near real time at once instead of
   * hovering at the limit and losing a window on every call.
   */
  expire(now: number): void {
    if (this.count === 0 || (this.arrivals[this.head] as number) >= now - this.scheduler.maxLagMs)
      return;
    const limit = now - this.scheduler.maxLagMs / 4;
    let skipped = 0;
    while (this.count > 0 && (this.arrivals[this.head] as number) < limit) {
      this.dropHead();
      skipped++;
    }
    if (skipped === 0) return;
    this.scheduler.windowsRemoved(skipped, true);
    if (this.windowInCall) this.pendingSkips += skipped;
    else this.reportSkipped(skipped);
  }

  /**
   * Passes over the oldest queued windows that the listener finds too quiet to analyse (see
   * {@link SileroListener.skippable}); returns how many. Only while no window is in a call, so
   * the listener has seen every result before it.
   */
  passQuiet(): number {
    const skippable = this.listener.skippable;
    if (!skippable || this.windowInCall) return 0;
    let passed = 0;
    while (this.count > 0 && !this.stopped) {
      const level = this.levels[this.head] as number;
      if (!skippable.call(this.listener, level)) break;
      const arrivedAt = this.arrivals[this.head] as number;
      this.dropHead();
      passed++;
      this.listener.onQuiet?.(level, arrivedAt);
    }
    return passed;
  }

  /** Moves the oldest queued window into row `b` of a call; the stream is in that call until its result. */
  take(arrays: SileroBatch, b: number): void {
    const start = this.head * VAD_FRAME_SAMPLES;
    this.callLevel = this.levels[this.head] as number;
    this.callArrival = this.arrivals[this.head] as number;
    this.fillRow(arrays, b, this.ring.subarray(start, start + VAD_FRAME_SAMPLES));
    this.head = (this.head + 1) % this.capacity;
    this.count--;
    this.windowInCall = true;
  }

  /**
   * Writes the context, `window` and the state into row `b` of a call, and keeps the window's
   * tail as the next context.
   */
  fillRow(arrays: SileroBatch, b: number, window: Float32Array): void {
    const row = b * INPUT_SAMPLES;
    arrays.input.set(this.context, row);
    arrays.input.set(window, row + CONTEXT_SAMPLES);
    // The call's state is [2, batch, 128]; a stream keeps its own as [2, 128].
    arrays.state.set(this.state.subarray(0, STATE_SIZE), b * STATE_SIZE);
    arrays.state.set(this.state.subarray(STATE_SIZE), (arrays.batch + b) * STATE_SIZE);
    this.context.set(window.subarray(VAD_FRAME_SAMPLES - CONTEXT_SAMPLES));
  }

  /** Keeps row `b` of a call's new state ([2, batch, 128]) as the stream's state. */
  storeState(stateN: Float32Array, b: number, batch: number): void {
    this.state.set(stateN.subarray(b * STATE_SIZE, (b + 1) * STATE_SIZE), 0);
    this.state.set(
      stateN.subarray((batch + b) * STATE_SIZE, (batch + b + 1) * STATE_SIZE),
      STATE_SIZE,
    );
  }

  /** The call with the stream's window ended without a result for it (a stale worker). */
  leaveCall(): void {
    this.windowInCall = false;
  }

  /** The result of the window taken last: its state, then its probability to the listener. */
  deliver(probability: number, stateN: Float32Array, b: number, batch: number): void {
    this.windowInCall = false;
    this.storeState(stateN, b, batch);
    if (this.stopped) return;
    this.listener.onProbability(probability, this.callLevel, this.callArrival);
    if (this.pendingSkips > 0) {
      const skipped = this.pendingSkips;
      this.pendingSkips = 0;
      this.reportSkipped(skipped);
    }
  }

  /** The model failed: the stream stops and its listener is told once. */
  fail(err: VoiceError): void {
    this.windowInCall = false;
    if (this.stopped) return;
    this.stopped = true;
    this.scheduler.windowsRemoved(this.count);
    this.count = 0;
    this.listener.onError(err);
  }

  private reportSkipped(windows: number): void {
    this.listener.onSkipped(windows);
  }

  private slot(): number {
    return (this.head + this.count) % this.capacity;
  }

  /** Removes the oldest queued window unanalysed; its tail is still the next one's context. */
  private dropHead(): void {
    const start = this.head * VAD_FRAME_SAMPLES;
    this.context.set(
      this.ring.subarray(start + VAD_FRAME_SAMPLES - CONTEXT_SAMPLES, start + VAD_FRAME_SAMPLES),
    );
    this.head = (this.head + 1) % this.capacity;
    this.count--;
  }

  private completeWindow(): void {
    const now = performance.now();
    const level = windowLevelDb(this.energy);
    this.energy = 0;
    this.fill = 0;
    // Caught up and quiet: nothing to analyse, and no call or timer is needed for it.
    if (this.count === 0 && !this.windowInCall && this.listener.skippable?.(level)) {
      const start = this.slot() * VAD_FRAME_SAMPLES;
      this.context.set(
        this.ring.subarray(start + VAD_FRAME_SAMPLES - CONTEXT_SAMPLES, start + VAD_FRAME_SAMPLES),
      );
      this.scheduler.windowPassed();
      this.listener.onQuiet?.(level, now);
      return;
    }
    this.arrivals[this.slot()] = now;
    this.levels[this.slot()] = level;
    this.count++;
    if (this.count === this.capacity) this.grow();
    this.scheduler.windowQueued(this);
    // Under overload the oldest windows go first, so the queue never holds much more than maxLagMs.
    if (this.count > 0 && now - (this.arrivals[this.head] as number) > this.scheduler.maxLagMs)
      this.expire(now);
  }

  /** Doubles the ring, keeping the queued windows in order from slot 0. */
  private grow(): void {
    const capacity = this.capacity * 2;
    const ring = new Float32Array(capacity * VAD_FRAME_SAMPLES);
    const arrivals = new Float64Array(capacity);
    const levels = new Float32Array(capacity);
    for (let k = 0; k < this.count; k++) {
      const from = ((this.head + k) % this.capacity) * VAD_FRAME_SAMPLES;
      ring.set(this.ring.subarray(from, from + VAD_FRAME_SAMPLES), k * VAD_FRAME_SAMPLES);
      arrivals[k] = this.arrivals[(this.head + k) % this.capacity] as number;
      levels[k] = this.levels[(this.head + k) % this.capacity] as number;
    }
    this.ring = ring;
    this.arrivals = arrivals;
    this.levels = levels;
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
          `the VAD fell more than ${this.scheduler.maxLagMs} ms behind; a window was skipped`,
        );
        for (let k = 0; k < windows; k++) promises.shift()?.reject(err);
      },
      onError: (err) => {
        for (const p of promises.splice(0)) p.reject(err);
      },
    };
  }
}
