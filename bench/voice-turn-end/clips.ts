// The benchmark's audio: requests read from a file, spoken by Flite or eSpeak NG, cut at their
// pause point or spoken whole, over SoX pink noise (see bench/voice-turn-end.ts).
import { readFileSync } from 'node:fs';
import { float32ToPcm16, pcm16ToFloat32 } from '../../packages/voice/src/audio/pcm.ts';
import { buildDataset } from '../../packages/voice/src/turn/training/build-dataset.ts';
import { speechBounds16k } from '../../packages/voice/test/helpers/audio.ts';
import { soxNoise16k } from '../../packages/voice/test/helpers/noisy-speech.ts';
import { speak } from './speak.ts';

/** Room noise before the speech. */
export const LEAD_MS = 400;
/** Longer than the longest silence semantic_vad waits for (1600 ms at medium, 2500 at low). */
export const TAIL_MS = 3000;

export interface Request {
  first: string;
  second: string;
  voice: string;
  pauseMs: number;
}

export type ClipSet = 'paused' | 'complete';
/** Where the pause in mid-sentence starts and ends, in the clip's audio time. */
export type Pause = { startMs: number; endMs: number };

export interface Clip {
  index: number;
  set: ClipSet;
  text: string;
  voice: string;
  pcm: Buffer;
  /** Audio time where the speech ends. */
  speechEndMs: number;
  pause?: Pause;
}

/** One request a line, " | " where the pause goes; voices taken in turn, pauses spread. */
export function readRequests(
  file: string,
  voices: string[],
  pauseMs: [number, number],
  limit?: number,
): Request[] {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .slice(0, limit);
  return lines.map((line, i) => {
    const [first, second, ...rest] = line.split(' | ');
    if (!first || !second || rest.length > 0) throw new Error(`one " | " a line: "${line}"`);
    // Spread over the range without following the order of the voices.
    const spread = (i * 0.618034) % 1;
    const pause = Math.round((pauseMs[0] + spread * (pauseMs[1] - pauseMs[0])) / 10) * 10;
    return { first, second, voice: voices[i % voices.length]!, pauseMs: pause };
  });
}

/** The speech alone: the synthesiser's leading and trailing silence cut off (-50 dBFS). */
export function trimmed(pcm: Buffer): Buffer {
  const { startMs, endMs } = speechBounds16k(pcm);
  return pcm.subarray(startMs * 32, endMs * 32);
}

export const silence = (ms: number) => Buffer.alloc(ms * 32);

/** SoX pink noise at `noiseDb` under the whole clip: a room's floor, in the pauses as well. */
export function withRoomNoise(clip: Buffer, noiseDb: number, seed: number): Buffer {
  const samples = pcm16ToFloat32(clip);
  const noise = soxNoise16k('pink', 60_000);
  const gain = 10 ** (noiseDb / 20);
  const start = (seed * 7919) % (noise.length - samples.length);
  for (let i = 0; i < samples.length; i++)
    samples[i] = (samples[i] as number) + gain * (noise[start + i] as number);
  return float32ToPcm16(samples);
}

/**
 * Paused clips (the halves spoken apart, the pause between) and complete ones (spoken whole),
 * each over a room's noise floor.
 */
export function makeClips(requests: Request[], sets: string[], noiseDb: number): Clip[] {
  const clips: Clip[] = [];
  for (const [index, r] of requests.entries()) {
    const text = `${r.first} ${r.second}`;
    if (sets.includes('paused')) {
      const a = trimmed(speak(r.first, r.voice));
      const b = trimmed(speak(r.second, r.voice));
      const startMs = LEAD_MS + a.length / 32;
      const endMs = startMs + r.pauseMs;
      const pcm = Buffer.concat([silence(LEAD_MS), a, silence(r.pauseMs), b, silence(TAIL_MS)]);
      clips.push({
        index,
        set: 'paused',
        text: `${r.first} … ${r.second}`,
        voice: r.voice,
        pcm: withRoomNoise(pcm, noiseDb, index),
        speechEndMs: endMs + b.length / 32,
        pause: { startMs, endMs },
      });
    }
    if (sets.includes('complete')) {
      // Spoken whole: the prosody of a finished sentence, not two halves joined.
      const whole = trimmed(speak(text, r.voice));
      const pcm = Buffer.concat([silence(LEAD_MS), whole, silence(TAIL_MS)]);
      clips.push({
        index,
        set: 'complete',
        text,
        voice: r.voice,
        pcm: withRoomNoise(pcm, noiseDb, index + 1000),
        speechEndMs: LEAD_MS + whole.length / 32,
      });
    }
  }
  return clips;
}

/** The requests were written apart from the model's training text: says how far apart. */
export function trainingOverlap(requests: Request[]): string {
  const trainingTexts = buildDataset().examples.map((e) => ` ${e.text} `);
  let longest = { words: 0, run: '', request: '' };
  for (const r of requests) {
    const words = `${r.first} ${r.second}`.split(' ');
    for (let i = 0; i < words.length; i++)
      for (let j = words.length; j > i + longest.words; j--) {
        const run = ` ${words.slice(i, j).join(' ')} `;
        if (trainingTexts.some((t) => t.includes(run))) {
          longest = { words: j - i, run: run.trim(), request: `${r.first} ${r.second}` };
          break;
        }
      }
  }
  const cutsTrained = requests.filter((r) => trainingTexts.includes(` ${r.first} `)).length;
  return (
    `training text: ${cutsTrained} of the pause points are training examples; longest run of ` +
    `words shared with one: ${longest.words} ("${longest.run}" in "${longest.request}")`
  );
}
