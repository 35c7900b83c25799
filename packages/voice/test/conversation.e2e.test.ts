import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fliteSpeech16k, silence16k } from './helpers/audio.ts';
import { createSession, startVoice, VoiceClient, type RunningVoice } from './helpers/service.ts';
import { wordErrorRate } from '../src/testing/wer.ts';

let voice: RunningVoice;
before(async () => {
  voice = await startVoice();
});
after(async () => {
  await voice.close();
});

async function open(body: unknown = {}): Promise<VoiceClient> {
  const created = await createSession(voice.http, body);
  assert.equal(created.status, 201);
  const client = await VoiceClient.connect(created.body);
  await client.waitFor('session.created');
  return client;
}

test('a spoken English turn goes VAD → recognition → LLM → synthesis and back', async () => {
  const client = await open();
  try {
    const created = client.of('session.created')[0]!;
    assert.match(created.session_id, /^sess_/);
    assert.equal(typeof created.model, 'string');
    assert.equal(typeof created.voice, 'string');

    const sentence = 'what is the weather in london today';
    await client.streamAudio(
      Buffer.concat([silence16k(400), fliteSpeech16k(sentence), silence16k(1200)]),
    );
    const started = await client.waitFor('vad.speech_started');
    const stopped = await client.waitFor('vad.speech_stopped');
    assert.ok(stopped.at > started.at);
    const final = await client.waitFor('transcript.final');
    assert.ok(wordErrorRate(sentence, final.text) <= 0.5, `recognised "${final.text}"`);
    assert.deepEqual(final.languages, ['en-US']);
    assert.ok(
      final.duration_ms > 1000 && final.duration_ms < 4000,
      `duration ${final.duration_ms}`,
    );

    const done = await client.waitFor('response.done');
    assert.equal(done.status, 'completed');
    assert.ok(done.usage.prompt_tokens > 0 && done.usage.completion_tokens > 0);
    const streamId = done.stream_id;
    assert.ok(Number.isInteger(streamId) && streamId > 0);
    const text = client
      .of('response.text.delta')
      .filter((m) => m.stream_id === streamId)
      .map((m) => m.text)
      .join('');
    assert.ok(text.length > 10);
    assert.equal(done.text, text);

    const frames = client.frames.filter((f) => f.streamId === streamId);
    const metas = client.of('response.audio.delta').filter((m) => m.stream_id === streamId);
    assert.ok(frames.length > 3, 'audio arrives as binary frames');
    assert.equal(metas.length, frames.length, 'one response.audio.delta per audio frame');
    assert.deepEqual(
      metas.map((m) => m.bytes),
      frames.map((f) => f.bytes),
    );
    const audioMs = frames.reduce((s, f) => s + f.bytes, 0) / 48;
    assert.ok(audioMs > 800, `about ${Math.round(audioMs)} ms of 24 kHz audio`);

    const audioDone = await client.waitFor('response.audio.done');
    assert.equal(audioDone.stream_id, streamId);
    const order = client.messages.map((m) => m.type);
    assert.ok(order.indexOf('vad.speech_stopped') < order.indexOf('transcript.final'));
    assert.ok(order.indexOf('response.audio.done') < order.indexOf('response.done'));
    const latency = frames[0]!.at - stopped.at;
    assert.ok(latency < 3000, `first audio ${Math.round(latency)} ms after speech stopped`);
    // Paced at real time: the audio is not dumped all at once.
    const spread = frames.at(-1)!.at - frames[0]!.at;
    assert.ok(
      spread > audioMs * 0.5,
      `frames spread over ${Math.round(spread)} ms for ${Math.round(audioMs)} ms of audio`,
    );
  } finally {
    client.close();
  }
});

test('speaking during the reply barges in: synthesis stops and only the spoken text is kept', async () => {
  const client = await open();
  try {
    const long =
      'Please tell me everything about the long history of the city of London, from the Roman settlement to the modern financial district, in great detail';
    client.send({ type: 'conversation.item.create', item: { role: 'user', content: long } });
    const firstDelta = await client.waitFor('response.audio.delta');
    const streamId = firstDelta.stream_id;
    await new Promise((r) => setTimeout(r, 1200));
    await client.streamAudio(Buffer.concat([fliteSpeech16k('stop please'), silence16k(1200)]));
    const barge = await client.waitFor('barge_in.detected');
    assert.equal(barge.stream_id, streamId);
    const fullText = client
      .of('response.text.delta')
      .filter((m) => m.stream_id === streamId)
      .map((m) => m.text)
      .join('');
    assert.ok(barge.spoken_chars > 0, 'some of the reply was heard');
    assert.ok(
      barge.spoken_chars < fullText.length,
      `spoken ${barge.spoken_chars} of ${fullText.length}`,
    );
    const done = await client.waitFor('response.done', (m) => m.stream_id === streamId);
    assert.equal(done.status, 'cancelled');
    assert.equal(done.text, fullText.slice(0, barge.spoken_chars));
    const order = client.messages.map((m) => m.type);
    const bargeAt = order.indexOf('barge_in.detected');
    assert.equal(order[bargeAt + 1], 'response.done');
    assert.equal(order[bargeAt + 2], 'vad.speech_started');
    // No audio of the cancelled stream after the barge-in (allow frames already in flight).
    const late = client.frames.filter((f) => f.streamId === streamId && f.at > barge.at + 50);
    assert.equal(late.length, 0);
    // The interruption becomes the next turn.
    await client.waitFor('transcript.final', () => true, 20_000, bargeAt);
    const next = await client.waitFor(
      'response.done',
      (m) => m.stream_id !== streamId && m.status === 'completed',
    );
    assert.ok(next.stream_id > streamId);
  } finally {
    client.close();
  }
});

test('response.cancel stops the reply without a barge-in', async () => {
  const client = await open();
  try {
    client.send({
      type: 'conversation.item.create',
      item: {
        role: 'user',
        content:
          'Tell me a long story about a dragon who lived on a mountain and guarded a treasure for a thousand years',
      },
    });
    const delta = await client.waitFor('response.audio.delta');
    client.send({ type: 'response.cancel' });
    const done = await client.waitFor('response.done');
    assert.equal(done.stream_id, delta.stream_id);
    assert.equal(done.status, 'cancelled');
    assert.equal(done.reason, 'client_cancelled');
    assert.equal(client.of('barge_in.detected').length, 0);
    // Nothing to cancel now: a coded error, and the session goes on.
    client.send({ type: 'response.cancel' });
    const err = await client.waitFor('error');
    assert.equal(err.code, 'invalid_message');
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'hello again' },
    });
    await client.waitFor(
      'response.done',
      (m) => m.stream_id > delta.stream_id && m.status === 'completed',
    );
  } finally {
    client.close();
  }
});

test('a tool call round-trips through the client', async () => {
  const client = await open({
    tools: [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current weather for a city',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        },
      },
    ],
  });
  try {
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'What is the weather in Paris?' },
    });
    const call = await client.waitFor('tool.call');
    assert.equal(call.name, 'get_weather');
    assert.deepEqual(JSON.parse(call.arguments), { city: 'Paris' });
    assert.equal(typeof call.call_id, 'string');
    client.send({ type: 'tool.result', call_id: 'not-a-call', output: '{}' });
    assert.equal((await client.waitFor('error')).code, 'invalid_message');
    client.send({
      type: 'tool.result',
      call_id: call.call_id,
      output: JSON.stringify({ temperature_c: 18, sky: 'cloudy' }),
    });
    const done = await client.waitFor('response.done');
    assert.equal(done.status, 'completed');
    assert.match(done.text, /temperature c 18/);
    assert.match(done.text, /cloudy/);
  } finally {
    client.close();
  }
});

test('retrieval passages reach the LLM; an unknown index is a coded error', async () => {
  const res = await fetch(`${voice.http}/v1/indexes/store-info/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'test-key-alpha' },
    body: JSON.stringify({
      documents: [
        {
          id: 'hours',
          title: 'Opening hours',
          text: 'The shop opens at nine in the morning and closes at six in the evening, Monday to Saturday.',
        },
        {
          id: 'returns',
          title: 'Returns',
          text: 'Items can be returned within thirty days with a receipt.',
        },
      ],
    }),
  });
  assert.equal(res.status, 201);
  assert.deepEqual(await res.json(), { index_name: 'store-info', documents: 2, passages: 2 });

  const client = await open({ rag: { index_name: 'store-info', top_k: 2 } });
  try {
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'When does the shop close in the evening?' },
    });
    const done = await client.waitFor('response.done');
    assert.match(done.text, /closes at six in the evening/);
    assert.match(done.text, /Opening hours/);

    client.send({ type: 'session.update', session: { rag: { index_name: 'no-such-index' } } });
    assert.equal((await client.waitFor('error')).code, 'rag_index_not_found');
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'and on sunday?' },
    });
    await client.waitFor('response.done', (m) => m.stream_id > done.stream_id);
    assert.equal(client.of('error').filter((e) => e.code === 'rag_index_not_found').length, 2);
  } finally {
    client.close();
  }
  // Indexes are per tenant: the other tenant does not see this one.
  const other = await fetch(`${voice.http}/v1/indexes`, {
    headers: { 'x-api-key': 'test-key-beta' },
  });
  assert.deepEqual(await other.json(), { indexes: [] });
});

test('a client that stops sending audio mid-speech still gets the end of its utterance', async () => {
  const client = await open();
  try {
    // Speech sent faster than real time, with no trailing silence at all.
    await client.streamAudio(
      Buffer.concat([silence16k(200), fliteSpeech16k('turn on the kitchen lights')]),
      4,
    );
    await client.waitFor('vad.speech_started');
    const stopped = await client.waitFor('vad.speech_stopped', () => true, 5000);
    assert.ok(stopped);
    const final = await client.waitFor('transcript.final');
    assert.ok(
      wordErrorRate('turn on the kitchen lights', final.text) <= 0.6,
      `recognised "${final.text}"`,
    );
    await client.waitFor('response.done');
  } finally {
    client.close();
  }
});
