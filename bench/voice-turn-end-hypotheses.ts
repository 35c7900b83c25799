// What semantic_vad is shown at a pause, offline: each request of a list is spoken cut at its
// pause point (the first part alone) and whole, over a room's noise floor, and fed to one
// PocketSphinx decoder in 20 ms steps; at 0, 100 and 200 ms after the end of the speech it
// prints the hypothesis, the end-of-turn model's probability and the last word's lattice
// posterior, then how many cut requests read as finished with and without distrusting an
// unsure last word. Defaults to the tuning requests; the benchmark's are its test set.
// Run: npx tsx bench/voice-turn-end-hypotheses.ts [--requests <file>] [--list]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pcm16ToInt16 } from '../packages/voice/src/audio/pcm.ts';
import { PocketSphinxDecoder } from '../packages/voice/src/providers/stt/pocketsphinx-ffi.ts';
import { DISTRUST_BELOW } from '../packages/voice/src/session/semantic-silence.ts';
import { EndOfTurnModel } from '../packages/voice/src/turn/end-of-turn.ts';
import { silence, trimmed, withRoomNoise } from './voice-turn-end/clips.ts';
import { speak } from './voice-turn-end/speak.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: 'bench/voice-turn-end/tuning.txt' },
    voices: { type: 'string', default: 'slt,awb,rms,kal,espeak:en-us' },
    list: { type: 'boolean', default: false },
  },
});
const TAPS_MS = [0, 100, 200];
const voices = values.voices.split(',');
const lines = readFileSync(values.requests, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '' && !l.startsWith('#'));
const model = EndOfTurnModel.load();
const decoder = new PocketSphinxDecoder();

/** 300 ms of room (the prefix padding), the speech alone, 300 ms of room; pink noise at −50 dBFS. */
function clip(pcm: Buffer, seed: number): { pcm: Buffer; endMs: number } {
  const speech = trimmed(pcm);
  const room = withRoomNoise(Buffer.concat([silence(300), speech, silence(300)]), -50, seed);
  return { pcm: room, endMs: 300 + speech.length / 32 };
}

interface Tap {
  at: number;
  text: string;
  p: number;
  posterior: number | null;
}

function decode(pcm: Buffer, endMs: number): Tap[] {
  const samples = pcm16ToInt16(pcm);
  const taps: Tap[] = [];
  decoder.start();
  for (let k = 0, fedMs = 0; k < samples.length && taps.length < TAPS_MS.length; k += 320) {
    decoder.process(samples.subarray(k, k + 320));
    fedMs += 20;
    while (taps.length < TAPS_MS.length && fedMs >= endMs + TAPS_MS[taps.length]!) {
      const text = decoder.hypothesis();
      taps.push({
        at: TAPS_MS[taps.length]!,
        text,
        p: model.probabilityFinished(text),
        posterior: text === '' ? null : decoder.lastWordPosterior(),
      });
    }
  }
  decoder.end();
  return taps;
}

const counts = TAPS_MS.map(() => ({ cutFinished: 0, cutDistrusted: 0, completeUnfinished: 0 }));
const distrusted = (t: Tap) =>
  t.posterior !== null && t.posterior < DISTRUST_BELOW ? Math.min(t.p, 0.5) : t.p;
lines.forEach((line, i) => {
  const [first, second] = line.split(' | ');
  if (!first || !second) throw new Error(`one " | " a line: "${line}"`);
  const voice = voices[i % voices.length]!;
  for (const [text, cut] of [
    [first, true],
    [`${first} ${second}`, false],
  ] as const) {
    const { pcm, endMs } = clip(speak(text, voice), i * 2 + (cut ? 0 : 1));
    const taps = decode(pcm, endMs);
    taps.forEach((t, k) => {
      if (cut && t.p >= 0.5) counts[k]!.cutFinished++;
      // Distrusted text is 0.5 at most: no evidence, which is not "finished".
      if (cut && distrusted(t) > 0.5) counts[k]!.cutDistrusted++;
      if (!cut && distrusted(t) <= 0.5) counts[k]!.completeUnfinished++;
    });
    if (values.list) {
      console.log(`${cut ? 'cut     ' : 'complete'} ${voice.padEnd(12)} "${text}"`);
      for (const t of taps)
        console.log(
          `   +${t.at} ms p ${t.p.toFixed(2)} posterior ${t.posterior?.toFixed(2) ?? '–'} "${t.text}"`,
        );
    }
  }
});
decoder.free();

console.log(
  `\n${lines.length} requests (${values.requests}) cut and whole; a last word with a posterior ` +
    `under ${DISTRUST_BELOW} reads as p 0.5 at most, no evidence either way ("distrusted")`,
);
console.log(
  '| after the speech | cut read as finished (p ≥ 0.5) | the same, distrusted (p > 0.5) | complete not read as finished, distrusted (p ≤ 0.5) |',
);
console.log('|--:|--:|--:|--:|');
TAPS_MS.forEach((at, k) => {
  const c = counts[k]!;
  console.log(
    `| ${at} ms | ${c.cutFinished} / ${lines.length} | ${c.cutDistrusted} / ${lines.length} | ${c.completeUnfinished} / ${lines.length} |`,
  );
});
