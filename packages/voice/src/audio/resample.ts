import { Pcm16Aligner, float32ToPcm16, pcm16ToFloat32 } from './pcm.ts';

/** Filter design of a {@link Resampler}. */
export interface ResamplerOptions {
  /** Zero crossings of the sinc on each side, at the lower of the two rates; more is sharper and slower. */
  zeroCrossings?: number;
  /** Passband edge as a fraction of the lower Nyquist frequency. */
  rolloff?: number;
  /** Kaiser window shape; 8 gives about 80 dB of stopband attenuation. */
  kaiserBeta?: number;
}

const MAX_PHASES = 4096;

/**
 * Streaming windowed-sinc (Kaiser) polyphase resampler for mono audio between integer rates.
 * Output sample n sits at input time n * inRate / outRate with zero delay (the first output
 * is aligned with the first input); it keeps the filter history between chunks, so feeding
 * one buffer or many produces the same samples and no clicks at chunk boundaries.
 * `flush()` emits the tail and makes the resampler ready for a new stream.
 */
export class Resampler {
  /** Output samples per `down` input samples: the reduced ratio. */
  private readonly up: number;
  private readonly down: number;
  /** Taps per phase and half of it (the filter's reach on each side, in input samples). */
  private readonly taps: number;
  private readonly half: number;
  private readonly coeffs: Float32Array;
  private readonly passthrough: boolean;
  private readonly aligner = new Pcm16Aligner();

  private hist!: Float32Array;
  private histStart = 0;
  private i = 0;
  private phase = 0;
  private totalIn = 0;

  constructor(
    readonly inRate: number,
    readonly outRate: number,
    options: ResamplerOptions = {},
  ) {
    if (!Number.isInteger(inRate) || !Number.isInteger(outRate) || inRate <= 0 || outRate <= 0) {
      throw new RangeError(`sample rates must be positive integers (got ${inRate} -> ${outRate})`);
    }
    const g = gcd(inRate, outRate);
    this.up = outRate / g;
    this.down = inRate / g;
    if (this.up > MAX_PHASES)
      throw new RangeError(`resampling ${inRate} -> ${outRate} needs too many phases`);
    this.passthrough = inRate === outRate;
    const zeroCrossings = options.zeroCrossings ?? 16;
    const rolloff = options.rolloff ?? 0.9;
    const beta = options.kaiserBeta ?? 8;
    // Cutoff as a fraction of the input Nyquist: below both Nyquist frequencies.
    const cutoff = rolloff * Math.min(1, this.up / this.down);
    this.half = Math.ceil(zeroCrossings / cutoff);
    this.taps = 2 * this.half;
    this.coeffs = designPolyphase(this.up, this.half, cutoff, beta);
    this.reset();
  }

  /** Forgets all history, as if newly constructed. */
  reset(): void {
    this.hist = new Float32Array(this.half - 1);
    this.histStart = -(this.half - 1);
    this.i = 0;
    this.phase = 0;
    this.totalIn = 0;
  }

  /** Resamples the next chunk of float samples; returns the output samples now complete. */
  pushFloat(input: Float32Array): Float32Array {
    if (this.passthrough) return input;
    this.totalIn += input.length;
    const data = new Float32Array(this.hist.length + input.length);
    data.set(this.hist);
    data.set(input, this.hist.length);
    return this.run(data, this.histStart + data.length - 1 - this.half);
  }

  /** Emits the remaining output (the input is treated as followed by silence) and resets. */
  flushFloat(): Float32Array {
    if (this.passthrough) return new Float32Array(0);
    const lastNeeded = this.totalIn - 1 + this.half;
    const have = this.histStart + this.hist.length - 1;
    const data = new Float32Array(this.hist.length + Math.max(0, lastNeeded - have));
    data.set(this.hist);
    const out = this.run(data, this.totalIn - 1);
    this.reset();
    return out;
  }

  /** Resamples PCM16LE bytes; a trailing odd byte is kept for the next chunk. */
  push(pcm: Buffer): Buffer {
    const whole = this.aligner.push(pcm);
    if (this.passthrough) return whole;
    return float32ToPcm16(this.pushFloat(pcm16ToFloat32(whole)));
  }

  /** PCM16LE version of {@link flushFloat}. */
  flush(): Buffer {
    return float32ToPcm16(this.flushFloat());
  }

  // data[k] is input sample histStart + k; produces every output whose centre index is <= limit.
  private run(data: Float32Array, limit: number): Float32Array {
    const { up, down, taps, half, coeffs } = this;
    const count = Math.max(0, Math.ceil(((limit - this.i + 1) * up - this.phase) / down) + 1);
    const out = new Float32Array(count);
    let n = 0;
    let i = this.i;
    let phase = this.phase;
    while (i <= limit) {
      const base = i - half + 1 - this.histStart;
      const c = phase * taps;
      let acc = 0;
      for (let k = 0; k < taps; k++) acc += (data[base + k] as number) * (coeffs[c + k] as number);
      out[n++] = acc;
      phase += down;
      if (phase >= up) {
        i += Math.floor(phase / up);
        phase %= up;
      }
    }
    this.i = i;
    this.phase = phase;
    const keepAbs = Math.min(i - half + 1, this.histStart + data.length);
    this.hist = data.slice(keepAbs - this.histStart);
    this.histStart = keepAbs;
    return n === out.length ? out : out.subarray(0, n);
  }
}

/** Resamples a whole PCM16LE buffer in one go. */
export function resamplePcm16(pcm: Buffer, inRate: number, outRate: number): Buffer {
  if (inRate === outRate) return pcm;
  const r = new Resampler(inRate, outRate);
  const head = r.push(pcm);
  return Buffer.concat([head, r.flush()]);
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

// Phase p (output at input time i + p/up) weights input sample i + j, j in [-half+1, half],
// by h(p/up - j), where h is a Kaiser-windowed sinc at `cutoff` (fraction of input Nyquist).
// Each phase is normalised to unit DC gain so a constant signal passes unchanged.
function designPolyphase(up: number, half: number, cutoff: number, beta: number): Float32Array {
  const taps = 2 * half;
  const coeffs = new Float32Array(up * taps);
  const i0Beta = besselI0(beta);
  for (let p = 0; p < up; p++) {
    const frac = p / up;
    let sum = 0;
    const row = new Float64Array(taps);
    for (let k = 0; k < taps; k++) {
      const j = k - half + 1;
      const d = frac - j;
      const x = d / half;
      if (Math.abs(x) >= 1) continue;
      const window = besselI0(beta * Math.sqrt(1 - x * x)) / i0Beta;
      const v = cutoff * sinc(cutoff * d) * window;
      row[k] = v;
      sum += v;
    }
    for (let k = 0; k < taps; k++) coeffs[p * taps + k] = (row[k] as number) / sum;
  }
  return coeffs;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 64; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}
