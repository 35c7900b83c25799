import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakeOpenAIServer } from '@hikma/llm/testing';
import { FakeSpeechServer, sendJson } from '../src/providers/openai/fake-speech-server.ts';
import { fliteSpeech16k, silence16k, tone24k } from './helpers/audio.ts';
import { createSession, startVoice, VoiceClient, type Message } from './helpers/service.ts';

// Every vendor the service talks to fails mid-turn, one way after another, on ONE session:
// each fault must end its turn with a coded error and a `response.done`, and the next turn
// must work. The vendors are fakes of their wire protocols; the service is the real one.

type SpeechFault = 'none' | 'error' | 'hang' | 'cut';

async function streamTone(res: ServerResponse, ms: number, cutAfterMs?: number): Promise<void> {
  res.writeHead(200, { 'content-type': 'audio/pcm' });
  const pcm = tone24k(ms);
  const piece = 4800; // 100 ms
  for (let i = 0; i < pcm.length; i += piece) {
    if (cutAfterMs !== undefined && i >= cutAfterMs * 48) {
      res.socket?.destroy(); // the connection drops mid-body
      return;
    }
    res.write(pcm.subarray(i, i + piece));
    await sleep(5);
  }
  res.end();
}

async function setup() {
  const faults = { stt: 'none' as SpeechFault, tts: 'none' as SpeechFault };
  const llm = await startFakeOpenAIServer();
  const speech = await FakeSpeechServer.start({
    '/audio/transcriptions': async (_req, res) => {
      if (faults.stt === 'error') return sendJson(res, 500, { error: { message: 'asr crashed' } });
      if (faults.stt === 'hang') return; // never answers
      if (faults.stt === 'cut') return res.socket?.destroy();
      sendJson(res, 200, { text: 'what time is it', language: 'english', duration: 1.2 });
    },
    '/audio/speech': async (_req, res) => {
      if (faults.tts === 'error') return sendJson(res, 503, { error: { message: 'tts down' } });
      if (faults.tts === 'hang') {
        res.writeHead(200, { 'content-type': 'audio/pcm' });
        res.write(tone24k(100)); // a little audio, then silence on the wire
        return;
      }
      await streamTone(res, 600, faults.tts === 'cut' ? 200 : undefined);
    },
  });
  const voice = await startVoice({
    VOICE_LLM_BASE_URL: llm.baseURL,
    VOICE_LLM_MODEL: 'gpt-test',
    VOICE_LLM_TIMEOUT_MS: '600',
    VOICE_LLM_MAX_RETRIES: '1',
    VOICE_STT_PROVIDER: 'openai',
    VOICE_STT_BASE_URL: speech.baseURL,
    VOICE_STT_TIMEOUT_MS: '600',
    VOICE_TTS_PROVIDER: 'openai',
    VOICE_TTS_BASE_URL: speech.baseURL,
    VOICE_TTS_TIMEOUT_MS: '600',
    VOICE_TOOL_TIMEOUT_MS: '400',
    VOICE_PLAYBACK_LEAD_MS: '5000', // no real-time pacing wait in this test
  });
  return {
    faults,
    llm,
    speech,
    voice,
    async close() {
      await voice.close();
      await llm.close();
      await speech.close();
    },
  };
}

/** The `response.done` of the next turn after `afterStream`, and what came with it. */
async function nextDone(client: VoiceClient, afterStream: number): Promise<Message> {
  return client.waitFor('response.done', (m) => m.stream_id > afterStream, 15_000);
}

function errorsAfter(client: VoiceClient, from: number): string[] {
  return client.messages
    .slice(from)
    .filter((m) => m.type === 'error')
    .map((m) => m.code as string);
}

function audioBytes(client: VoiceClient, streamId: number): number {
  return client.frames.filter((f) => f.streamId === streamId).reduce((s, f) => s + f.bytes, 0);
}

test('vendor faults mid-turn end the turn with a coded error and the next turn works', async () => {
  const env = await setup();
  const { faults, llm } = env;
  try {
    const created = await createSession(env.voice.http, {
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_time',
            description: 'the time',
            parameters: { type: 'object', properties: {} },
          },
        },
      ],
    });
    assert.equal(created.status, 201);
    const client = await VoiceClient.connect(created.body);
    await client.waitFor('session.created');
    let last = 0;
    const say = (text: string) =>
      client.send({ type: 'conversation.item.create', item: { role: 'user', content: text } });
    const healthy = async (label: string) => {
      llm.enqueue({ content: [`All good ${label}.`] });
      say(`are you there ${label}`);
      const ok = await nextDone(client, last);
      assert.equal(ok.status, 'completed', `${label}: the next turn works`);
      assert.equal(ok.text, `All good ${label}.`);
      assert.ok(audioBytes(client, ok.stream_id) > 0, `${label}: the next turn is spoken`);
      last = ok.stream_id;
    };

    // 1. The LLM connection drops after the answer has started: no retry (text was already
    // sent), llm_unavailable, the turn fails with what was produced so far.
    let mark = client.messages.length;
    llm.enqueue({
      content: ['Half of ', 'the answer ', 'is lost'],
      disconnectAfter: 3,
      chunkDelayMs: 20,
    });
    say('tell me something');
    const cut = await nextDone(client, last);
    assert.equal(cut.status, 'failed');
    assert.equal(cut.reason, 'llm_unavailable');
    assert.ok(cut.text.startsWith('Half of'), `partial text kept: ${cut.text}`);
    assert.deepEqual(errorsAfter(client, mark), ['llm_unavailable']);
    last = cut.stream_id;
    await healthy('after a cut LLM stream');

    // 2. The LLM stream stalls: the idle timeout (600 ms) ends it.
    mark = client.messages.length;
    llm.enqueue({ content: ['Thinking ', 'forever'], stallAfter: 2 });
    const started = performance.now();
    say('a hard question');
    const stalled = await nextDone(client, last);
    const took = performance.now() - started;
    assert.equal(stalled.status, 'failed');
    assert.equal(stalled.reason, 'llm_unavailable');
    assert.ok(took >= 550 && took < 5000, `stall detected after ${took.toFixed(0)} ms`);
    assert.deepEqual(errorsAfter(client, mark), ['llm_unavailable']);
    last = stalled.stream_id;
    await healthy('after a stalled LLM stream');

    // 3. The speech server drops the connection mid-sentence: tts_unavailable, the reply
    // still completes (as text), nothing hangs.
    for (const fault of ['cut', 'hang', 'error'] as const) {
      mark = client.messages.length;
      faults.tts = fault;
      llm.enqueue({ content: [`Speech fails by ${fault}.`] });
      say(`speak with ${fault}`);
      const done = await nextDone(client, last);
      faults.tts = 'none';
      assert.equal(done.status, 'completed', `tts ${fault}`);
      assert.equal(done.text, `Speech fails by ${fault}.`);
      assert.deepEqual(errorsAfter(client, mark), ['tts_unavailable'], `tts ${fault}`);
      last = done.stream_id;
      await healthy(`after tts ${fault}`);
    }

    // 4. A tool result that never comes: tool_timeout after 400 ms, the LLM is told the tool
    // did not answer, and the turn completes.
    mark = client.messages.length;
    llm.enqueue(
      { toolCalls: [{ id: 'call_1', name: 'get_time', argumentPieces: ['{}'] }] },
      { content: ['I could not get the time.'] },
    );
    say('what time is it');
    await client.waitFor('tool.call', (m) => m.call_id === 'call_1');
    const toolDone = await nextDone(client, last);
    assert.equal(toolDone.status, 'completed');
    assert.equal(toolDone.text, 'I could not get the time.');
    assert.deepEqual(errorsAfter(client, mark), ['tool_timeout']);
    const toolMessage = (llm.requests.at(-1)!.body as any).messages.find(
      (m: any) => m.role === 'tool',
    );
    assert.match(toolMessage.content, /did not answer in time/);
    last = toolDone.stream_id;
    // A late result for the abandoned call is refused, and the session goes on.
    client.send({ type: 'tool.result', call_id: 'call_1', output: '12:00' });
    await healthy('after a tool timeout');

    // 5. Recognition fails for a spoken utterance (server error, hang, dropped connection):
    // stt_unavailable, the turn ends `recognition_failed`, the next utterance is recognised.
    const utterance = Buffer.concat([
      silence16k(200),
      fliteSpeech16k('what time is it'),
      silence16k(900),
    ]);
    for (const fault of ['error', 'hang', 'cut'] as const) {
      mark = client.messages.length;
      faults.stt = fault;
      await client.streamAudio(utterance, 4);
      const done = await nextDone(client, last);
      faults.stt = 'none';
      assert.equal(done.status, 'cancelled', `stt ${fault}`);
      assert.equal(done.reason, 'recognition_failed', `stt ${fault}`);
      assert.deepEqual(errorsAfter(client, mark), ['stt_unavailable'], `stt ${fault}`);
      last = done.stream_id;

      mark = client.messages.length;
      llm.enqueue({ content: [`Recognised again after ${fault}.`] });
      await client.streamAudio(utterance, 4);
      const final = await client.waitFor('transcript.final', () => true, 15_000, mark);
      assert.equal(final.text, 'what time is it');
      const ok = await nextDone(client, last);
      assert.equal(ok.status, 'completed');
      assert.equal(ok.text, `Recognised again after ${fault}.`);
      last = ok.stream_id;
    }

    // The session survived all of it.
    assert.equal(client.closeCode, null);
    client.close();
  } finally {
    await env.close();
  }
});
