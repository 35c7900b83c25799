import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { VoiceError } from '../../errors.ts';
import { FakeSpeechServer, sendJson, streamBody } from './fake-speech-server.ts';
import type { FakeHandler } from './fake-speech-server.ts';
import { OpenAISpeechTTS } from './openai-tts.ts';
import type { OpenAISpeechTTSOptions } from './openai-tts.ts';
import type { SynthesizeOptions } from '../tts/tts.ts';
import { wavHeader } from './wav-writer.ts';

const PATH = '/audio/speech';
const CHUNK_100MS = 4800; // bytes of 100 ms at 24 kHz

/** `ms` of a sine at `rate` as PCM16LE. */
function sine(ms: number, rate: number, hz = 440, amplitude = 0.5): Buffer {
  const n = Math.round((ms * rate) / 1000);
  const out = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    out.writeInt16LE(
      Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * i) / rate)),
      i * 2,
    );
  }
  return out;
}

async function withServer(
  handler: FakeHandler,
  options: Partial<OpenAISpeechTTSOptions>,
  run: (tts: OpenAISpeechTTS, server: FakeSpeechServer) => Promise<void>,
): Promise<void> {
  const server = await FakeSpeechServer.start({ [PATH]: handler });
  const tts = new OpenAISpeechTTS({ baseURL: server.baseURL, retryBaseDelayMs: 10, ...options });
  try {
    await run(tts, server);
  } finally {
    await server.close();
  }
}

async function collect(
  tts: OpenAISpeechTTS,
  text: string,
  options: SynthesizeOptions = {},
): Promise<{ chunks: Buffer[]; times: number[] }> {
  const chunks: Buffer[] = [];
  const times: number[] = [];
  for await (const c of tts.synthesize(text, options)) {
    chunks.push(Buffer.from(c));
    times.push(Date.now());
  }
  return { chunks, times };
}

async function rejectsWith(promise: Promise<unknown>, message: RegExp): Promise<VoiceError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof VoiceError, `not a VoiceError: ${String(err)}`);
    assert.equal(err.code, 'tts_unavailable');
    assert.match(err.message, message);
    return err;
  }
  assert.fail('expected tts_unavailable');
}

test('streams PCM as it arrives: first audio before the server finished, 100 ms even chunks, exact bytes', async () => {
  const body = sine(1000, 24000);
  let finishedAt = 0;
  await withServer(
    async (_req, res) => {
      // Odd piece sizes split samples across chunks, as a network may.
      await streamBody(res, body, [9601, 9599, 9600, 9601, 9599], 150);
      finishedAt = Date.now();
    },
    { apiKey: 'sk-tts' },
    async (tts, server) => {
      const { chunks, times } = await collect(tts, 'Hello from the fake server.', {
        voice: 'slt',
        languages: ['en-US'],
      });
      const [req] = server.to(PATH);
      assert.ok(req && server.requests.length === 1);
      assert.equal(req.headers.authorization, 'Bearer sk-tts');
      assert.match(String(req.headers['content-type']), /^application\/json/);
      assert.deepEqual(JSON.parse(req.body.toString()), {
        model: 'tts-1',
        input: 'Hello from the fake server.',
        voice: 'alloy', // `slt` is a Flite voice, which no server knows
        response_format: 'pcm',
      });
      assert.ok(Buffer.concat(chunks).equals(body), 'the audio the server sent, byte for byte');
      assert.ok(chunks.every((c) => c.length % 2 === 0 && c.length <= CHUNK_100MS));
      assert.equal(chunks.filter((c) => c.length === CHUNK_100MS).length, 10);
      const first = times[0] ?? Infinity;
      assert.ok(first < finishedAt - 400, `first chunk ${finishedAt - first} ms before the end`);
    },
  );
});

test('passes a server voice through and speaks each sentence with its own request', async () => {
  await withServer(
    (_req, res) => streamBody(res, sine(100, 24000), [4800], 0),
    { model: 'kokoro', defaultVoice: 'af_heart' },
    async (tts, server) => {
      await collect(tts, 'Hello there. How are you today?', { voice: 'nova' });
      await collect(tts, 'Marhaba, kayf halak?', { voice: 'espeak-ng/ar' });
      await collect(tts, 'No voice named here.');
      const bodies = server.to(PATH).map((r) => JSON.parse(r.body.toString()));
      assert.deepEqual(
        bodies.map((b) => [b.model, b.voice, b.input]),
        [
          ['kokoro', 'nova', 'Hello there.'],
          ['kokoro', 'nova', 'How are you today?'],
          ['kokoro', 'af_heart', 'Marhaba, kayf halak?'],
          ['kokoro', 'af_heart', 'No voice named here.'],
        ],
      );
      assert.equal((await collect(tts, '  ')).chunks.length, 0);
      assert.equal(server.requests.length, 4, 'no request for empty text');
    },
  );
});

test('a WAV answer at 22.05 kHz is parsed and resampled to 24 kHz with its duration kept', async () => {
  const pcm = sine(1000, 22050);
  // The real data size, then a LIST chunk that is not audio.
  const wav = Buffer.concat([
    wavHeader(pcm.length, 22050),
    pcm,
    Buffer.from('LIST'),
    Buffer.from([8, 0, 0, 0]),
    Buffer.from('INFOISFT'),
  ]);
  await withServer(
    (_req, res) => streamBody(res, wav, [20, 31, 9000, 11025, 7000], 20, 'audio/wav'),
    {},
    async (tts) => {
      const { chunks } = await collect(tts, 'A sentence spoken as WAV.');
      const out = Buffer.concat(chunks);
      const samples = out.length / 2;
      assert.ok(Math.abs(samples - 24000) <= 2, `${samples} samples, 24000 expected`);
      // Still a 440 Hz tone: count rising zero crossings over the steady middle second.
      let crossings = 0;
      for (let i = 2001; i < 22000; i++) {
        if (out.readInt16LE((i - 1) * 2) < 0 && out.readInt16LE(i * 2) >= 0) crossings++;
      }
      const hz = crossings / (19999 / 24000);
      assert.ok(Math.abs(hz - 440) < 3, `${hz.toFixed(1)} Hz`);
    },
  );
});

test('a 5xx before any audio is retried; the sentence then plays once', async () => {
  const body = sine(300, 24000);
  await withServer(
    (_req, res, call) =>
      call === 0
        ? sendJson(res, 503, { error: { message: 'model loading' } })
        : streamBody(res, body, [4800, 4800, 4800], 10),
    {},
    async (tts, server) => {
      const { chunks } = await collect(tts, 'Retry me please.');
      assert.ok(Buffer.concat(chunks).equals(body));
      assert.equal(server.requests.length, 2);
    },
  );
});

test('a failure after audio was yielded is not retried', async () => {
  await withServer(
    async (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/pcm' });
      res.write(sine(200, 24000));
      await sleep(50);
      res.destroy();
    },
    {},
    async (tts, server) => {
      const chunks: Buffer[] = [];
      await rejectsWith(
        (async () => {
          for await (const c of tts.synthesize('This will break halfway.')) chunks.push(c);
        })(),
        /cannot reach the speech synthesis server \(connection closed\) \(audio cut short\)/,
      );
      assert.equal(chunks.length, 2, 'the 200 ms that arrived were played');
      assert.equal(server.requests.length, 1);
    },
  );
});

test('4xx is not retried and the error carries the server message', async () => {
  await withServer(
    (_req, res) => sendJson(res, 400, { detail: "Voice 'nobody' is not available" }),
    {},
    async (tts, server) => {
      await rejectsWith(
        collect(tts, 'Hello.', { voice: 'nobody' }),
        /^speech synthesis server answered 400: Voice 'nobody' is not available$/,
      );
      assert.equal(server.requests.length, 1);
    },
  );
});

test('429 and 500 are retried at most twice, then tts_unavailable', async () => {
  await withServer(
    (_req, res, call) =>
      sendJson(res, call === 0 ? 429 : 500, { error: 'busy' }, { 'retry-after-ms': '20' }),
    {},
    async (tts, server) => {
      await rejectsWith(collect(tts, 'Hello.'), /answered 500: busy \(after 3 attempts\)/);
      assert.equal(server.requests.length, 3);
    },
  );
});

test('compressed audio (the server ignored pcm) is refused rather than played as noise', async () => {
  await withServer(
    (_req, res) => streamBody(res, Buffer.from('ID3\u0004garbage'), [12], 0, 'audio/mpeg'),
    {},
    async (tts, server) => {
      await rejectsWith(collect(tts, 'Hello.'), /sent audio\/mpeg, not PCM or WAV/);
      assert.equal(server.requests.length, 1);
    },
  );
});

test('abort mid-stream closes the connection at once and ends quietly', async () => {
  let completed: boolean | undefined;
  await withServer(
    async (_req, res) => {
      completed = await streamBody(res, sine(2000, 24000), Array(20).fill(CHUNK_100MS), 100);
    },
    {},
    async (tts, server) => {
      const controller = new AbortController();
      let chunks = 0;
      for await (const _ of tts.synthesize('A long answer that gets interrupted.', {
        signal: controller.signal,
      })) {
        if (++chunks === 1) controller.abort();
      }
      assert.equal(chunks, 1);
      const closedAt = Date.now();
      const [req] = server.to(PATH);
      assert.equal(await req?.closedByClient, true, 'the server saw the connection closed');
      assert.ok(Date.now() - closedAt < 500);
      await sleep(150); // let the server's loop notice
      assert.equal(completed, false, 'the server stopped streaming');
    },
  );
});

test('breaking out of the loop also closes the connection', async () => {
  await withServer(
    (_req, res) => streamBody(res, sine(2000, 24000), Array(20).fill(CHUNK_100MS), 100),
    {},
    async (tts, server) => {
      for await (const _ of tts.synthesize('Stop reading after one chunk.')) break;
      assert.equal(await server.to(PATH)[0]?.closedByClient, true);
    },
  );
});

test('a stalled server times out, but a slow reader does not', async () => {
  await withServer(
    async (_req, res, call) => {
      if (call === 0) return; // never answers
      if (call === 1) {
        res.writeHead(200, { 'content-type': 'audio/pcm' });
        res.write(sine(100, 24000)); // then stalls
        return;
      }
      await streamBody(res, sine(400, 24000), [CHUNK_100MS, CHUNK_100MS, 2 * CHUNK_100MS], 0);
    },
    { timeoutMs: 200 },
    async (tts, server) => {
      const started = Date.now();
      await rejectsWith(collect(tts, 'No answer.'), /did not answer within 200 ms$/);
      assert.ok(Date.now() - started < 1000);
      await rejectsWith(
        collect(tts, 'Stalls.'),
        /did not answer within 200 ms \(audio cut short\)/,
      );
      // Reading at 300 ms per chunk (slower than the timeout) is the reader's business.
      let bytes = 0;
      for await (const c of tts.synthesize('Read slowly.')) {
        bytes += c.length;
        await sleep(300);
      }
      assert.equal(bytes, 4 * CHUNK_100MS);
      assert.equal(server.requests.length, 3);
    },
  );
});
