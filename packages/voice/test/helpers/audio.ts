import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { float32ToPcm16, pcm16BytesForMs } from '../../src/audio/pcm.ts';

/** English speech from a Flite voice (`slt` unless named) as PCM16LE 16 kHz mono (converted by SoX). */
export function fliteSpeech16k(text: string, voice = 'slt'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'voice-test-'));
  try {
    const wav = join(dir, 'speech.wav');
    execFileSync('flite', ['-voice', voice, '-t', text, '-o', wav]);
    return execFileSync(
      'sox',
      [wav, '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw', '-'],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Digital silence. */
export function silence16k(ms: number): Buffer {
  return Buffer.alloc(pcm16BytesForMs(ms));
}

/** Uniform white noise at a given RMS level (0..1), reproducible from `seed`. */
export function noise16k(ms: number, rms: number, seed = 1): Buffer {
  const n = pcm16BytesForMs(ms) / 2;
  const out = new Float32Array(n);
  let s = seed >>> 0 || 1;
  const amp = rms * Math.sqrt(3);
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = (((s >>> 0) / 0xffffffff) * 2 - 1) * amp;
  }
  return float32ToPcm16(out);
}

/** A 24 kHz PCM16LE tone, as a speech server streams it. */
export function tone24k(ms: number, freq = 440, amplitude = 8000): Buffer {
  const n = (24000 * ms) / 1000;
  const pcm = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++)
    pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * freq * i) / 24000)), i * 2);
  return pcm;
}

/** A sine wave as floats. */
export function sine(
  freq: number,
  sampleRate: number,
  samples: number,
  amplitude = 0.5,
): Float32Array {
  const out = new Float32Array(samples);
  for (let i = 0; i < samples; i++)
    out[i] = amplitude * Math.sin((2 * Math.PI * freq * i) / sampleRate);
  return out;
}

/** Where non-silent audio begins and ends (first/last 10 ms window above -50 dBFS), in ms. */
export function speechBounds16k(pcm: Buffer): { startMs: number; endMs: number } {
  const samples = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length));
  const win = 160;
  const threshold = 32768 * 10 ** (-50 / 20);
  let first = -1;
  let last = -1;
  for (let w = 0; w * win < samples.length; w++) {
    let sum = 0;
    const end = Math.min(samples.length, (w + 1) * win);
    for (let i = w * win; i < end; i++) sum += (samples[i] as number) ** 2;
    const rms = Math.sqrt(sum / (end - w * win));
    if (rms > threshold) {
      if (first < 0) first = w;
      last = w;
    }
  }
  return { startMs: first * 10, endMs: (last + 1) * 10 };
}

/** Cuts audio into chunks of `bytes` (the last may be shorter). */
export function chunks(buf: Buffer, bytes: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += bytes) out.push(buf.subarray(i, i + bytes));
  return out;
}
