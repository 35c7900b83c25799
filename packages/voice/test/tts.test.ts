import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EmbeddedTTS } from '../src/providers/tts/embedded.ts';
import { EspeakNgTTS } from '../src/providers/tts/espeak-ng.ts';
import { FliteTTS } from '../src/providers/tts/flite.ts';
import { TTS_SAMPLE_RATE } from '../src/providers/tts/tts.ts';
import type { SynthesizeOptions, TTS } from '../src/providers/tts/tts.ts';
import { pcm16DurationMs, rmsLevel } from '../src/audio/pcm.ts';
import { resamplePcm16 } from '../src/audio/resample.ts';
import { PocketSphinxSTT } from '../src/providers/stt/pocketsphinx.ts';
import { wordErrors } from '../src/testing/wer.ts';
import { VoiceError } from '../src/errors.ts';

async function synth(tts: TTS, text: string, options: SynthesizeOptions = {}) {
  const t0 = performance.now();
  let firstChunkMs = -1;
  const parts: Buffer[] = [];
  for await (const chunk of tts.synthesize(text, options)) {
    if (firstChunkMs < 0) firstChunkMs = performance.now() - t0;
    parts.push(chunk);
  }
  const pcm = Buffer.concat(parts);
  return { pcm, parts, firstChunkMs, durationMs: pcm16DurationMs(pcm.length, TTS_SAMPLE_RATE) };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

const CASES: [string, TTS, string, SynthesizeOptions][] = [
  [
    'Flite',
    new FliteTTS(),
    'The meeting has been moved to three o clock on Thursday afternoon.',
    {},
  ],
  [
    'eSpeak NG (English)',
    new EspeakNgTTS(),
    'The meeting has been moved to three o clock on Thursday afternoon.',
    { voice: 'en-us' },
  ],
  [
    'eSpeak NG (Arabic)',
    new EspeakNgTTS(),
    'تم نقل الاجتماع إلى الساعة الثالثة بعد ظهر يوم الخميس.',
    { voice: 'ar' },
  ],
];

for (const [name, tts, text, options] of CASES) {
  test(`${name} produces 24 kHz PCM16 of plausible duration, in chunks, not silent`, async () => {
    const out = await synth(tts, text, options);
    assert.equal(out.pcm.length % 2, 0);
    const perWord = out.durationMs / words(text);
    assert.ok(perWord > 200 && perWord < 1500, `${perWord} ms per word`);
    assert.ok(rmsLevel(out.pcm) > 0.02, `rms ${rmsLevel(out.pcm)}`);
    assert.ok(out.parts.length > 3, 'streamed in several chunks');
    assert.ok(
      out.parts.every((p) => p.length <= 4800 && p.length % 2 === 0),
      '<= 100 ms per chunk',
    );
    console.log(
      `${name}: first chunk after ${out.firstChunkMs.toFixed(1)} ms, ${(out.durationMs / 1000).toFixed(2)} s of audio`,
    );
  });
}

test('Flite output resampled to 24 kHz is still intelligible (round trip through PocketSphinx)', async () => {
  const text = 'what is the weather in london today';
  const out = await synth(new FliteTTS(), text);
  const stt = new PocketSphinxSTT({ maxDecoders: 1, partialIntervalMs: 0 });
  try {
    const stream = stt.stream();
    stream.pushAudio(resamplePcm16(out.pcm, 24000, 16000));
    stream.endInput();
    let final = '';
    for await (const e of stream) if (e.type === 'final') final = e.text;
    assert.ok(wordErrors(text, final).errors <= 2, final);
  } finally {
    await stt.close();
  }
});

test('EmbeddedTTS sends Arabic script to eSpeak NG and English to Flite', async () => {
  const tts = new EmbeddedTTS();
  const langs = { languages: ['ar-SA', 'en-US'] };
  assert.deepEqual(tts.choose('مرحبا، كيف يمكنني مساعدتك؟', langs), {
    engine: 'espeak-ng',
    voice: 'ar',
    language: 'ar-SA',
  });
  assert.deepEqual(tts.choose('How can I help you?', langs), {
    engine: 'flite',
    voice: 'slt',
    language: 'en-US',
  });
  const arabic = await synth(tts, 'مرحبا، كيف يمكنني مساعدتك؟', langs);
  assert.ok(arabic.durationMs > 800 && rmsLevel(arabic.pcm) > 0.02);
});

test('long text is synthesised sentence by sentence: the first chunk comes early', async () => {
  const sentence = 'This sentence is one of many in a long answer.';
  const text = Array.from({ length: 6 }, () => sentence).join(' ');
  const tts = new FliteTTS();
  const short = await synth(tts, sentence);
  const long = await synth(tts, text);
  assert.ok(long.durationMs > 5 * short.durationMs);
  // the first chunk of the long text costs about one sentence, not six
  assert.ok(
    long.firstChunkMs < short.firstChunkMs * 3 + 100,
    `${long.firstChunkMs} vs ${short.firstChunkMs}`,
  );
});

for (const [name, tts] of [
  ['Flite', new FliteTTS()],
  ['eSpeak NG', new EspeakNgTTS()],
] as const) {
  test(`${name}: abort stops synthesis promptly and quietly`, async () => {
    const text = Array.from(
      { length: 40 },
      (_, i) => `This is sentence number ${i + 1} of a very long reply.`,
    ).join(' ');
    const controller = new AbortController();
    let chunks = 0;
    let abortedAt = 0;
    for await (const _ of tts.synthesize(text, { signal: controller.signal })) {
      chunks++;
      if (chunks === 3) {
        controller.abort();
        abortedAt = performance.now();
      }
    }
    const stopMs = performance.now() - abortedAt;
    assert.equal(chunks, 3, 'no chunk after the abort');
    assert.ok(stopMs < 100, `stopped after ${stopMs} ms`);

    // aborted before it starts: nothing at all
    const none = await synth(tts, 'hello', { signal: AbortSignal.abort() });
    assert.equal(none.pcm.length, 0);
  });
}

test('breaking out of the loop kills the engine; a missing engine or voice is tts_unavailable', async () => {
  for await (const _ of new EspeakNgTTS().synthesize('one. two. three. four.')) break;
  const isUnavailable = (e: unknown) => e instanceof VoiceError && e.code === 'tts_unavailable';
  await assert.rejects(synth(new FliteTTS({ command: 'no-such-flite' }), 'hello'), isUnavailable);
  await assert.rejects(synth(new EspeakNgTTS(), 'hello', { voice: 'nonexistent' }), isUnavailable);
  await assert.rejects(synth(new EspeakNgTTS(), 'hello', { voice: '--help' }), isUnavailable);
});

test('an aborted engine process is killed, not left running', async () => {
  const { runProcess } = await import('../src/providers/tts/process.ts');
  const controller = new AbortController();
  let pid = 0;
  const t0 = performance.now();
  for await (const chunk of runProcess('sh', ['-c', 'echo $$; exec sleep 30'], {
    signal: controller.signal,
    timeoutMs: 60_000,
  })) {
    pid = Number(chunk.toString().trim());
    controller.abort();
  }
  assert.ok(performance.now() - t0 < 1000, 'the iteration ended without waiting for the process');
  assert.ok(pid > 0);
  await new Promise((r) => setTimeout(r, 100));
  assert.throws(() => process.kill(pid, 0), /ESRCH/, 'the process is gone');
});
