// Embedded speech engines: PocketSphinx word error rate, real-time factor and final latency;
// Flite / eSpeak NG time to first chunk. Run: npx tsx bench/speech-engines.ts
import {
  EspeakNgTTS,
  FliteTTS,
  PocketSphinxSTT,
  pcm16DurationMs,
  TTS_SAMPLE_RATE,
  type STTStream,
  type TTS,
} from '../packages/voice/src/index.ts';
import { wordErrors } from '../packages/voice/src/testing/index.ts';
import { chunks, fliteSpeech16k, silence16k } from '../packages/voice/test/helpers/audio.ts';

const SENTENCES = [
  'the quick brown fox jumps over the lazy dog',
  'what is the weather in london today',
  'please call my mother tomorrow morning',
  'i would like to book a table for two',
  'turn off the lights in the kitchen',
  'how many people live in the city',
  'can you tell me a joke',
  'open the door',
  'i need help with my account',
  'play some music',
  'what time does the train leave',
  'set an alarm for seven in the morning',
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function finalOf(stream: STTStream): Promise<{ text: string; partials: number }> {
  let partials = 0;
  for await (const e of stream) {
    if (e.type === 'partial') partials++;
    if (e.type === 'final') return { text: e.text, partials };
    if (e.type === 'error') throw new Error(e.message);
  }
  return { text: '', partials };
}

// --- PocketSphinx ---
const stt = new PocketSphinxSTT({ maxDecoders: 1 });
const t0 = performance.now();
await stt.warmup(1);
console.log(`PocketSphinx: decoder load ${(performance.now() - t0).toFixed(0)} ms`);
let errors = 0;
let words = 0;
for (const text of SENTENCES) {
  const s = stt.stream();
  for (const c of chunks(fliteSpeech16k(text), 3200)) s.pushAudio(c);
  s.flush();
  const { text: heard } = await finalOf(s);
  s.close();
  const r = wordErrors(text, heard);
  errors += r.errors;
  words += r.words;
  console.log(`  ${r.errors === 0 ? ' ' : r.errors} ${text}  =>  ${heard}`);
}
console.log(
  `PocketSphinx WER on ${SENTENCES.length} Flite sentences: ${((errors / words) * 100).toFixed(1)}% (${errors}/${words} words)`,
);
console.log(
  `PocketSphinx real-time factor: ${(stt.stats.decodeMs / stt.stats.audioMs).toFixed(3)} (decoder CPU time / audio time)`,
);

// Final latency when audio arrives in real time (100 ms chunks), measured from flush().
const latencies: number[] = [];
for (const text of SENTENCES.slice(0, 3)) {
  const s = stt.stream();
  const result = finalOf(s);
  for (const c of chunks(Buffer.concat([fliteSpeech16k(text), silence16k(200)]), 3200)) {
    s.pushAudio(c);
    await new Promise((r) => setTimeout(r, 100));
  }
  const tf = performance.now();
  s.flush();
  await result;
  latencies.push(performance.now() - tf);
  s.close();
}
console.log(
  `PocketSphinx flush -> final with real-time input: median ${median(latencies).toFixed(0)} ms`,
);
await stt.close();

// --- TTS ---
async function ttfc(
  tts: TTS,
  text: string,
  voice: string,
): Promise<{ first: number; total: number; audioMs: number }> {
  const start = performance.now();
  let first = -1;
  let bytes = 0;
  for await (const c of tts.synthesize(text, { voice })) {
    if (first < 0) first = performance.now() - start;
    bytes += c.length;
  }
  return {
    first,
    total: performance.now() - start,
    audioMs: pcm16DurationMs(bytes, TTS_SAMPLE_RATE),
  };
}
const en =
  'Sure, I can help with that. The next train to London leaves at half past nine from platform four.';
const ar =
  'بالتأكيد، يمكنني المساعدة في ذلك. القطار التالي إلى لندن يغادر في التاسعة والنصف من الرصيف الرابع.';
for (const [name, tts, text, voice] of [
  ['Flite slt (en)', new FliteTTS(), en, 'slt'],
  ['eSpeak NG en-us', new EspeakNgTTS(), en, 'en-us'],
  ['eSpeak NG ar', new EspeakNgTTS(), ar, 'ar'],
] as const) {
  const runs = [];
  for (let i = 0; i < 7; i++) runs.push(await ttfc(tts, text, voice));
  const first = median(runs.map((r) => r.first));
  const total = median(runs.map((r) => r.total));
  const audio = runs[0]?.audioMs ?? 0;
  console.log(
    `${name.padEnd(16)} time to first chunk ${first.toFixed(1)} ms (first sentence), whole reply ${total.toFixed(0)} ms for ${(audio / 1000).toFixed(1)} s of audio (${(audio / total).toFixed(0)}x real time)`,
  );
}
