import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { PropertyId } from 'microsoft-cognitiveservices-speech-sdk';
import type { STTEvent, STTStream } from '../stt/stt.ts';
import { AzureSpeechSTT, candidateLocales } from './azure-stt.ts';
import type { AzureSpeechSTTOptions } from './azure-stt.ts';
import { AzureSpeechTokenProvider } from './speech-token.ts';
import { FakeCredential, FakeRecognizer, TEST_RESOURCE_ID } from './testing.ts';

const AAD = (n: number) => `aad#${TEST_RESOURCE_ID}#token-${n}`;
const ms = (n: number) => Buffer.alloc(Math.round(n * 16) * 2); // n ms of 16 kHz silence

/** An adapter over recognizer doubles; each new recognizer takes the next script. */
function setup(
  scripts: ((r: FakeRecognizer) => void)[] = [],
  options: Partial<AzureSpeechSTTOptions> = {},
  credential = new FakeCredential(),
) {
  const recognizers: FakeRecognizer[] = [];
  const stt = new AzureSpeechSTT({
    region: 'westeurope',
    resourceId: TEST_RESOURCE_ID,
    credential,
    finalTimeoutMs: 500,
    createRecognizer: (input) => {
      const r = new FakeRecognizer(input);
      recognizers.push(r);
      scripts.shift()?.(r);
      return r;
    },
    ...options,
  });
  return { stt, recognizers, credential };
}

/** Reads events until `count` finals/errors have arrived. */
async function collect(stream: STTStream, results: number): Promise<STTEvent[]> {
  const events: STTEvent[] = [];
  for await (const e of stream) {
    events.push(e);
    if (events.filter((x) => x.type !== 'partial').length === results) break;
  }
  return events;
}

test('a mixed Arabic/English utterance: partials first, then one final with both locales', async () => {
  const { stt, recognizers } = setup([
    (r) => {
      r.onStarted = () => {
        r.hypothesis('مرحبا', 'ar-SA');
        r.phrase('مرحبا.', 'ar-SA');
        r.hypothesis('book a', 'en-US');
      };
      r.onAudioEnd = () => {
        r.hypothesis('book a flight', 'en-US');
        r.phrase('Book a flight.', 'en-US');
        r.endOfStream();
      };
    },
  ]);
  const stream = stt.stream({ languages: ['ar-SA', 'en-US'] });
  const reading = collect(stream, 1);
  stream.pushAudio(ms(500));
  await sleep(20);
  stream.pushAudio(ms(700));
  stream.flush();
  const events = await reading;
  const final = events.at(-1);
  assert.deepEqual(final, {
    type: 'final',
    text: 'مرحبا. Book a flight.',
    languages: ['ar-SA', 'en-US'],
    durationMs: 1200,
  });
  const partials = events.slice(0, -1);
  assert.ok(partials.length >= 3 && partials.every((e) => e.type === 'partial'));
  assert.deepEqual(partials[0], { type: 'partial', text: 'مرحبا', language: 'ar-SA' });
  assert.deepEqual(partials[2], { type: 'partial', text: 'مرحبا. book a', language: 'en-US' });
  // continuous language identification over the session's locales
  const r = recognizers[0] as FakeRecognizer;
  const config = r.input.speechConfig;
  assert.equal(
    config.getProperty(PropertyId[PropertyId.SpeechServiceConnection_LanguageIdMode]),
    'Continuous',
  );
  assert.equal(
    r.input.autoDetect?.properties.getProperty(
      PropertyId.SpeechServiceConnection_AutoDetectSourceLanguages,
    ),
    'ar-SA,en-US',
  );
  assert.equal(config.region, 'westeurope');
  assert.equal(r.bytes, ms(1200).length, 'all audio reached the push stream');
  assert.ok(r.audioEnded && r.closed, 'the recognizer is released after the final');
  stream.close();
  await stt.close();
});

test('the recognizer gets aad#<resource id>#<token> and each refreshed token', async () => {
  // 300 ms tokens are refreshed about every 150 ms while a recognition is open.
  const { stt, recognizers, credential } = setup([], {}, new FakeCredential(300));
  const stream = stt.stream({ languages: ['en-US'] });
  const reading = collect(stream, 1);
  stream.pushAudio(ms(100));
  await sleep(400);
  const r = recognizers[0] as FakeRecognizer;
  assert.equal(r.tokens[0], AAD(1));
  assert.ok(r.tokens.length >= 2, 'refreshed while the recognition lives');
  assert.equal(r.authorizationToken, AAD(credential.calls));
  stream.flush();
  await reading;
  const calls = credential.calls;
  await sleep(200);
  assert.equal(credential.calls, calls, 'a released recognizer is no longer refreshed');
  stream.close();
  await stt.close();
});

test('one language: speechRecognitionLanguage, no language identification', async () => {
  const { stt, recognizers } = setup([
    (r) => {
      r.onAudioEnd = () => {
        r.phrase('Hello there.');
        r.endOfStream();
      };
    },
  ]);
  const stream = stt.stream({ languages: ['en-GB'] });
  const reading = collect(stream, 1);
  stream.pushAudio(ms(300));
  stream.flush();
  const events = await reading;
  assert.deepEqual(events.at(-1), {
    type: 'final',
    text: 'Hello there.',
    languages: ['en-GB'],
    durationMs: 300,
  });
  const r = recognizers[0] as FakeRecognizer;
  assert.equal(r.input.autoDetect, undefined);
  assert.equal(r.input.speechConfig.speechRecognitionLanguage, 'en-GB');
  stream.close();
});

test('each flush gives exactly one final, utterance after utterance', async () => {
  const say = (text: string) => (r: FakeRecognizer) => {
    r.onAudioEnd = () => {
      r.noMatch();
      r.phrase(text, 'en-US');
      r.endOfStream();
    };
  };
  const { stt, recognizers } = setup([say('One.'), say('Two.'), say('Three.')]);
  const stream = stt.stream({ languages: ['en-US', 'ar-SA'] });
  const reading = collect(stream, 4);
  for (let i = 0; i < 3; i++) {
    stream.pushAudio(ms(200));
    stream.flush();
  }
  stream.flush(); // nothing heard: an empty final
  const finals = (await reading).filter((e) => e.type !== 'partial');
  assert.deepEqual(
    finals.map((e) => (e.type === 'final' ? e.text : e.type)),
    ['One.', 'Two.', 'Three.', ''],
  );
  assert.equal(recognizers.length, 3, 'one recognition per utterance');
  assert.ok(recognizers.every((r) => r.closed));
  stream.close();
});

test('canceled → a recoverable stt_unavailable error for that flush; the next utterance works', async () => {
  const { stt } = setup([
    (r) => {
      r.onStarted = () => {
        r.hypothesis('hello', 'en-US');
        r.fail('Unable to contact server. StatusCode: 1006');
      };
    },
    (r) => {
      r.onAudioEnd = () => {
        r.phrase('Hello again.', 'en-US');
        r.endOfStream();
      };
    },
  ]);
  const stream = stt.stream();
  const reading = collect(stream, 2);
  stream.pushAudio(ms(200));
  await sleep(20); // the failure arrives mid-utterance; it is reported at the flush
  stream.pushAudio(ms(200));
  stream.flush();
  stream.pushAudio(ms(200));
  stream.flush();
  const results = (await reading).filter((e) => e.type !== 'partial');
  assert.equal(results.length, 2);
  const [error, final] = results;
  assert.equal(error?.type, 'error');
  if (error?.type === 'error') {
    assert.equal(error.code, 'stt_unavailable');
    assert.equal(error.recoverable, true);
    assert.match(error.message, /ConnectionFailure.*1006/);
  }
  assert.deepEqual(final, {
    type: 'final',
    text: 'Hello again.',
    languages: ['en-US'],
    durationMs: 200,
  });
  stream.close();
});

test('no answer from the service after the flush → stt_unavailable after finalTimeoutMs', async () => {
  const { stt, recognizers } = setup([(r) => (r.onAudioEnd = () => {})], { finalTimeoutMs: 100 });
  const stream = stt.stream();
  const reading = collect(stream, 1);
  stream.pushAudio(ms(100));
  const t0 = Date.now();
  stream.flush();
  const [event] = (await reading).filter((e) => e.type !== 'partial');
  assert.equal(event?.type, 'error');
  assert.ok(Date.now() - t0 >= 90);
  assert.ok(recognizers[0]?.closed);
  stream.close();
});

test('a token failure is the flush’s error, not an exception; the next utterance retries', async () => {
  const credential = new FakeCredential();
  credential.failWith = new Error('DefaultAzureCredential failed to retrieve a token');
  const { stt } = setup(
    [
      (r) => {
        r.onAudioEnd = () => {
          r.phrase('Back.', 'en-US');
          r.endOfStream();
        };
      },
    ],
    {},
    credential,
  );
  const stream = stt.stream();
  const reading = collect(stream, 2);
  stream.pushAudio(ms(100));
  stream.flush();
  await sleep(20);
  credential.failWith = undefined;
  stream.pushAudio(ms(100));
  stream.flush();
  const [first, second] = (await reading).filter((e) => e.type !== 'partial');
  assert.equal(first?.type === 'error' && first.code, 'stt_unavailable');
  assert.equal(second?.type === 'final' && second.text, 'Back.');
  stream.close();
});

test('close() mid-utterance releases the recognizer and ends the iteration without events', async () => {
  const { stt, recognizers } = setup([(r) => (r.onStarted = () => r.hypothesis('hel', 'en-US'))]);
  const controller = new AbortController();
  const stream = stt.stream({ signal: controller.signal });
  const events: STTEvent[] = [];
  const reading = (async () => {
    for await (const e of stream) events.push(e);
  })();
  stream.pushAudio(ms(100));
  await sleep(20);
  controller.abort();
  await reading;
  const r = recognizers[0] as FakeRecognizer;
  assert.ok(r.closed, 'recognizer closed');
  r.hypothesis('hello', 'en-US'); // a late event goes nowhere
  assert.ok(events.every((e) => e.type === 'partial'));
});

test('the stream’s locales: deduplicated, at most 10, the default when none', () => {
  assert.deepEqual(candidateLocales(['ar-SA', 'en-US', 'AR-sa', ' '], 'en-US'), ['ar-SA', 'en-US']);
  assert.deepEqual(candidateLocales(undefined, 'en-US'), ['en-US']);
  const many = Array.from({ length: 12 }, (_, i) => `x${i}-XX`);
  assert.equal(candidateLocales(many, 'en-US').length, 10);
});

test('configuration: exactly one of region/endpoint/host; segmentation and profanity reach the config', async () => {
  const tokens = new AzureSpeechTokenProvider({
    resourceId: TEST_RESOURCE_ID,
    credential: new FakeCredential(),
  });
  assert.throws(() => new AzureSpeechSTT({ tokenProvider: tokens }), /exactly one of/);
  assert.throws(
    () => new AzureSpeechSTT({ region: 'westeurope', host: 'wss://x', tokenProvider: tokens }),
    /exactly one of/,
  );
  assert.throws(() => new AzureSpeechSTT({ region: 'westeurope' }), /full resource id/);
  const { stt, recognizers } = setup([], {
    region: undefined,
    endpoint: 'https://speech-test.cognitiveservices.azure.com/',
    segmentationSilenceMs: 300,
    profanity: 'raw',
  });
  const stream = stt.stream();
  const reading = collect(stream, 1);
  stream.pushAudio(ms(50));
  stream.flush();
  await reading;
  const config = (recognizers[0] as FakeRecognizer).input.speechConfig;
  assert.equal(
    config.getProperty(PropertyId[PropertyId.Speech_SegmentationSilenceTimeoutMs]),
    '300',
  );
  assert.equal(
    config.getProperty(PropertyId[PropertyId.SpeechServiceResponse_ProfanityOption]),
    'Raw',
  );
  assert.equal(
    config.getProperty(PropertyId[PropertyId.SpeechServiceConnection_Endpoint]),
    'https://speech-test.cognitiveservices.azure.com/',
  );
  assert.equal(config.authorizationToken, AAD(1));
  stream.close();
});
