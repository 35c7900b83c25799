import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeOpenAIServer } from '@hikma/llm/testing';
import { FakeSpeechServer, sendJson } from '../src/providers/openai/fake-speech-server.ts';
import { fliteSpeech16k, silence16k, tone24k } from './helpers/audio.ts';
import { createSession, startVoice, VoiceClient } from './helpers/service.ts';

test('a spoken turn through OpenAI-compatible recognition, chat and speech servers set by configuration', async () => {
  const llm = await startFakeOpenAIServer();
  const speech = await FakeSpeechServer.start({
    '/audio/transcriptions': (_req, res) =>
      sendJson(res, 200, {
        task: 'transcribe',
        language: 'english',
        duration: 1.6,
        text: 'what is the answer',
        segments: [],
      }),
    '/audio/speech': async (req, res) => {
      if (JSON.parse(req.body.toString()).input.includes('Broken')) {
        sendJson(res, 500, { error: { message: 'synthesis backend down' } });
        return;
      }
      res.writeHead(200, { 'content-type': 'audio/pcm' });
      const pcm = tone24k(600);
      for (let i = 0; i < pcm.length; i += 9600) res.write(pcm.subarray(i, i + 9600));
      res.end();
    },
  });
  llm.enqueue({
    content: ['The answer ', 'is forty ', 'two.'],
    usage: { prompt_tokens: 31, completion_tokens: 6 },
  });
  const voice = await startVoice({
    VOICE_LLM_BASE_URL: llm.baseURL,
    VOICE_LLM_MODEL: 'gpt-test',
    VOICE_STT_PROVIDER: 'openai',
    VOICE_STT_BASE_URL: speech.baseURL,
    VOICE_TTS_PROVIDER: 'openai',
    VOICE_TTS_BASE_URL: speech.baseURL,
    VOICE_TTS_API_KEY: 'tts-secret',
  });
  try {
    const health = (await (await fetch(`${voice.http}/healthz`)).json()) as any;
    assert.deepEqual(
      [health.providers.llm, health.providers.stt, health.providers.tts],
      ['openai', 'openai', 'openai'],
    );
    const created = await createSession(voice.http);
    const client = await VoiceClient.connect(created.body);
    const hello = await client.waitFor('session.created');
    assert.equal(hello.model, 'gpt-test');
    await client.streamAudio(
      Buffer.concat([silence16k(300), fliteSpeech16k('what is the answer'), silence16k(1000)]),
      2,
    );
    const final = await client.waitFor('transcript.final');
    assert.equal(final.text, 'what is the answer');
    assert.deepEqual(final.languages, ['en-US']);
    const done = await client.waitFor('response.done');
    assert.equal(done.status, 'completed');
    assert.equal(done.text, 'The answer is forty two.');
    assert.deepEqual(done.usage, { prompt_tokens: 31, completion_tokens: 6 });
    const bytes = client.frames
      .filter((f) => f.streamId === done.stream_id)
      .reduce((s, f) => s + f.bytes, 0);
    assert.equal(bytes, tone24k(600).length, 'all synthesised audio reaches the client');

    // What the vendors were sent.
    const upload = speech.to('/audio/transcriptions')[0]!;
    assert.match(upload.headers['content-type'] ?? '', /multipart\/form-data/);
    const chat = llm.requests[0]!.body as any;
    assert.equal(chat.model, 'gpt-test');
    assert.equal(chat.stream, true);
    assert.deepEqual(chat.messages.at(-1), { role: 'user', content: 'what is the answer' });
    const tts = JSON.parse(speech.to('/audio/speech')[0]!.body.toString());
    assert.equal(tts.input, 'The answer is forty two.');
    assert.equal(tts.response_format, 'pcm');
    assert.equal(speech.to('/audio/speech')[0]!.headers.authorization, 'Bearer tts-secret');

    // A failing LLM is a coded error; the turn ends cleanly and the next one works.
    llm.enqueue(
      ...Array.from({ length: 6 }, () => ({
        kind: 'error' as const,
        status: 503,
        message: 'overloaded',
      })),
    );
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'again please' },
    });
    const err = await client.waitFor('error');
    assert.equal(err.code, 'llm_unavailable');
    const failed = await client.waitFor('response.done', (m) => m.stream_id > done.stream_id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.reason, 'llm_unavailable');
    llm.enqueue({ content: ['Back again.'] });
    client.send({ type: 'conversation.item.create', item: { role: 'user', content: 'and now?' } });
    const ok = await client.waitFor('response.done', (m) => m.stream_id > failed.stream_id);
    assert.equal(ok.status, 'completed');
    assert.equal(ok.text, 'Back again.');

    // A failing synthesiser: tts_unavailable, the reply still arrives as text, the turn ends.
    llm.enqueue({ content: ['Broken audio here.'] });
    client.send({ type: 'conversation.item.create', item: { role: 'user', content: 'speak up' } });
    const ttsErr = await client.waitFor('error', (e) => e.code === 'tts_unavailable');
    assert.match(ttsErr.message, /500/);
    const textOnly = await client.waitFor('response.done', (m) => m.stream_id > ok.stream_id);
    assert.equal(textOnly.status, 'completed');
    assert.equal(textOnly.text, 'Broken audio here.');
    assert.equal(client.frames.filter((f) => f.streamId === textOnly.stream_id).length, 0);
    client.close();
  } finally {
    await voice.close();
    await llm.close();
    await speech.close();
  }
});
