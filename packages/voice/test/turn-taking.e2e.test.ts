import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fliteSpeech16k, silence16k } from './helpers/audio.ts';
import { createSession, startVoice, VoiceClient, type RunningVoice } from './helpers/service.ts';

// One session per tenant: the idle test shows that the closed session's slot comes free.
let voice: RunningVoice;
before(async () => {
  voice = await startVoice({ VOICE_TENANT_MAX_SESSIONS: '1' });
});
after(async () => {
  await voice.close();
});

/** Opens a session, waiting a moment for the tenant's one slot if a closing session holds it. */
async function open(body: unknown = {}): Promise<VoiceClient> {
  let created = await createSession(voice.http, body);
  for (let i = 0; created.status === 429 && i < 20; i++) {
    await new Promise((r) => setTimeout(r, 100));
    created = await createSession(voice.http, body);
  }
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const client = await VoiceClient.connect(created.body);
  await client.waitFor('session.created');
  return client;
}

test('idle: timeout event, a spoken "Are you still there?", then close 4410 and the tenant slot is free', async () => {
  const client = await open({ turn_detection: { type: 'server_vad', idle_timeout_ms: 1000 } });
  try {
    assert.equal(client.of('session.created')[0]!.session.turn_detection.idle_timeout_ms, 1000);
    client.send({ type: 'conversation.item.create', item: { role: 'user', content: 'hello' } });
    const answered = await client.waitFor('response.done');
    assert.equal(answered.status, 'completed');
    const first = await client.waitFor('input_audio.timeout_triggered');
    assert.equal(first.action, 'reprompt');
    assert.ok(first.at - answered.at >= 990, `${Math.round(first.at - answered.at)} ms`);
    const prompt = await client.waitFor('response.done', (m) => m.stream_id > answered.stream_id);
    assert.deepEqual(
      { status: prompt.status, text: prompt.text },
      { status: 'completed', text: 'Are you still there?' },
    );
    const spoken = client.frames.filter((f) => f.streamId === prompt.stream_id);
    assert.ok(spoken.reduce((n, f) => n + f.bytes, 0) / 48 > 500, 'the question is spoken');

    // At its limit of one session, the tenant cannot open another…
    const refused = await createSession(voice.http, {});
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'tenant_session_limit');

    const { code, reason } = await client.waitClosed(5000);
    assert.deepEqual({ code, reason }, { code: 4410, reason: 'idle_timeout' });
    const last = client.messages.at(-1)!;
    assert.deepEqual(
      { type: last.type, action: last.action },
      { type: 'input_audio.timeout_triggered', action: 'close' },
    );
    assert.ok(last.at - prompt.at >= 990);
  } finally {
    client.close();
  }
  // …until the idle session has ended.
  const again = await createSession(voice.http, {});
  assert.equal(again.status, 201, JSON.stringify(again.body));
  const next = await VoiceClient.connect(again.body);
  await next.waitFor('session.created');
  next.close();
  await next.waitClosed();
});

test('a spoken "okay" during the reply (Flite, Silero, PocketSphinx) resumes it; no new LLM call', async () => {
  const client = await open();
  try {
    const long =
      'Please tell me everything about the long history of the city of London, from the Roman settlement to the modern financial district, in great detail';
    client.send({ type: 'conversation.item.create', item: { role: 'user', content: long } });
    const firstDelta = await client.waitFor('response.audio.delta');
    const streamId = firstDelta.stream_id;
    await new Promise((r) => setTimeout(r, 1200));
    await client.streamAudio(Buffer.concat([fliteSpeech16k('okay'), silence16k(1500)]));
    const barge = await client.waitFor('barge_in.detected');
    assert.equal(barge.stream_id, streamId);
    const final = await client.waitFor('transcript.final');
    assert.equal(final.text, 'okay');
    // The window: silence_ms (500) + 1500 ms from the barge-in to the transcript.
    assert.ok(final.at - barge.at < 2000, `transcript ${Math.round(final.at - barge.at)} ms after`);
    const resumed = await client.waitFor('response.resumed');
    assert.deepEqual(
      { of: resumed.resumed_stream_id, reason: resumed.reason },
      { of: streamId, reason: 'backchannel' },
    );
    assert.ok(resumed.stream_id > streamId);
    const fullText = client
      .of('response.text.delta')
      .filter((m) => m.stream_id === streamId)
      .map((m) => m.text)
      .join('');
    assert.ok(resumed.text_offset > 0 && resumed.text_offset < fullText.length);
    const done = await client.waitFor('response.done', (m) => m.stream_id === resumed.stream_id);
    assert.deepEqual(
      { status: done.status, text: done.text, usage: done.usage },
      { status: 'completed', text: fullText, usage: { prompt_tokens: 0, completion_tokens: 0 } },
    );
    const rest = client.frames.filter((f) => f.streamId === resumed.stream_id);
    assert.ok(rest.length > 0 && rest[0]!.at >= resumed.at, 'the rest of the audio follows');
    assert.ok(
      rest.reduce((n, f) => n + f.bytes, 0) / 48 > 1000,
      'the rest of the reply is spoken, not just a word',
    );
  } finally {
    client.close();
    await client.waitClosed();
  }
});
