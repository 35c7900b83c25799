import createRNNoise, { type RNNoiseModule } from '@echogarden/rnnoise-wasm';
import type { NoiseReductionType } from '../protocol/session-config.ts';
import { float32ToPcm16, pcm16ToFloat32 } from './pcm.ts';
import { Resampler } from './resample.ts';

// RNNoise runs at 48 kHz on frames of 480 samples (10 ms) of floats in the int16 range.
const RNNOISE_RATE = 48_000;
const FRAME = 480;
const INT16_SCALE = 32768;
/** RNNoise's output lags its input by one frame (measured: the best alignment is 479–480 samples). */
const RNNOISE_DELAY = FRAME;
/** Raw input kept so the audio not yet denoised can be handed back unprocessed on `finish()`. */
const RAW_TAIL_SAMPLES = 1600;

/** How a profile treats the signal; the choice and its figures are in the voice README. */
export interface NoiseSuppressionProfile {
  /**
   * Most the input is attenuated, in dB: the raw input is mixed back at this level under
   * RNNoise's output, so quiet speech that RNNoise would take for noise is not removed outright.
   */
  attenuationLimitDb: number;
}

/** Per `input_audio_noise_reduction.type`. */
export const NOISE_SUPPRESSION_PROFILES: Readonly<
  Record<NoiseReductionType, NoiseSuppressionProfile>
> = Object.freeze({
  near_field: { attenuationLimitDb: 30 },
  far_field: { attenuationLimitDb: 12 },
});

let modulePromise: Promise<RNNoiseModule> | null = null;
let loadedModule: RNNoiseModule | null = null;

let liveStates = 0;

/** Whether the RNNoise module was instantiated in this process, and the RNNoise states alive. */
export function noiseSuppressionUsage(): { moduleLoaded: boolean; liveStates: number } {
  return { moduleLoaded: loadedModule !== null, liveStates };
}

/** The RNNoise WebAssembly module, instantiated once per process on first use. */
export function loadRNNoise(): Promise<RNNoiseModule> {
  modulePromise ??= createRNNoise().then(
    (module) => (loadedModule = module),
    (err: unknown) => {
      modulePromise = null;
      throw err;
    },
  );
  return modulePromise;
}

/**
 * One session's input noise suppression: PCM16LE 16 kHz in, the same denoised out through
 * `onAudio`, sample for sample aligned with the input (the audio clock does not move), and
 * at most ~25 ms behind it. The audio is resampled to 48 kHz with our windowed-sinc
 * polyphase {@link Resampler}, denoised by RNNoise (the `@echogarden/rnnoise-wasm` build, whose
 * weights are compiled into its WebAssembly) frame by frame, and resampled back. Input that
 * arrives while the module is still loading waits for it, in order.
 */
export class NoiseSuppressor {
  private readonly up = new Resampler(16_000, RNNOISE_RATE);
  private readonly down = new Resampler(RNNOISE_RATE, 16_000);
  private readonly mixDry: number;
  private readonly frame = new Float32Array(FRAME);
  private readonly dry = new Float32Array(FRAME);
  private filled = 0;
  /** Denoised 48 kHz samples still to drop: RNNoise's lag, so output stays aligned. */
  private skip = RNNOISE_DELAY;
  private rnn: { module: RNNoiseModule; state: number; input: number; output: number } | null =
    null;
  /** Input that arrived before the module was loaded. */
  private waiting: Buffer[] | null = [];
  private rawTail = new Float32Array(0);
  private samplesIn = 0;
  private samplesOut = 0;
  private closed = false;

  constructor(
    readonly type: NoiseReductionType,
    private readonly onAudio: (pcm16k: Buffer) => void,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    const { attenuationLimitDb } = NOISE_SUPPRESSION_PROFILES[type];
    this.mixDry = 10 ** (-attenuationLimitDb / 20);
    if (loadedModule) {
      this.ready(loadedModule);
      return;
    }
    loadRNNoise().then(
      (module) => this.ready(module),
      (err: unknown) => this.failed(err),
    );
  }

  /** Input audio, PCM16LE 16 kHz mono. */
  push(pcm: Buffer): void {
    if (this.closed || pcm.length === 0) return;
    if (this.waiting) {
      this.waiting.push(Buffer.from(pcm));
      return;
    }
    this.process(pcm);
  }

  /**
   * Stops, and returns the input not yet handed out, unprocessed, so whoever takes over the
   * audio keeps the same clock. Frees the RNNoise state.
   */
  finish(): Buffer {
    if (this.closed) return Buffer.alloc(0);
    this.closed = true;
    let rest: Buffer;
    if (this.waiting) {
      rest = Buffer.concat(this.waiting);
      this.waiting = null;
    } else {
      const pending = this.samplesIn - this.samplesOut;
      rest = float32ToPcm16(this.rawTail.subarray(Math.max(0, this.rawTail.length - pending)));
    }
    this.free();
    return rest;
  }

  private ready(module: RNNoiseModule): void {
    if (this.closed) return;
    const state = module._rnnoise_create(0);
    const input = module._malloc(FRAME * 4);
    const output = module._malloc(FRAME * 4);
    this.rnn = { module, state, input, output };
    liveStates++;
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const pcm of waiting) this.process(pcm);
  }

  private failed(err: unknown): void {
    if (this.closed) return;
    // Without the model the session keeps its audio as it came, rather than losing it.
    const waiting = this.waiting ?? [];
    this.waiting = null;
    this.closed = true;
    for (const pcm of waiting) this.onAudio(pcm);
    this.onError(err);
  }

  private process(pcm: Buffer): void {
    const input = pcm16ToFloat32(pcm);
    this.samplesIn += input.length;
    this.keepRaw(input);
    const up = this.up.pushFloat(input);
    const outputs: Float32Array[] = [];
    for (let i = 0; i < up.length;) {
      const n = Math.min(FRAME - this.filled, up.length - i);
      this.frame.set(up.subarray(i, i + n), this.filled);
      this.filled += n;
      i += n;
      if (this.filled === FRAME) {
        this.filled = 0;
        const denoised = this.denoiseFrame();
        if (denoised.length > 0) outputs.push(this.down.pushFloat(denoised));
      }
    }
    if (outputs.length === 0) return;
    const total = outputs.reduce((sum, o) => sum + o.length, 0);
    if (total === 0) return;
    const joined = new Float32Array(total);
    let at = 0;
    for (const o of outputs) {
      joined.set(o, at);
      at += o.length;
    }
    this.samplesOut += total;
    this.onAudio(float32ToPcm16(joined));
  }

  // Denoises the frame in `this.frame`; returns the 48 kHz samples to pass on (RNNoise's
  // first frame of lag is dropped, so sample k of the output is sample k of the input).
  private denoiseFrame(): Float32Array {
    const rnn = this.rnn!;
    const heap = rnn.module.HEAPF32;
    const inAt = rnn.input >> 2;
    for (let k = 0; k < FRAME; k++) heap[inAt + k] = (this.frame[k] as number) * INT16_SCALE;
    rnn.module._rnnoise_process_frame(rnn.state, rnn.output, rnn.input);
    const out = rnn.module.HEAPF32.subarray(rnn.output >> 2, (rnn.output >> 2) + FRAME);
    // The output is the previous input frame denoised: mix that frame back at the limit.
    const wet = 1 - this.mixDry;
    const result = new Float32Array(FRAME);
    for (let k = 0; k < FRAME; k++) {
      result[k] = ((out[k] as number) / INT16_SCALE) * wet + (this.dry[k] as number) * this.mixDry;
    }
    this.dry.set(this.frame);
    if (this.skip > 0) {
      const drop = Math.min(this.skip, FRAME);
      this.skip -= drop;
      return result.subarray(drop);
    }
    return result;
  }

  private keepRaw(input: Float32Array): void {
    const keep = Math.min(RAW_TAIL_SAMPLES, this.rawTail.length + input.length);
    const next = new Float32Array(keep);
    const fromInput = Math.min(keep, input.length);
    const fromOld = keep - fromInput;
    next.set(this.rawTail.subarray(this.rawTail.length - fromOld), 0);
    next.set(input.subarray(input.length - fromInput), fromOld);
    this.rawTail = next;
  }

  private free(): void {
    const rnn = this.rnn;
    this.rnn = null;
    if (!rnn) return;
    liveStates--;
    rnn.module._rnnoise_destroy(rnn.state);
    rnn.module._free(rnn.input);
    rnn.module._free(rnn.output);
  }
}
