import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSession, startVoice, VoiceClient } from './helpers/service.ts';

async function connect(http: string): Promise<VoiceClient> {
  const created = await createSession(http);
  const client = await VoiceClient.connect(created.body);
  await client.waitFor('session.created');
  return client;
}

test('the per-model token bucket refuses a turn with rate_limited; the session goes on', async () => {
  const voice = await startVoice({ VOICE_LLM_TOKENS_PER_MINUTE: '60' });
  try {
    const client = await connect(voice.http);
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'word '.repeat(400) },
    });
    const err = await client.waitFor('error');
    assert.equal(err.code, 'rate_limited');
    const done = await client.waitFor('response.done');
    assert.equal(done.status, 'failed');
    assert.equal(done.reason, 'rate_limited');
    assert.equal(done.usage.completion_tokens, 0);
    // The session is still usable: it answers the next message (here with a coded error).
    client.send({ type: 'response.cancel' });
    assert.equal(
      (await client.waitFor('error', (e) => e.code === 'invalid_message')).code,
      'invalid_message',
    );
    assert.equal(client.closeCode, null);
    client.close();
  } finally {
    await voice.close();
  }
});

test('with the synthesis quota used up, a reply comes as text only with speech_capacity_exceeded', async () => {
  const voice = await startVoice({ VOICE_MAX_SYNTHESES: '1' });
  try {
    const a = await connect(voice.http);
    const b = await connect(voice.http);
    a.send({
      type: 'conversation.item.create',
      item: {
        role: 'user',
        content: 'Tell me a long story about the sea and the ships that sail on it every day',
      },
    });
    await a.waitFor('response.audio.delta');
    b.send({ type: 'conversation.item.create', item: { role: 'user', content: 'hello there' } });
    const err = await b.waitFor('error');
    assert.equal(err.code, 'speech_capacity_exceeded');
    const done = await b.waitFor('response.done');
    assert.equal(done.status, 'completed');
    assert.ok(done.text.length > 0);
    assert.equal(b.frames.length, 0, 'no audio for the refused reply');
    assert.equal(b.of('response.audio.done').length, 0);
    a.send({ type: 'response.cancel' });
    await a.waitFor('response.done');
    // Once the quota is free again, audio comes back.
    b.send({ type: 'conversation.item.create', item: { role: 'user', content: 'and now?' } });
    await b.waitFor('response.audio.done');
    a.close();
    b.close();
  } finally {
    await voice.close();
  }
});
