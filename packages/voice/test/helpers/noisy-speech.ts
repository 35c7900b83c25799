import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { float32ToPcm16, pcm16ToFloat32 } from '../../src/audio/pcm.ts';
import { fliteSpeech16k } from './audio.ts';

/** Noises made by SoX's `synth` (repeatable with `-R`). */
export type NoiseKind = 'pink' | 'brown';

/** One evaluation clip: a sentence spoken by a voice, in noise at an SNR. */
export interface NoisyClip {
  text: string;
  voice: string;
  noise: NoiseKind;
  snrDb: number;
  /** PCM16LE 16 kHz mono: noise alone, then speech over noise, then noise alone. */
  pcm: Buffer;
}

/** Speech level the clips are scaled to (active speech, dBFS). */
const SPEECH_DBFS = -26;

/** The sentences of `test/fixtures/wer-sentences.txt`. */
export function werSentences(): string[] {
  const text = readFileSync(new URL('../fixtures/wer-sentences.txt', import.meta.url), 'utf8');
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

const noiseCache = new Map<string, Float32Array>();

/** `ms` of SoX noise at 16 kHz as floats with RMS 1, the same samples on every run. */
export function soxNoise16k(kind: NoiseKind, ms: number): Float32Array {
  const key = `${kind}:${ms}`;
  const cached = noiseCache.get(key);
  if (cached) return cached;
  const raw = execFileSync(
    'sox',
    [
      ...['-R', '-n', '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw'],
      ...['-', 'synth', String(ms / 1000), `${kind}noise`],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const noise = pcm16ToFloat32(raw);
  // Brown noise drifts: remove its mean so the level is the noise, not an offset.
  let mean = 0;
  for (const x of noise) mean += x;
  mean /= noise.length;
  let sum = 0;
  for (let i = 0; i < noise.length; i++) {
    noise[i] = (noise[i] as number) - mean;
    sum += (noise[i] as number) ** 2;
  }
  const rms = Math.sqrt(sum / noise.length);
  for (let i = 0; i < noise.length; i++) noise[i] = (noise[i] as number) / rms;
  noiseCache.set(key, noise);
  return noise;
}

/**
 * The active speech level of float samples: the RMS over the 10 ms frames within 40 dB of the
 * loudest one, so the pauses inside a sentence do not lower it (as ITU-T P.56 intends).
 */
export function activeSpeechRms(samples: Float32Array): number {
  const frame = 160;
  const energies: number[] = [];
  for (let i = 0; i + frame <= samples.length; i += frame) {
    let e = 0;
    for (let k = i; k < i + frame; k++) e += (samples[k] as number) ** 2;
    energies.push(e / frame);
  }
  const max = Math.max(...energies);
  const active = energies.filter((e) => e >= max * 1e-4);
  return Math.sqrt(active.reduce((a, b) => a + b, 0) / active.length);
}

/**
 * Speech over noise at `snrDb` (active speech level against the noise's RMS), with `leadMs` of
 * noise before it and `tailMs` after: never digital silence. The speech sits at -26 dBFS.
 * `noiseOffsetMs` picks where in the noise the clip starts, so clips do not share their noise.
 */
export function mixAtSnr(
  speechPcm: Buffer,
  noise: NoiseKind,
  snrDb: number,
  { leadMs = 1000, tailMs = 1200, noiseOffsetMs = 0 } = {},
): Buffer {
  const speech = pcm16ToFloat32(speechPcm);
  const lead = (leadMs * 16000) / 1000;
  const total = lead + speech.length + (tailMs * 16000) / 1000;
  const offset = (noiseOffsetMs * 16000) / 1000;
  const bed = soxNoise16k(noise, 60_000);
  const speechGain = 10 ** (SPEECH_DBFS / 20) / activeSpeechRms(speech);
  const noiseGain = 10 ** ((SPEECH_DBFS - snrDb) / 20);
  const out = new Float32Array(total);
  for (let i = 0; i < total; i++) {
    out[i] = (bed[(offset + i) % bed.length] as number) * noiseGain;
  }
  for (let i = 0; i < speech.length; i++) {
    out[lead + i] = (out[lead + i] as number) + (speech[i] as number) * speechGain;
  }
  return float32ToPcm16(out);
}

/**
 * Every sentence spoken by every voice, mixed with each noise at each SNR. Synthesis happens
 * once per sentence and voice; each clip takes its noise from a different place in the bed.
 */
export function noisyClips(
  sentences: readonly string[],
  voices: readonly string[],
  noises: readonly NoiseKind[],
  snrsDb: readonly number[],
  floor: { leadMs?: number; tailMs?: number } = {},
): NoisyClip[] {
  const clips: NoisyClip[] = [];
  for (const voice of voices) {
    for (const [i, text] of sentences.entries()) {
      const speech = fliteSpeech16k(text, voice);
      for (const noise of noises) {
        for (const snrDb of snrsDb) {
          const noiseOffsetMs = (i * 7919) % 50_000;
          const pcm = mixAtSnr(speech, noise, snrDb, { ...floor, noiseOffsetMs });
          clips.push({ text, voice, noise, snrDb, pcm });
        }
      }
    }
  }
  return clips;
}
