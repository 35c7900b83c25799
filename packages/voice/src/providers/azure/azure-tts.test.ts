import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  SpeechSynthesisBoundaryType,
  SpeechSynthesisOutputFormat,
} from 'microsoft-cognitiveservices-speech-sdk';
import { VoiceError } from '../../errors.ts';
import { AzureSpeechTTS } from './azure-tts.ts';
import type { AzureSpeechTTSOptions, WordBoundary } from './azure-tts.ts';
import { FakeCredential, FakeSynthesizer, TEST_RESOURCE_ID, streamAudio } from './testing.ts';
import type { SynthesisScript } from './testing.ts';

/** `n` bytes of a recognisable ramp, so order and completeness can be checked. */
const ramp = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 251));

function setup(
  script: SynthesisScript,
  options: Partial<AzureSpeechTTSOptions> = {},
  credential = new FakeCredential(),
) {
  const synthesizers: FakeSynthesizer[] = [];
  const tts = new AzureSpeechTTS({
    region: 'swedencentral',
    resourceId: TEST_RESOURCE_ID,
    credential,
    createSynthesizer: (config) => {
      const s = new FakeSynthesizer(config, script);
      synthesizers.push(s);
      return s;
    },
    ...options,
  });
  return { tts, synthesizers, credential };
}

async function all(it: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const c of it) out.push(c);
  return out;
}

test('streams raw 24 kHz PCM chunks in order as they arrive, even-length, at most chunkMs', async () => {
  // two pieces of 7200 bytes, larger than a 100 ms chunk (4800 bytes): each is split
  const pcm = ramp(14_400);
  const { tts, synthesizers } = setup(streamAudio(pcm, 2));
  const chunks = await all(tts.synthesize('Hello there.', { languages: ['en-US'] }));
  assert.deepEqual(Buffer.concat(chunks), pcm);
  assert.deepEqual(
    chunks.map((c) => c.length),
    [4800, 2400, 4800, 2400],
  );
  const s = synthesizers[0] as FakeSynthesizer;
  assert.equal(
    s.speechConfig.speechSynthesisOutputFormat,
    SpeechSynthesisOutputFormat.Raw24Khz16BitMonoPcm,
  );
  assert.equal(s.speechConfig.region, 'swedencentral');
  assert.equal(s.tokens[0], `aad#${TEST_RESOURCE_ID}#token-1`);
  assert.match(s.requests[0] ?? '', /<voice name="en-US-JennyNeural">Hello there\.<\/voice>/);
  await tts.close();
});

test('odd-sized service chunks are realigned to whole samples', async () => {
  const pcm = ramp(1000);
  const { tts } = setup((s) => {
    s.audio(pcm.subarray(0, 333));
    s.audio(pcm.subarray(333, 667));
    s.audio(pcm.subarray(667));
    s.complete();
  });
  const chunks = await all(tts.synthesize('x'));
  assert.deepEqual(Buffer.concat(chunks), pcm);
  assert.ok(chunks.every((c) => c.length % 2 === 0));
});

test('abort stops promptly: no more chunks, no error, the synthesizer is closed', async () => {
  const { tts, synthesizers } = setup(streamAudio(ramp(48_000), 20, 10));
  const controller = new AbortController();
  const got: Buffer[] = [];
  const t0 = Date.now();
  for await (const chunk of tts.synthesize('A long answer.', { signal: controller.signal })) {
    got.push(chunk);
    if (got.length === 2) controller.abort();
  }
  assert.equal(got.length, 2);
  assert.ok(Date.now() - t0 < 150, 'did not wait for the rest of the synthesis');
  const s = synthesizers[0] as FakeSynthesizer;
  assert.ok(s.closed, 'an interrupted synthesizer is closed, not reused');
  // an abort while waiting for the next chunk also ends the iteration at once
  const c2 = new AbortController();
  const it = tts.synthesize('Another.', { signal: c2.signal })[Symbol.asyncIterator]();
  await it.next();
  setTimeout(() => c2.abort(), 1);
  const r = await it.next();
  assert.equal(r.done, true);
  await tts.close();
});

test('breaking out of the loop also closes the synthesizer', async () => {
  const { tts, synthesizers } = setup(streamAudio(ramp(48_000), 20, 5));
  for await (const _chunk of tts.synthesize('Hello')) break;
  assert.ok(synthesizers[0]?.closed);
});

test('a finished synthesizer is reused for the next sentence, with the current token', async () => {
  // 300 ms tokens: refreshed (at half-life) while the idle synthesizer waits
  const credential = new FakeCredential(300);
  const { tts, synthesizers } = setup(streamAudio(ramp(960)), {}, credential);
  await all(tts.synthesize('One.'));
  await sleep(350);
  await all(tts.synthesize('Two.'));
  assert.equal(synthesizers.length, 1);
  const s = synthesizers[0] as FakeSynthesizer;
  assert.equal(s.requests.length, 2);
  assert.equal(s.closed, false);
  assert.equal(s.tokens[0], `aad#${TEST_RESOURCE_ID}#token-1`);
  assert.equal(s.authorizationToken, `aad#${TEST_RESOURCE_ID}#token-${credential.calls}`);
  assert.ok(credential.calls >= 2);
  await tts.close();
  assert.equal(synthesizers[0]?.closed, true, 'close() closes idle synthesizers');
});

test('a pooled synthesizer that fails before any audio is replaced once, transparently', async () => {
  const ok = streamAudio(ramp(960));
  const { tts, synthesizers } = setup((s, ssml) => {
    // the first synthesizer's connection "went stale" after its first sentence
    if (s === synthesizers[0] && s.requests.length === 2)
      s.cancel('Connection was closed by the remote host');
    else ok(s, ssml);
  });
  await all(tts.synthesize('One.'));
  const second = await all(tts.synthesize('Two.'));
  assert.deepEqual(Buffer.concat(second), ramp(960));
  assert.equal(synthesizers.length, 2);
  assert.ok(synthesizers[0]?.closed);
  await tts.close();
});

test('service cancellation and hangs become tts_unavailable', async () => {
  const cancelled = setup((s) => {
    s.audio(ramp(100));
    setTimeout(() => s.cancel('WebSocket error: 1007 Invalid SSML'), 2);
  });
  await assert.rejects(all(cancelled.tts.synthesize('Hi')), (err: unknown) => {
    assert.ok(err instanceof VoiceError);
    assert.equal(err.code, 'tts_unavailable');
    assert.match(err.message, /Invalid SSML/);
    return true;
  });
  assert.ok(cancelled.synthesizers[0]?.closed, 'a failed synthesizer is not reused');
  const hung = setup(() => {}, { timeoutMs: 50 });
  await assert.rejects(all(hung.tts.synthesize('Hi')), { code: 'tts_unavailable' });
  const noToken = setup(streamAudio(ramp(10)));
  noToken.credential.failWith = new Error('no credential');
  await assert.rejects(all(noToken.tts.synthesize('Hi')), { code: 'tts_unavailable' });
});

test('word boundaries: offsets in our text, audio offsets in ms', async () => {
  const text = 'Tom & Jerry <3 cheese.';
  const { tts } = setup((s, ssml) => {
    // the SDK's textOffset indexes the escaped SSML; the adapter maps words to our text
    s.word('Tom', ssml.indexOf('Tom'), 50);
    s.audio(ramp(4800));
    s.word('&', ssml.indexOf('&amp;'), 300, 100, SpeechSynthesisBoundaryType.Punctuation);
    s.word('Jerry', ssml.indexOf('Jerry'), 450);
    s.word('cheese', ssml.indexOf('cheese'), 900);
    s.complete();
  });
  const words: WordBoundary[] = [];
  await all(tts.synthesize(text, { onWordBoundary: (w) => words.push(w) }));
  assert.deepEqual(
    words.map((w) => [w.text, w.textOffset, w.wordLength, w.audioOffsetMs, w.boundaryType]),
    [
      ['Tom', 0, 3, 50, 'word'],
      ['&', 4, 1, 300, 'punctuation'],
      ['Jerry', 6, 5, 450, 'word'],
      ['cheese', 15, 6, 900, 'word'],
    ],
  );
  assert.equal(words[0]?.durationMs, 200);
});

test('voice choice reaches the SSML: Arabic, mixed, and the session voice', async () => {
  const { tts, synthesizers } = setup(streamAudio(ramp(10)), { maxIdleSynthesizers: 0 });
  await all(tts.synthesize('مرحبا بك', { languages: ['ar-SA'] }));
  await all(tts.synthesize('احجز flight', { languages: ['ar-SA', 'en-US'] }));
  await all(tts.synthesize('Hi', { voice: 'en-GB-RyanNeural' }));
  const ssml = synthesizers.map((s) => s.requests[0] ?? '');
  assert.match(ssml[0] ?? '', /xml:lang="ar-SA"><voice name="ar-SA-ZariyahNeural">مرحبا بك</);
  assert.match(
    ssml[1] ?? '',
    /MultilingualNeural"><lang xml:lang="ar-SA">احجز <\/lang><lang xml:lang="en-US">flight<\/lang>/,
  );
  assert.match(ssml[2] ?? '', /<voice name="en-GB-RyanNeural">Hi</);
  assert.deepEqual(tts.plan('Hi', { voice: 'slt' }).voice, 'en-US-JennyNeural');
});

test('empty text and an already-aborted signal yield nothing without calling the service', async () => {
  const { tts, synthesizers } = setup(streamAudio(ramp(10)));
  assert.deepEqual(await all(tts.synthesize('  ')), []);
  assert.deepEqual(await all(tts.synthesize('Hi', { signal: AbortSignal.abort() })), []);
  await sleep(5);
  assert.equal(synthesizers.length, 0);
});
