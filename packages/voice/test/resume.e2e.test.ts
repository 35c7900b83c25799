import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakeOpenAIServer } from '@hikma/llm/testing';
import { FakeTTS } from '../src/testing/index.ts';
import { createSession, startVoice, VoiceClient, type SessionHandle } from './helpers/service.ts';

// A dropped connection (no close frame) keeps the session for VOICE_RESUME_WINDOW_MS; the
// client comes back with its resume token (or a still-valid JWT) and keeps its conversation.

async function setup(env: Record<string, string> = {}) {
  const llm = await startFakeOpenAIServer();
  const voice = await startVoice(
    { VOICE_LLM_BASE_URL: llm.baseURL, VOICE_LLM_MODEL: 'gpt-test', ...env },
    { tts: new FakeTTS() },
  );
  return {
    llm,
    voice,
    async close() {
      await voice.close();
      await llm.close();
    },
  };
}

/** The connection dies without a close frame, as when a network goes away. */
function dropConnection(client: VoiceClient): void {
  client.ws.terminate();
}

async function open(handle: SessionHandle, token?: string) {
  const client = await VoiceClient.connect(handle, 'header', token);
  const created = await client.waitFor('session.created');
  return { client, created };
}

test('a dropped socket resumes with its resume token and keeps the conversation', async () => {
  const { llm, voice, close } = await setup();
  try {
    const handle = (await createSession(voice.http)).body as SessionHandle;
    const first = await open(handle);
    assert.match(first.created.resume_token, /^rt_[A-Za-z0-9_-]{43}$/);
    assert.equal(first.created.resumed, undefined);

    llm.enqueue({ content: ['Your name is Layla.'] });
    first.client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'my name is Layla' },
    });
    const done = await first.client.waitFor('response.done');
    assert.equal(done.status, 'completed');

    dropConnection(first.client);
    await sleep(100);
    assert.equal(voice.service.sessions.size, 1, 'the session outlives its socket');

    const second = await open(handle, first.created.resume_token);
    assert.equal(second.created.session_id, handle.session_id);
    assert.deepEqual(second.created.resumed, {
      replayed_events: 0,
      missed_events: 0,
      missed_audio_frames: 0,
      missed_audio_bytes: 0,
    });
    assert.notEqual(second.created.resume_token, first.created.resume_token, 'tokens rotate');

    llm.enqueue({ content: ['Welcome back.'] });
    second.client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'what is my name?' },
    });
    const again = await second.client.waitFor('response.done');
    assert.equal(again.status, 'completed');
    assert.ok(again.stream_id > done.stream_id, 'stream ids go on from where they were');
    const sent = (llm.requests.at(-1)!.body as any).messages.map((m: any) => m.content);
    assert.deepEqual(sent.slice(1), [
      'my name is Layla',
      'Your name is Layla.',
      'what is my name?',
    ]);

    // A used resume token does not work twice.
    const reused = await VoiceClient.connect(handle, 'header', first.created.resume_token);
    assert.equal((await reused.waitClosed()).code, 4401);
    assert.equal(second.client.closeCode, null, 'the live socket is not disturbed');

    // A close handshake from the client ends the session and frees its slot.
    second.client.close();
    await second.client.waitClosed();
    await sleep(50);
    assert.equal(voice.service.sessions.size, 0);
    const late = await VoiceClient.connect(handle, 'header', second.created.resume_token);
    assert.equal((await late.waitClosed()).code, 4401);
  } finally {
    await close();
  }
});

test('a reply cut by the drop is reported on resume; audio made while away is counted, not kept', async () => {
  const { llm, voice, close } = await setup();
  try {
    const handle = (await createSession(voice.http)).body as SessionHandle;
    const first = await open(handle);
    llm.enqueue({
      content: ['This is a long answer. ', 'It keeps going. ', 'And going on. ', 'The end.'],
      chunkDelayMs: 150,
    });
    first.client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'tell me a story' },
    });
    const created = await first.client.waitFor('response.created');
    await first.client.waitFor('response.text.delta');
    dropConnection(first.client);
    await sleep(300);

    // The JWT is still valid, so it resumes the session too.
    const second = await open(handle);
    const resumed = second.created.resumed;
    assert.ok(resumed.replayed_events >= 1, JSON.stringify(resumed));
    assert.equal(resumed.missed_events, 0);
    const cut = await second.client.waitFor('response.done');
    assert.equal(cut.stream_id, created.stream_id);
    assert.equal(cut.status, 'cancelled');
    assert.equal(cut.reason, 'client_disconnected');
    // Replayed messages come right after session.created, in order.
    const types = second.client.messages.map((m) => m.type);
    assert.equal(types[0], 'session.created');
    assert.equal(types.indexOf('response.done'), resumed.replayed_events);

    // Only what was heard stays in the conversation: nothing of the story was played.
    llm.enqueue({ content: ['Sure.'] });
    second.client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'go on' },
    });
    await second.client.waitFor('response.done', (m) => m.stream_id > cut.stream_id);
    const sent = (llm.requests.at(-1)!.body as any).messages;
    assert.deepEqual(
      sent.slice(1).map((m: any) => [m.role, m.content]),
      [
        ['user', 'tell me a story'],
        ['user', 'go on'],
      ],
    );
    second.client.close();
  } finally {
    await close();
  }
});

test('a resume token takes over from a socket the server still thinks is live', async () => {
  const { voice, close } = await setup();
  try {
    const handle = (await createSession(voice.http)).body as SessionHandle;
    const first = await open(handle);
    // Without the token, a second socket is refused as the protocol says.
    const intruder = await VoiceClient.connect(handle);
    assert.equal((await intruder.waitClosed()).code, 4409);

    const second = await open(handle, first.created.resume_token);
    assert.equal((await first.client.waitClosed()).code, 4409);
    assert.equal(second.created.session_id, handle.session_id);
    // The old socket's close must not end the resumed session.
    await sleep(100);
    assert.equal(voice.service.sessions.size, 1);
    second.client.send({ type: 'session.update', session: { voice: 'slt' } });
    await second.client.waitFor('session.updated');
    second.client.close();
  } finally {
    await close();
  }
});

test('a dropped session that is not resumed within the window ends and frees its slot', async () => {
  const { voice, close } = await setup({
    VOICE_RESUME_WINDOW_MS: '300',
    VOICE_TENANT_MAX_SESSIONS: '1',
  });
  try {
    const handle = (await createSession(voice.http)).body as SessionHandle;
    const first = await open(handle);
    dropConnection(first.client);
    await sleep(100);
    const blocked = await createSession(voice.http);
    assert.equal(blocked.status, 429, 'the detached session still holds its slot');
    await sleep(500);
    assert.equal(voice.service.sessions.size, 0);
    const late = await VoiceClient.connect(handle, 'header', first.created.resume_token);
    assert.equal((await late.waitClosed()).code, 4401);
    assert.equal((await createSession(voice.http)).status, 201, 'the slot is free again');
  } finally {
    await close();
  }
});
