import { pcm16ToInt16, powerDbfs, SILENT_DB } from './pcm.ts';

/** Options of an {@link EchoReference}. All durations are milliseconds, levels dB. */
export interface EchoReferenceOptions {
  /** Sample rate of the assistant's audio. */
  sampleRate?: number;
  /** How long after its playback the echo of a piece of audio may still arrive in the input. */
  maxDelayMs?: number;
  /** How much louder than the loudest echo seen so far the user must be. */
  marginDb?: number;
  /** Echo gain (input level minus assistant level) assumed before enough has been observed. */
  priorGainDb?: number;
}

const BLOCK_MS = 32;
/** Blocks of assistant audio remembered (about 4 s). */
const BLOCKS = 128;
/** Observations of the echo gain kept (about 5 s of playback). */
const GAIN_HISTORY = 160;
/** Observations before the measured gain replaces the prior. */
const GAIN_MIN_OBSERVATIONS = 16;
/** Share of observations at or below the gain estimate: the echo's loud end, not user speech. */
const GAIN_QUANTILE = 0.8;
/**
 * A reply whose playback began with no input window arriving within this long was played with
 * the microphone closed (push-to-talk, or a client that mutes it while the assistant speaks).
 */
const LIVE_INPUT_MS = 200;
/** Assistant audio quieter than this says nothing about the echo. */
const ACTIVE_DB = -60;
const HIST_MIN_DB = -100;
const HIST_BINS = 121; // 1 dB bins from -100 to +20

/**
 * What the assistant is playing, so that its echo in the input (a client without an echo
 * canceller, a speakerphone) is not taken for the user. The assistant's audio is kept as one
 * level per 32 ms on the wall clock of its playback (as the client plays it: from when it is sent,
 * back to back). For an input window that arrived at `t`, the echo can be at most as loud as the
 * loudest assistant audio of the last `maxDelayMs`, plus the echo gain; the gain is measured
 * during playback as a high quantile of (input level − assistant level), since most of what the
 * microphone hears while the assistant speaks is the assistant.
 */
export class EchoReference {
  private readonly sampleRate: number;
  private readonly maxDelayMs: number;
  private readonly marginDb: number;
  private readonly starts = new Float64Array(BLOCKS);
  private readonly levels = new Float32Array(BLOCKS);
  private next = 0;
  private count = 0;
  private playEnd = 0;
  /** When the current stretch of playback began, and whether input was live at that moment. */
  private runStart = Number.NEGATIVE_INFINITY;
  private runMonitored: boolean | null = null;
  private lastInput = Number.NEGATIVE_INFINITY;
  private readonly gains = new Int16Array(GAIN_HISTORY);
  private readonly histogram = new Uint16Array(HIST_BINS);
  private gainCount = 0;
  private gainNext = 0;
  private gainDb: number;

  constructor(options: EchoReferenceOptions = {}) {
    this.sampleRate = options.sampleRate ?? 24000;
    this.maxDelayMs = options.maxDelayMs ?? 450;
    this.marginDb = options.marginDb ?? 10;
    this.gainDb = options.priorGainDb ?? -20;
  }

  /** The current estimate of the echo gain, in dB. */
  get echoGainDb(): number {
    return this.gainDb;
  }

  /** Assistant audio (PCM16LE mono) sent to the client at `now`; it plays after what was sent before. */
  played(pcm: Buffer, now = performance.now()): void {
    const samples = pcm.length >> 1;
    if (samples === 0) return;
    const blockSamples = Math.round((this.sampleRate * BLOCK_MS) / 1000);
    if (now >= this.playEnd) {
      this.runStart = now;
      this.runMonitored = null;
    }
    let at = Math.max(now, this.playEnd);
    // A view of the samples (a copy only for an odd byte offset): every reply's audio passes here.
    const pcm16 = pcm16ToInt16(pcm.length % 2 === 0 ? pcm : pcm.subarray(0, samples * 2));
    for (let first = 0; first < samples; first += blockSamples) {
      const n = Math.min(blockSamples, samples - first);
      let energy = 0;
      for (let k = first; k < first + n; k++) {
        const x = (pcm16[k] as number) / 32768;
        energy += x * x;
      }
      this.starts[this.next] = at;
      this.levels[this.next] = powerDbfs(energy / n);
      this.next = (this.next + 1) % BLOCKS;
      this.count = Math.min(BLOCKS, this.count + 1);
      at += (n * 1000) / this.sampleRate;
    }
    this.playEnd = at;
  }

  /** Playback stopped at `now` (the reply was cancelled): audio not yet played never will be. */
  stopped(now = performance.now()): void {
    for (let k = 0; k < this.count; k++) {
      const i = (this.next - 1 - k + BLOCKS) % BLOCKS;
      if ((this.starts[i] as number) >= now) this.levels[i] = SILENT_DB;
    }
    this.playEnd = Math.min(this.playEnd, now);
  }

  /**
   * The level an input window that arrived at `t` must reach to be more than the echo of the
   * assistant's audio, or -Infinity when nothing audible was playing.
   */
  limitAt(t: number): number {
    if (!this.monitored(t)) return Number.NEGATIVE_INFINITY;
    const loudest = this.loudestBefore(t);
    return loudest < ACTIVE_DB ? Number.NEGATIVE_INFINITY : loudest + this.gainDb + this.marginDb;
  }

  /** Records an input window's level while the assistant was audible: it measures the echo gain. */
  observe(levelDb: number, t: number): void {
    if (!this.monitored(t)) return;
    const loudest = this.loudestBefore(t);
    if (loudest < ACTIVE_DB) return;
    const bin = Math.max(0, Math.min(HIST_BINS - 1, Math.round(levelDb - loudest) - HIST_MIN_DB));
    if (this.gainCount === GAIN_HISTORY) {
      const old = this.gains[this.gainNext] as number;
      this.histogram[old] = (this.histogram[old] as number) - 1;
    } else {
      this.gainCount++;
    }
    this.gains[this.gainNext] = bin;
    this.histogram[bin] = (this.histogram[bin] as number) + 1;
    this.gainNext = (this.gainNext + 1) % GAIN_HISTORY;
    if (this.gainCount < GAIN_MIN_OBSERVATIONS) return;
    const target = Math.ceil(this.gainCount * GAIN_QUANTILE);
    let seen = 0;
    for (let b = 0; b < HIST_BINS; b++) {
      seen += this.histogram[b] as number;
      if (seen >= target) {
        this.gainDb = b + HIST_MIN_DB;
        return;
      }
    }
  }

  /**
   * Whether the microphone has been live since the current playback began: an input window
   * arrived within {@link LIVE_INPUT_MS} of its start, and no longer gap came after. Input that
   * stopped during the reply and comes back is the user again, not a microphone left open.
   */
  private monitored(t: number): boolean {
    const gap = t - this.lastInput;
    this.lastInput = Math.max(this.lastInput, t);
    if (this.runMonitored === null) {
      if (t >= this.runStart) this.runMonitored = t - this.runStart <= LIVE_INPUT_MS;
    } else if (this.runMonitored && gap > LIVE_INPUT_MS) {
      this.runMonitored = false;
    }
    return this.runMonitored === true;
  }

  /** Loudest assistant block that played within `maxDelayMs` before `t` (window length included). */
  private loudestBefore(t: number): number {
    let loudest = Number.NEGATIVE_INFINITY;
    const from = t - this.maxDelayMs - BLOCK_MS;
    for (let k = 0; k < this.count; k++) {
      const i = (this.next - 1 - k + BLOCKS) % BLOCKS;
      const start = this.starts[i] as number;
      if (start > t) continue;
      if (start + BLOCK_MS < from) break;
      const level = this.levels[i] as number;
      if (level > loudest) loudest = level;
    }
    return loudest;
  }
}
