import { endianness } from 'node:os';
import { InvalidAudioError } from '../errors.ts';

/** Bytes per PCM16 sample. */
export const BYTES_PER_SAMPLE = 2;

// Views over a Buffer are only valid on a little-endian host; on a big-endian one every
// conversion goes through DataView-style reads instead.
const LITTLE_ENDIAN_HOST = endianness() === 'LE';

/** Throws `invalid_audio` unless `pcm` holds a whole number of 16-bit samples. */
export function assertPcm16(pcm: Uint8Array): void {
  if (pcm.byteLength % BYTES_PER_SAMPLE !== 0) {
    throw new InvalidAudioError(`PCM16 audio must have an even byte length, got ${pcm.byteLength}`);
  }
}

/**
 * PCM16LE bytes as samples. Shares memory when the bytes are 2-byte aligned (a Node Buffer
 * slice may start at an odd byteOffset, in which case the samples are copied).
 */
export function pcm16ToInt16(pcm: Uint8Array): Int16Array {
  assertPcm16(pcm);
  const n = pcm.byteLength / BYTES_PER_SAMPLE;
  if (LITTLE_ENDIAN_HOST && pcm.byteOffset % BYTES_PER_SAMPLE === 0) {
    return new Int16Array(pcm.buffer, pcm.byteOffset, n);
  }
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const lo = pcm[2 * i] as number;
    const hi = pcm[2 * i + 1] as number;
    out[i] = ((hi << 24) >> 16) | lo;
  }
  return out;
}

/** Samples as PCM16LE bytes (shares memory on a little-endian host). */
export function int16ToPcm16(samples: Int16Array): Buffer {
  if (LITTLE_ENDIAN_HOST)
    return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const out = Buffer.allocUnsafe(samples.length * BYTES_PER_SAMPLE);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i] as number, 2 * i);
  return out;
}

/** PCM16LE bytes as floats in [-1, 1). */
export function pcm16ToFloat32(pcm: Uint8Array): Float32Array {
  const samples = pcm16ToInt16(pcm);
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = (samples[i] as number) / 32768;
  return out;
}

/** Floats in [-1, 1] as PCM16LE bytes, rounded and clipped. */
export function float32ToPcm16(samples: Float32Array): Buffer {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = floatToInt16(samples[i] as number);
  return int16ToPcm16(out);
}

/** One float sample as a clipped 16-bit integer. */
export function floatToInt16(x: number): number {
  const v = Math.round(x * 32768);
  return v > 32767 ? 32767 : v < -32768 ? -32768 : v;
}

/** Duration in milliseconds of `byteLength` bytes of mono PCM16 at `sampleRate`. */
export function pcm16DurationMs(byteLength: number, sampleRate = 16000): number {
  return (byteLength / BYTES_PER_SAMPLE / sampleRate) * 1000;
}

/** Byte length of `ms` milliseconds of mono PCM16 at `sampleRate` (whole samples). */
export function pcm16BytesForMs(ms: number, sampleRate = 16000): number {
  return Math.round((ms / 1000) * sampleRate) * BYTES_PER_SAMPLE;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Strictly decodes base64 PCM16 (as sent in `input_audio.append`). Node's own decoder skips
 * characters it does not know, so garbage would silently become noise; this rejects it.
 */
export function decodeBase64Pcm16(text: string): Buffer {
  if (!BASE64.test(text)) throw new InvalidAudioError('audio is not valid base64');
  const pcm = Buffer.from(text, 'base64');
  assertPcm16(pcm);
  return pcm;
}

/** Root-mean-square level of PCM16LE audio, 0 (silence) to 1 (full-scale square wave). */
export function rmsLevel(pcm: Uint8Array): number {
  const samples = pcm16ToInt16(pcm);
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = (samples[i] as number) / 32768;
    sum += s * s;
  }
  return Math.sqrt(sum / samples.length);
}

/** Level given to digital silence by `powerDbfs`: a floor for the level arithmetic. */
export const SILENT_DB = -100;

/** A mean square of samples in -1..1 as dBFS, floored at SILENT_DB. */
export function powerDbfs(meanSquare: number): number {
  return meanSquare > 1e-10 ? 10 * Math.log10(meanSquare) : SILENT_DB;
}

/** A level (0..1) in dB relative to full scale; silence is -Infinity. */
export function toDbfs(level: number): number {
  return 20 * Math.log10(level);
}

/**
 * Re-cuts a byte stream into whole PCM16 samples: a pipe may split a sample across two
 * chunks, so the odd byte is held until the next chunk.
 */
export class Pcm16Aligner {
  private carry: Buffer | undefined;

  /** Returns the whole samples available so far (possibly empty). */
  push(chunk: Buffer): Buffer {
    let data = chunk;
    if (this.carry) {
      data = Buffer.concat([this.carry, chunk]);
      this.carry = undefined;
    }
    if (data.length % BYTES_PER_SAMPLE === 0) return data;
    this.carry = Buffer.from(data.subarray(data.length - 1));
    return data.subarray(0, data.length - 1);
  }

  /** True when a dangling byte is held (a stream that ends here was not whole PCM16). */
  get pending(): boolean {
    return this.carry !== undefined;
  }
}
