// Against a real Speech resource, with DefaultAzureCredential (e.g. after `az login`; the
// identity needs the "Cognitive Services Speech User" role on the resource). Skipped unless
// AZURE_SPEECH_TEST_RESOURCE_ID and AZURE_SPEECH_TEST_REGION are set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Resampler } from '../../audio/resample.ts';
import type { STTEvent } from '../stt/stt.ts';
import { AzureSpeechSTT } from './azure-stt.ts';
import { AzureSpeechTTS } from './azure-tts.ts';
import type { WordBoundary } from './azure-tts.ts';
import { AzureSpeechTokenProvider } from './speech-token.ts';

const resourceId = process.env.AZURE_SPEECH_TEST_RESOURCE_ID;
const region = process.env.AZURE_SPEECH_TEST_REGION;
const skip =
  resourceId && region ? false : 'set AZURE_SPEECH_TEST_RESOURCE_ID and AZURE_SPEECH_TEST_REGION';

function adapters() {
  const tokenProvider = new AzureSpeechTokenProvider({ resourceId: resourceId as string });
  return {
    tokenProvider,
    tts: new AzureSpeechTTS({ region: region as string, tokenProvider }),
    stt: new AzureSpeechSTT({ region: region as string, tokenProvider }),
  };
}

async function speak(tts: AzureSpeechTTS, text: string, languages: string[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of tts.synthesize(text, { languages })) chunks.push(c);
  return Buffer.concat(chunks);
}

async function recognise(stt: AzureSpeechSTT, pcm24k: Buffer, languages: string[]) {
  const resampler = new Resampler(24000, 16000);
  const pcm = Buffer.concat([resampler.push(pcm24k), resampler.flush(), Buffer.alloc(16000)]);
  const stream = stt.stream({ languages });
  const events: STTEvent[] = [];
  const reading = (async () => {
    for await (const e of stream) {
      events.push(e);
      if (e.type !== 'partial') break;
    }
  })();
  for (let i = 0; i < pcm.length; i += 3200) stream.pushAudio(pcm.subarray(i, i + 3200));
  stream.flush();
  await reading;
  stream.close();
  return events;
}

test('live: synthesis streams audio and word boundaries', { skip, timeout: 30_000 }, async () => {
  const { tts, tokenProvider } = adapters();
  const words: WordBoundary[] = [];
  const chunks: Buffer[] = [];
  for await (const c of tts.synthesize('Hello, this is a test of Azure speech.', {
    languages: ['en-US'],
    onWordBoundary: (w) => words.push(w),
  }))
    chunks.push(c);
  const pcm = Buffer.concat(chunks);
  assert.ok(chunks.length > 1 && pcm.length > 24000 * 2 * 0.8, `${pcm.length} bytes`);
  assert.ok(words.some((w) => w.text === 'test' && w.audioOffsetMs > 0));
  await tts.close();
  tokenProvider.close();
});

test('live: recognition of synthesised English', { skip, timeout: 60_000 }, async () => {
  const { tts, stt, tokenProvider } = adapters();
  const audio = await speak(tts, 'Please book a table for two people tomorrow.', ['en-US']);
  const events = await recognise(stt, audio, ['en-US']);
  const final = events.at(-1);
  assert.equal(final?.type, 'final', JSON.stringify(final));
  if (final?.type === 'final') {
    assert.match(final.text.toLowerCase(), /table for two/);
    assert.deepEqual(final.languages, ['en-US']);
  }
  assert.ok(events.some((e) => e.type === 'partial'));
  await Promise.all([tts.close(), stt.close()]);
  tokenProvider.close();
});

test('live: Arabic/English code-switching', { skip, timeout: 60_000 }, async () => {
  const { tts, stt, tokenProvider } = adapters();
  const audio = await speak(
    tts,
    'مرحبا، كيف حالك اليوم؟ I would like to book a flight to London.',
    ['ar-SA', 'en-US'],
  );
  const events = await recognise(stt, audio, ['ar-SA', 'en-US']);
  const final = events.at(-1);
  assert.equal(final?.type, 'final', JSON.stringify(final));
  if (final?.type === 'final') assert.ok(final.languages.includes('ar-SA'), final.languages.join());
  await Promise.all([tts.close(), stt.close()]);
  tokenProvider.close();
});
