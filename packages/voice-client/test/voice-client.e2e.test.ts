import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fliteSpeech16k, silence16k } from '../../voice/test/helpers/audio.ts';
import { API_KEY, startVoice, type RunningVoice } from '../../voice/test/helpers/service.ts';
import {
  createSession,
  VoiceClient,
  VoiceClientError,
  type AudioFrame,
  type ServerMessage,
} from '../src/index.ts';

// The real voice service on its embedded defaults (Silero VAD, PocketSphinx, the offline LLM,
// Flite), started in-process on an ephemeral port; the client talks to it as any client would.

let voice: RunningVoice;
before(async () => {
  voice = await startVoice();
});
after(async () => {
  await voice?.close();
});

/** Streams PCM16 16 kHz in 20 ms frames at real time. */
async function streamRealTime(client: VoiceClient, pcm: Buffer): Promise<void> {
  const frameBytes = 640;
  const start = performance.now();
  for (let i = 0, n = 0; i < pcm.length; i += frameBytes, n++) {
    client.sendAudio(pcm.subarray(i, i + frameBytes));
    const wait = start + (n + 1) * 20 - performance.now();
    if (wait > 0) await sleep(wait);
  }
}

/** Records every message and audio frame a client receives. */
function record(client: VoiceClient) {
  const messages: ServerMessage[] = [];
  const frames: AudioFrame[] = [];
  client.on('message', (m) => messages.push(m));
  client.on('audio', (f) => frames.push(f));
  return { messages, frames };
}

/**
 * A TCP relay in front of the service whose connections can be cut without a close frame, as
 * when a network goes away.
 */
async function startRelay(target: string): Promise<{ url: string; cut(): void; close(): void }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = connect(Number(port), hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

test('a spoken turn: Flite speech in, transcript, reply text and reply audio out', async () => {
  const client = new VoiceClient({ url: voice.http, apiKey: API_KEY });
  const { messages, frames } = record(client);
  const created = await client.connect();
  try {
    assert.match(created.session_id, /^sess_/);
    assert.equal(created.session.turn_detection.type, 'server_vad');
    assert.equal(client.handle?.session_id, created.session_id);
    assert.match(created.resume_token ?? '', /^rt_/);

    const sentence = 'what is the weather in london today';
    const done = client.waitFor('response.done', undefined, { timeoutMs: 30_000 });
    await streamRealTime(
      client,
      Buffer.concat([silence16k(300), fliteSpeech16k(sentence), silence16k(1200)]),
    );
    const reply = await done;
    assert.equal(reply.status, 'completed');

    const final = messages.find((m) => m.type === 'transcript.final');
    assert.ok(final && final.type === 'transcript.final');
    assert.match(final.text, /weather|london/, `recognised "${final.text}"`);
    const order = messages.map((m) => m.type);
    assert.ok(order.indexOf('vad.speech_started') < order.indexOf('vad.speech_stopped'));
    assert.ok(order.indexOf('transcript.final') < order.indexOf('response.done'));

    const text = messages
      .filter((m) => m.type === 'response.text.delta' && m.stream_id === reply.stream_id)
      .map((m) => (m as { text: string }).text)
      .join('');
    assert.equal(reply.text, text);
    const audio = frames.filter((f) => f.streamId === reply.stream_id);
    const samples = audio.reduce((n, f) => n + f.pcm.length, 0);
    // Flite speaks a sentence of several words: well over half a second at 24 kHz.
    assert.ok(samples > 12_000, `${samples} samples of reply audio`);
    const announced = messages
      .filter((m) => m.type === 'response.audio.delta' && m.stream_id === reply.stream_id)
      .reduce((n, m) => n + (m as { bytes: number }).bytes, 0);
    assert.equal(announced, samples * 2, 'response.audio.delta announces every byte');
    const peak = audio.reduce((p, f) => f.pcm.reduce((q, s) => Math.max(q, Math.abs(s)), p), 0);
    assert.ok(peak > 1000, `reply audio is not silence (peak ${peak})`);
  } finally {
    client.close();
  }
});

test('a typed user turn is answered with text and audio', async () => {
  const client = new VoiceClient({ url: voice.http, apiKey: API_KEY });
  const { frames } = record(client);
  await client.connect();
  try {
    assert.equal(client.sendText('tell me about pollinators'), true);
    const reply = await client.waitFor('response.done');
    assert.equal(reply.status, 'completed');
    assert.match(reply.text, /pollinators/);
    assert.ok(frames.some((f) => f.streamId === reply.stream_id && f.pcm.length > 0));
  } finally {
    client.close();
  }
});

test('a dropped connection is resumed with the resume token and the session goes on', async () => {
  const relay = await startRelay(voice.http);
  const client = new VoiceClient({
    url: relay.url,
    apiKey: API_KEY,
    resumeDelaysMs: [100, 200, 400, 800],
  });
  const { messages } = record(client);
  const reconnecting: number[] = [];
  client.on('reconnecting', (r) => reconnecting.push(r.attempt));
  const closes: unknown[] = [];
  client.on('close', (c) => closes.push(c));
  const first = await client.connect();
  try {
    client.sendText('my name is Layla');
    const firstReply = await client.waitFor('response.done');
    assert.equal(firstReply.status, 'completed');

    const resumed = client.waitFor('session.created', (m) => m.resumed !== undefined);
    relay.cut();
    const again = await resumed;
    assert.equal(again.session_id, first.session_id);
    assert.notEqual(again.resume_token, first.resume_token, 'resume tokens are single use');
    assert.ok(reconnecting.length >= 1);
    assert.equal(client.state, 'open');
    assert.deepEqual(closes, [], 'a resumed drop is no close');

    client.sendText('what is my name?');
    const secondReply = await client.waitFor('response.done');
    assert.equal(secondReply.status, 'completed');
    assert.ok(secondReply.stream_id > firstReply.stream_id, 'stream ids go on');
    assert.equal(messages.filter((m) => m.type === 'session.created').length, 2);

    const closed = new Promise<{ code: number }>((resolve) => client.once('close', resolve));
    client.close();
    assert.equal((await closed).code, 1000, 'our close is a close handshake');
  } finally {
    client.close();
    relay.close();
  }
});

test('a bad message is answered with the service error and the session goes on', async () => {
  const client = new VoiceClient({ url: voice.http, apiKey: API_KEY });
  await client.connect();
  try {
    const error = client.waitFor('error');
    // Not the protocol: silence_ms is at least 100. Sent as a client that skips the types would.
    client.send({
      type: 'session.update',
      session: { turn_detection: { type: 'server_vad', silence_ms: 5 } },
    });
    const e = await error;
    assert.equal(e.code, 'invalid_message');
    assert.match(e.message, /silence_ms/);

    assert.ok(client.updateSession({ turn_detection: { type: 'server_vad', silence_ms: 700 } }));
    const updated = await client.waitFor('session.updated');
    assert.deepEqual(updated.session.turn_detection, {
      type: 'server_vad',
      silence_ms: 700,
      prefix_padding_ms: 300,
      idle_timeout_ms: null,
    });
  } finally {
    client.close();
  }
});

test('a refused key, an unreachable service and a refused token fail with stable codes', async () => {
  await assert.rejects(
    createSession({ url: voice.http, apiKey: 'not-a-key' }),
    (err: unknown) =>
      err instanceof VoiceClientError && err.code === 'invalid_api_key' && err.status === 401,
  );

  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await assert.rejects(
    new VoiceClient({ url: `http://127.0.0.1:${port}`, apiKey: API_KEY }).connect(),
    (err: unknown) =>
      err instanceof VoiceClientError &&
      err.code === 'network_error' &&
      /ECONNREFUSED/.test(err.message),
  );

  assert.throws(
    () => new VoiceClient({ url: 'ftp://example', apiKey: API_KEY }),
    (err: unknown) => err instanceof VoiceClientError && err.code === 'invalid_options',
  );

  const handle = await createSession({ url: voice.http, apiKey: API_KEY });
  const forged = new VoiceClient({ url: voice.http, apiKey: API_KEY });
  await assert.rejects(
    forged.connect({ ...handle, token: `${handle.token.slice(0, -4)}AAAA` }),
    (err: unknown) => err instanceof VoiceClientError && err.code === 'token_rejected',
  );
  assert.equal(forged.state, 'closed');
});
