import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { STTEvent, STTStream } from '../stt/stt.ts';
import { FakeSpeechServer, parseMultipart, sendJson } from './fake-speech-server.ts';
import type { FakeHandler, ReceivedRequest } from './fake-speech-server.ts';
import { OpenAITranscriptionSTT } from './openai-stt.ts';
import type { OpenAITranscriptionSTTOptions } from './openai-stt.ts';

const PATH = '/audio/transcriptions';

/** `ms` of a 16 kHz ramp, so every byte is known. */
function pcm(ms: number, seed = 0): Buffer {
  const n = (ms * 16000) / 1000;
  const out = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) out.writeInt16LE(((i * 37 + seed) % 2000) - 1000, i * 2);
  return out;
}

function verbose(text: string, language: string, extra: Record<string, unknown> = {}) {
  return { task: 'transcribe', language, duration: 1.2, text, segments: [], ...extra };
}

/** Answers each call with the next scripted verbose_json body (or handler). */
function script(...answers: (object | FakeHandler)[]): FakeHandler {
  return (req, res, call) => {
    const a = answers[call];
    if (a === undefined) return sendJson(res, 500, { error: { message: 'unexpected request' } });
    if (typeof a === 'function') return (a as FakeHandler)(req, res, call);
    sendJson(res, 200, a);
  };
}

async function withServer(
  handler: FakeHandler,
  options: Partial<OpenAITranscriptionSTTOptions>,
  run: (stt: OpenAITranscriptionSTT, server: FakeSpeechServer) => Promise<void>,
): Promise<void> {
  const server = await FakeSpeechServer.start({ [PATH]: handler });
  const stt = new OpenAITranscriptionSTT({
    baseURL: server.baseURL,
    retryBaseDelayMs: 10,
    ...options,
  });
  try {
    await run(stt, server);
  } finally {
    await stt.close();
    await server.close();
  }
}

/** Pushes each utterance (in several frames), flushes, ends input and collects the events. */
async function recognise(stream: STTStream, utterances: Buffer[]): Promise<STTEvent[]> {
  for (const u of utterances) {
    // One reused frame buffer, as a socket reader may have: the stream must keep its own copy.
    const frame = Buffer.alloc(640);
    for (let i = 0; i < u.length; i += 640) {
      const n = u.copy(frame, 0, i, i + 640);
      stream.pushAudio(frame.subarray(0, n));
      frame.fill(0x55);
    }
    stream.flush();
  }
  stream.endInput();
  const events: STTEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

const summary = (events: STTEvent[]) =>
  events.map((e) =>
    e.type === 'error' ? `error:${e.code}` : e.type === 'final' ? `final:${e.text}` : e.type,
  );

function form(req: ReceivedRequest) {
  return parseMultipart(req.body, String(req.headers['content-type']));
}

test('uploads the utterance as a 16 kHz mono PCM16 WAV with model, verbose_json and bearer auth', async () => {
  await withServer(
    script(verbose(' Hello there. ', 'english')),
    { apiKey: 'sk-test-123', prompt: 'Hikma, RAG' },
    async (stt, server) => {
      const audio = pcm(700, 5);
      const events = await recognise(stt.stream({ languages: ['ar-SA', 'en-US'] }), [audio]);
      assert.deepEqual(events, [
        { type: 'final', text: 'Hello there.', languages: ['en-US'], durationMs: 700 },
      ]);
      const [req] = server.to(PATH);
      assert.ok(req);
      assert.equal(req.method, 'POST');
      assert.equal(req.headers.authorization, 'Bearer sk-test-123');
      assert.match(String(req.headers['content-type']), /^multipart\/form-data; boundary=/);
      const parts = form(req);
      assert.equal(parts.get('model')?.value.toString(), 'whisper-1');
      assert.equal(parts.get('response_format')?.value.toString(), 'verbose_json');
      assert.equal(parts.get('prompt')?.value.toString(), 'Hikma, RAG');
      assert.equal(parts.has('language'), false, 'two session languages: Whisper must detect');
      const file = parts.get('file');
      assert.ok(file);
      assert.match(file.filename ?? '', /\.wav$/);
      assert.equal(file.contentType, 'audio/wav');
      const wav = file.value;
      assert.equal(wav.toString('latin1', 0, 4), 'RIFF');
      assert.equal(wav.readUInt32LE(4), 36 + audio.length);
      assert.equal(wav.toString('latin1', 8, 16), 'WAVEfmt ');
      assert.equal(wav.readUInt16LE(20), 1, 'PCM');
      assert.equal(wav.readUInt16LE(22), 1, 'mono');
      assert.equal(wav.readUInt32LE(24), 16000);
      assert.equal(wav.readUInt32LE(28), 32000, 'byte rate');
      assert.equal(wav.readUInt16LE(32), 2, 'block align');
      assert.equal(wav.readUInt16LE(34), 16);
      assert.equal(wav.toString('latin1', 36, 40), 'data');
      assert.equal(wav.readUInt32LE(40), audio.length);
      assert.ok(wav.subarray(44).equals(audio), 'the PCM that was pushed, byte for byte');
    },
  );
});

test('sends the language when the session has exactly one, and no auth header without a key', async () => {
  await withServer(script(verbose('bonjour', 'fr')), {}, async (stt, server) => {
    const events = await recognise(stt.stream({ languages: ['fr-CA'] }), [pcm(300)]);
    assert.deepEqual(summary(events), ['final:bonjour']);
    assert.deepEqual(events[0]?.type === 'final' && events[0].languages, ['fr-CA']);
    const [req] = server.to(PATH);
    assert.ok(req);
    assert.equal(form(req).get('language')?.value.toString(), 'fr');
    assert.equal(req.headers.authorization, undefined);
  });
});

test('maps Whisper language names and codes to the session locales', async () => {
  await withServer(
    script(
      verbose('hello', 'english'),
      verbose('مرحبا بكم', 'arabic'),
      verbose('شكرا', 'ar'),
      verbose('hola', 'spanish'),
      verbose('ok', 'EN'),
    ),
    {},
    async (stt) => {
      const events = await recognise(stt.stream({ languages: ['ar-SA', 'en-US'] }), [
        pcm(200),
        pcm(200),
        pcm(200),
        pcm(200),
        pcm(200),
      ]);
      assert.deepEqual(
        events.map((e) => (e.type === 'final' ? e.languages : e.type)),
        [['en-US'], ['ar-SA'], ['ar-SA'], ['es-ES'], ['en-US']],
      );
    },
  );
  await withServer(script(verbose('مرحبا', 'arabic')), {}, async (stt) => {
    const events = await recognise(stt.stream({ languages: ['en-GB', 'ar-EG'] }), [pcm(200)]);
    assert.deepEqual(events[0]?.type === 'final' && events[0].languages, ['ar-EG']);
  });
});

test('lists per-segment languages in order, and both locales for mixed Arabic/Latin text', async () => {
  await withServer(
    script(
      verbose(' I want to book مرحبا', 'english', {
        segments: [
          { id: 0, start: 0, end: 1, text: ' I want to book', language: 'en' },
          { id: 1, start: 1, end: 2, text: ' مرحبا', language: 'ar' },
        ],
      }),
      verbose('أريد ticket من فضلك', 'arabic'),
      { text: 'hello world' }, // a server that ignores verbose_json
    ),
    {},
    async (stt) => {
      const events = await recognise(stt.stream({ languages: ['ar-SA', 'en-US'] }), [
        pcm(200),
        pcm(200),
        pcm(200),
      ]);
      assert.deepEqual(
        events.map((e) => (e.type === 'final' ? e.languages : e.type)),
        [['en-US', 'ar-SA'], ['ar-SA', 'en-US'], ['en-US']],
      );
    },
  );
});

test('429 with Retry-After is retried after the wait, then succeeds', async () => {
  await withServer(
    script(
      (_req, res) =>
        sendJson(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '1' }),
      verbose('after the wait', 'english'),
    ),
    { retryBaseDelayMs: 1 },
    async (stt, server) => {
      const started = Date.now();
      const events = await recognise(stt.stream({ languages: ['en-US'] }), [pcm(200)]);
      const elapsed = Date.now() - started;
      assert.deepEqual(summary(events), ['final:after the wait']);
      assert.equal(server.to(PATH).length, 2);
      assert.ok(elapsed >= 950, `waited ${elapsed} ms, Retry-After said 1 s`);
    },
  );
});

test('500 is retried twice, then the utterance gets an error event and the stream goes on', async () => {
  const fail: FakeHandler = (_req, res) =>
    sendJson(res, 500, { error: { message: 'CUDA out of memory' } });
  await withServer(
    script(fail, fail, fail, verbose('next one', 'english')),
    {},
    async (stt, server) => {
      const events = await recognise(stt.stream({ languages: ['en-US'] }), [pcm(200), pcm(300)]);
      assert.deepEqual(summary(events), ['error:stt_unavailable', 'final:next one']);
      const error = events[0];
      assert.ok(error?.type === 'error');
      assert.equal(error.recoverable, true);
      assert.match(error.message, /answered 500: CUDA out of memory \(after 3 attempts\)/);
      assert.equal(server.to(PATH).length, 4);
    },
  );
});

test('400 is not retried and the error carries the server message', async () => {
  await withServer(
    (_req, res) =>
      sendJson(res, 400, {
        error: { message: 'Audio file is too short.', type: 'invalid_request_error' },
      }),
    {},
    async (stt, server) => {
      const events = await recognise(stt.stream(), [pcm(200)]);
      assert.deepEqual(summary(events), ['error:stt_unavailable']);
      assert.ok(events[0]?.type === 'error');
      assert.equal(
        events[0].message,
        'speech recognition server answered 400: Audio file is too short.',
      );
      assert.equal(server.to(PATH).length, 1);
    },
  );
});

test('a server that does not answer in time gives a timeout error, without retries', async () => {
  await withServer(
    () => undefined, // never answers
    { timeoutMs: 200 },
    async (stt, server) => {
      const started = Date.now();
      const events = await recognise(stt.stream(), [pcm(200)]);
      const elapsed = Date.now() - started;
      assert.deepEqual(summary(events), ['error:stt_unavailable']);
      assert.ok(events[0]?.type === 'error');
      assert.match(events[0].message, /did not answer within 200 ms/);
      assert.ok(elapsed >= 190 && elapsed < 2000, `${elapsed} ms`);
      assert.equal(server.to(PATH).length, 1);
      assert.equal(await server.to(PATH)[0]?.closedByClient, true);
    },
  );
});

test('connection failures are retried, then reported without the address', async () => {
  const server = await FakeSpeechServer.start({});
  const baseURL = server.baseURL;
  await server.close(); // nothing listens there now
  const stt = new OpenAITranscriptionSTT({ baseURL, retryBaseDelayMs: 5 });
  const events = await recognise(stt.stream(), [pcm(200)]);
  assert.deepEqual(summary(events), ['error:stt_unavailable']);
  assert.ok(events[0]?.type === 'error');
  assert.match(
    events[0].message,
    /cannot reach the speech recognition server \(ECONNREFUSED\) \(after 3 attempts\)/,
  );
  assert.doesNotMatch(events[0].message, /127\.0\.0\.1/);
});

test('close() aborts the request in flight and ends the stream without an event', async () => {
  await withServer(
    () => undefined,
    {},
    async (stt, server) => {
      const stream = stt.stream();
      stream.pushAudio(pcm(200));
      stream.flush();
      const events: STTEvent[] = [];
      const reading = (async () => {
        for await (const e of stream) events.push(e);
      })();
      while (server.to(PATH).length === 0) await new Promise((r) => setTimeout(r, 5));
      stream.close();
      await reading;
      assert.deepEqual(events, []);
      assert.equal(await server.to(PATH)[0]?.closedByClient, true);
    },
  );
});

test('an empty or too-short utterance gives an empty final without a request', async () => {
  await withServer(script(), {}, async (stt, server) => {
    const stream = stt.stream({ languages: ['en-US'] });
    stream.flush(); // no audio at all
    stream.pushAudio(Buffer.alloc(0));
    stream.flush();
    stream.pushAudio(pcm(50)); // below minAudioMs (100)
    stream.flush();
    stream.endInput();
    const events: STTEvent[] = [];
    for await (const e of stream) events.push(e);
    assert.deepEqual(events, [
      { type: 'final', text: '', languages: [], durationMs: 0 },
      { type: 'final', text: '', languages: [], durationMs: 0 },
      { type: 'final', text: '', languages: [], durationMs: 50 },
    ]);
    assert.equal(server.requests.length, 0);
  });
});

test('an utterance over the upload limit fails clearly without a request; the next one works', async () => {
  await withServer(
    script(verbose('short', 'english')),
    { maxUploadBytes: 44 + 16000 }, // 0.5 s
    async (stt, server) => {
      const events = await recognise(stt.stream(), [pcm(600), pcm(400)]);
      assert.deepEqual(summary(events), ['error:stt_unavailable', 'final:short']);
      assert.ok(events[0]?.type === 'error');
      assert.match(events[0].message, /utterance too long .*at most 0\.5 s of audio/);
      const [req] = server.requests;
      assert.ok(req && server.requests.length === 1);
      assert.equal(form(req).get('file')?.value.length, 44 + 12800);
    },
  );
});
