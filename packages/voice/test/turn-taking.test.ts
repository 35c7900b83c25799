import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { pcm16BytesForMs } from '../src/audio/pcm.ts';
import type { ChatEvent } from '@hikma/llm';
import type { ServerMessage } from '../src/protocol/server-messages.ts';
import { RecordingSocket, withSession, type SessionHarness } from './helpers/session.ts';

const STORY = 'Once upon a time a small dragon lived by the sea, and every morning it flew.';

const toolCall = (id: string): ChatEvent[] => [
  { type: 'tool_call', call: { id, name: 'lookup_order', arguments: '{"order":"42"}' } },
  { type: 'done', finishReason: 'tool_calls' },
];
/** The user speaks from 100 to 500 ms of audio, then again from `startMs` to `endMs`. */
const twoStretches = (startMs: number, endMs: number) => [
  { startMs: 100, endMs: 500 },
  { startMs, endMs },
];
const TOOLS = [{ type: 'function' as const, function: { name: 'lookup_order' } }];

/** Index of the first message of `type` (matching `match`), failing when there is none. */
function indexOf(socket: RecordingSocket, type: string, match: (m: any) => boolean = () => true) {
  const i = socket.messages.findIndex((m) => m.type === type && match(m));
  assert.ok(i >= 0, `no ${type} in ${socket.types().join(', ')}`);
  return i;
}

/**
 * Feeds audio until `after` was sent (the assistant is thinking), then until the user's second
 * stretch starts: the pending turn ends as interrupted, without barge_in.detected.
 */
async function speakAgainWhileThinking(h: SessionHarness, after: ServerMessage['type']) {
  await h.audioUntilSent(after);
  assert.equal(h.session.conversationState, 'thinking');
  await h.audioUntilSent('vad.speech_started', 2);
  const dropped = h.socket.of('response.done')[0];
  assert.deepEqual(
    { stream: dropped?.stream_id, status: dropped?.status, reason: dropped?.reason },
    { stream: 1, status: 'cancelled', reason: 'interrupted' },
  );
  assert.equal(h.socket.of('barge_in.detected').length, 0);
}

test('speech while listening starts the user turn; its end is recognised and answered', async () => {
  await withSession(
    { vad: [{ startMs: 100, endMs: 600 }], stt: ['what time is it'], llm: ['It is noon.'] },
    async (h) => {
      await h.audioUntilSent('vad.speech_started');
      assert.equal(h.session.conversationState, 'user_speaking');
      assert.equal(h.socket.of('vad.speech_started')[0]?.audio_start_ms, 100);
      await h.audioUntilSent('vad.speech_stopped');
      assert.notEqual(h.session.conversationState, 'user_speaking');
      const done = await h.socket.waitFor('response.done');
      assert.deepEqual(
        { status: done.status, text: done.text, stream: done.stream_id },
        { status: 'completed', text: 'It is noon.', stream: 1 },
      );
      const order = [
        indexOf(h.socket, 'vad.speech_started'),
        indexOf(h.socket, 'vad.speech_stopped'),
        indexOf(h.socket, 'transcript.final', (m) => m.text === 'what time is it'),
        indexOf(h.socket, 'response.created'),
        indexOf(h.socket, 'response.audio.delta'),
        indexOf(h.socket, 'response.audio.done'),
        indexOf(h.socket, 'response.done'),
      ];
      assert.deepEqual(
        order,
        [...order].sort((a, b) => a - b),
      );
      assert.equal(h.session.conversationState, 'listening');
      assert.deepEqual(h.llm.requests[0]?.messages.at(-1), {
        role: 'user',
        content: 'what time is it',
      });
    },
  );
});

test('barge-in while the assistant speaks: audio stops, only the heard text is kept, the user speaks', async () => {
  await withSession(
    {
      vad: twoStretches(1500, 1900),
      stt: ['tell me a story', 'stop there'],
      llm: [STORY, 'Stopped.'],
    },
    async (h) => {
      await h.audioUntilSent('vad.speech_stopped');
      await h.socket.waitFor('response.audio.delta');
      assert.equal(h.session.conversationState, 'agent_speaking');
      await sleep(600); // part of the reply is heard
      await h.audioUntilSent('barge_in.detected');
      const bargeIn = h.socket.of('barge_in.detected')[0]!;
      const done = h.socket.of('response.done')[0]!;
      assert.equal(bargeIn.stream_id, 1);
      assert.ok(bargeIn.spoken_chars > 0 && bargeIn.spoken_chars < STORY.length);
      assert.deepEqual(
        { status: done.status, reason: done.reason, text: done.text },
        { status: 'cancelled', reason: 'barge_in', text: STORY.slice(0, bargeIn.spoken_chars) },
      );
      assert.ok(
        indexOf(h.socket, 'barge_in.detected') < indexOf(h.socket, 'response.done') &&
          indexOf(h.socket, 'response.done') <
            indexOf(h.socket, 'vad.speech_started', (m) => m.audio_start_ms === 1500),
      );
      assert.equal(h.session.conversationState, 'user_speaking');
      assert.equal(h.socket.of('response.audio.done').length, 0);
      // The interruption is the next turn; the conversation has the heard part of the reply.
      await h.audioUntilSent('vad.speech_stopped', 2);
      const next = await h.socket.waitFor('response.done', (m) => m.stream_id === 2);
      assert.equal(next.status, 'completed');
      assert.equal(h.socket.of('response.resumed').length, 0, 'words: a real interruption');
      const messages = h.llm.requests[1]?.messages ?? [];
      assert.deepEqual(messages.slice(-2), [
        { role: 'assistant', content: STORY.slice(0, bargeIn.spoken_chars).trim() },
        { role: 'user', content: 'stop there' },
      ]);
      const lastFrameOfFirst = Math.max(
        ...h.socket.frames.filter((f) => f.streamId === 1).map((f) => f.at),
      );
      assert.ok(lastFrameOfFirst <= bargeIn.at, 'no audio of the interrupted reply after barge-in');
    },
  );
});

test('speech during playback shorter than the barge-in minimum does not interrupt', async () => {
  await withSession(
    {
      vad: twoStretches(1500, 1700),
      stt: ['hello'],
      llm: ['Hello to you, and welcome back.'],
      settings: { bargeInMinMs: 800 },
    },
    async (h) => {
      await h.audioUntilSent('vad.speech_stopped');
      await h.socket.waitFor('response.audio.delta');
      // The second stretch starts and stops (at 2200 ms of audio) within the reply.
      await h.audio(1300);
      const done = await h.socket.waitFor('response.done');
      assert.equal(done.status, 'completed');
      assert.equal(h.socket.of('barge_in.detected').length, 0);
      assert.equal(h.socket.of('vad.speech_started').length, 1);
      assert.equal(h.stt.received.length, 1, 'the short speech was not recognised');
    },
  );
});

test('speech while thinking (no audio yet) drops the pending reply without barge_in.detected', async () => {
  await withSession(
    {
      vad: twoStretches(1200, 1600),
      stt: ['what is the', 'weather in london'],
      llm: [[{ hold: true }], 'It is raining.'],
    },
    async (h) => {
      await speakAgainWhileThinking(h, 'response.created');
      assert.ok(h.llm.requests[0]?.signal?.aborted, 'the LLM request was aborted');
      await h.audioUntilSent('vad.speech_stopped', 2);
      const answered = await h.socket.waitFor('response.done', (m) => m.stream_id === 2);
      assert.equal(answered.text, 'It is raining.');
      assert.deepEqual(
        h.llm.requests[1]?.messages.filter((m) => m.role !== 'system'),
        [
          { role: 'user', content: 'what is the' },
          { role: 'user', content: 'weather in london' },
        ],
      );
    },
  );
});

test('speech while the utterance is still being recognised cancels that turn; its words are kept', async () => {
  await withSession(
    {
      vad: twoStretches(1100, 1500),
      stt: [{ text: 'book a table', delayMs: 500 }, 'for two'],
      llm: ['Booked for two.'],
    },
    async (h) => {
      await speakAgainWhileThinking(h, 'vad.speech_stopped');
      assert.equal(h.socket.of('response.created').length, 0);
      assert.equal(h.socket.of('transcript.final').length, 0, 'still recognising');
      await h.audioUntilSent('vad.speech_stopped', 2);
      await h.socket.waitFor('response.done', (m) => m.stream_id === 2);
      assert.deepEqual(
        h.socket.of('transcript.final').map((m) => m.text),
        ['book a table', 'for two'],
      );
      assert.equal(h.llm.requests.length, 1);
      assert.deepEqual(
        h.llm.requests[0]?.messages.filter((m) => m.role === 'user').map((m) => m.content),
        ['book a table', 'for two'],
      );
    },
  );
});

test('speech while a tool call waits cancels the turn; the late tool.result is refused', async () => {
  await withSession(
    {
      vad: twoStretches(1200, 1600),
      stt: ['where is my order', 'never mind'],
      llm: [toolCall('call_1'), 'All right.'],
      session: { tools: TOOLS },
    },
    async (h) => {
      await speakAgainWhileThinking(h, 'tool.call');
      h.send({ type: 'tool.result', call_id: 'call_1', output: '{"status":"shipped"}' });
      assert.ok(await h.socket.waitFor('error', (m) => m.code === 'invalid_message'));
      await h.audioUntilSent('vad.speech_stopped', 2);
      const answered = await h.socket.waitFor('response.done', (m) => m.stream_id === 2);
      assert.equal(answered.status, 'completed');
    },
  );
});

test('two tool calls of one model turn: both results in one write, in any order, go back together', async () => {
  const twoCalls: ChatEvent[] = [
    { type: 'tool_call', call: { id: 'call_a', name: 'lookup_order', arguments: '{"order":"1"}' } },
    { type: 'tool_call', call: { id: 'call_b', name: 'lookup_order', arguments: '{"order":"2"}' } },
    { type: 'done', finishReason: 'tool_calls' },
  ];
  await withSession(
    { llm: [twoCalls, 'Both have shipped.'], session: { tools: TOOLS } },
    async (h) => {
      h.send({
        type: 'conversation.item.create',
        item: { role: 'user', content: 'orders 1 and 2?' },
      });
      await h.socket.waitFor('tool.call', (m) => m.call_id === 'call_b');
      // A client that runs its tools concurrently answers both at once, the second first.
      h.send({
        type: 'tool.result',
        call_id: 'call_b',
        output: '{"order":"2","status":"shipped"}',
      });
      h.send({
        type: 'tool.result',
        call_id: 'call_a',
        output: '{"order":"1","status":"shipped"}',
      });
      const done = await h.socket.waitFor('response.done');
      assert.deepEqual(
        { status: done.status, text: done.text },
        { status: 'completed', text: 'Both have shipped.' },
      );
      assert.deepEqual(
        h.socket.of('error').filter((e) => e.code === 'invalid_message'),
        [],
        'both results accepted',
      );
      assert.equal(h.llm.requests.length, 2, 'one follow-up for both results');
      const followUp = h.llm.requests[1]!.messages.filter((m) => m.role === 'tool');
      assert.deepEqual(
        followUp.map((m) => [m.toolCallId, m.content]),
        [
          ['call_a', '{"order":"1","status":"shipped"}'],
          ['call_b', '{"order":"2","status":"shipped"}'],
        ],
      );
    },
  );
});

test('response.cancel while two tool calls wait ends both waits at once', async () => {
  const twoCalls: ChatEvent[] = [
    { type: 'tool_call', call: { id: 'call_x', name: 'lookup_order', arguments: '{}' } },
    { type: 'tool_call', call: { id: 'call_y', name: 'lookup_order', arguments: '{}' } },
    { type: 'done', finishReason: 'tool_calls' },
  ];
  await withSession({ llm: [twoCalls], session: { tools: TOOLS } }, async (h) => {
    h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'two orders?' } });
    await h.socket.waitFor('tool.call', (m) => m.call_id === 'call_y');
    h.send({ type: 'tool.result', call_id: 'call_x', output: '{}' });
    h.send({ type: 'response.cancel' });
    const done = await h.socket.waitFor('response.done');
    assert.equal(done.status, 'cancelled');
    h.send({ type: 'tool.result', call_id: 'call_y', output: '{}' });
    assert.ok(await h.socket.waitFor('error', (m) => m.code === 'invalid_message'));
    await sleep(50);
    assert.equal(h.llm.requests.length, 1, 'no further LLM round');
  });
});

test('response.cancel while a tool call waits ends the turn at once; no further LLM round', async () => {
  await withSession({ llm: [toolCall('call_7')], session: { tools: TOOLS } }, async (h) => {
    h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'order 42?' } });
    const call = await h.socket.waitFor('tool.call');
    assert.equal(call.call_id, 'call_7');
    h.send({ type: 'response.cancel' });
    const done = await h.socket.waitFor('response.done');
    assert.deepEqual(
      { stream: done.stream_id, status: done.status, reason: done.reason, text: done.text },
      { stream: call.stream_id, status: 'cancelled', reason: 'client_cancelled', text: '' },
    );
    assert.equal(h.session.conversationState, 'listening');
    h.send({ type: 'tool.result', call_id: 'call_7', output: '{}' });
    assert.ok(await h.socket.waitFor('error', (m) => m.code === 'invalid_message'));
    await sleep(50);
    assert.equal(h.llm.requests.length, 1);
    assert.equal(h.socket.of('response.done').length, 1);
  });
});

test('commit without VAD speech recognises everything since the last turn', async () => {
  for (const turn_detection of [{ type: 'none' as const }, { type: 'server_vad' as const }]) {
    await withSession(
      { vad: [], stt: ['hello there'], llm: ['Hi.'], session: { turn_detection } },
      async (h) => {
        await h.audio(300);
        assert.equal(h.socket.of('vad.speech_started').length, 0);
        h.send({ type: 'input_audio.commit' });
        const final = await h.socket.waitFor('transcript.final');
        assert.equal(final.text, 'hello there');
        assert.equal((await h.socket.waitFor('response.done')).status, 'completed');
        assert.deepEqual(h.stt.received, [pcm16BytesForMs(300)], turn_detection.type);
        assert.equal(h.socket.of('vad.speech_stopped').length, 0);
      },
    );
  }
});

test('commit with no audio ends the turn with an empty transcript and no LLM call', async () => {
  await withSession({ session: { turn_detection: { type: 'none' } } }, async (h) => {
    h.send({ type: 'input_audio.commit' });
    const final = await h.socket.waitFor('transcript.final');
    assert.equal(final.text, '');
    const done = await h.socket.waitFor('response.done');
    assert.deepEqual(
      { status: done.status, reason: done.reason, text: done.text },
      { status: 'cancelled', reason: 'empty_transcript', text: '' },
    );
    assert.equal(h.session.conversationState, 'listening');
    assert.equal(h.llm.requests.length, 0);
  });
});

test('commit while the user speaks ends the utterance at once', async () => {
  await withSession(
    { vad: [{ startMs: 100, endMs: 5000 }], stt: ['long story short'], llm: ['Got it.'] },
    async (h) => {
      await h.audioUntilSent('vad.speech_started');
      await h.audio(200);
      h.send({ type: 'input_audio.commit' });
      assert.equal(h.session.conversationState, 'thinking');
      assert.equal(h.socket.of('vad.speech_stopped').length, 1);
      assert.equal((await h.socket.waitFor('response.done')).status, 'completed');
    },
  );
});

test('a socket lost mid-reply cuts the reply; the resumed socket gets what it missed', async () => {
  await withSession({ llm: [STORY, 'Where were we?'] }, async (h) => {
    h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'a story' } });
    await h.socket.waitFor('response.audio.delta');
    await sleep(400);
    h.session.detach();
    assert.ok(h.session.detached);
    assert.equal(h.session.conversationState, 'listening');
    const framesAtDrop = h.socket.frames.length;
    assert.equal(h.socket.of('response.done').length, 0, 'nothing reaches the dropped socket');

    const second = new RecordingSocket();
    h.session.resume(second, 'rt_next');
    const created = second.messages[0];
    assert.ok(created?.type === 'session.created');
    assert.equal(created.resume_token, 'rt_next');
    assert.ok((created.resumed?.replayed_events ?? 0) >= 1);
    const done = await second.waitFor('response.done');
    assert.deepEqual(
      { status: done.status, reason: done.reason },
      { status: 'cancelled', reason: 'client_disconnected' },
    );
    assert.ok(STORY.startsWith(done.text) && done.text.length < STORY.length);
    assert.equal(h.socket.frames.length, framesAtDrop);

    second.messages.length = 0;
    h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'go on' } });
    assert.equal((await second.waitFor('response.done')).status, 'completed');
    const history = h.llm.requests[1]?.messages.filter((m) => m.role !== 'system') ?? [];
    assert.deepEqual(history.slice(0, 1), [{ role: 'user', content: 'a story' }]);
    assert.deepEqual(history.at(-1), { role: 'user', content: 'go on' });
    const assistant = history.filter((m) => m.role === 'assistant');
    assert.ok(assistant.every((m) => STORY.startsWith(m.content)));
  });
});

test('a session that expires mid-turn stops the turn, says why and closes with 4408', async () => {
  await withSession({ llm: [[{ hold: true }]], expiresInMs: 300 }, async (h) => {
    h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'think hard' } });
    await h.socket.waitFor('response.created');
    const expired = await h.socket.waitFor('error', (m) => m.code === 'session_expired', 3000);
    assert.ok(expired);
    assert.deepEqual(h.socket.closedWith, { code: 4408, reason: 'session_expired' });
    assert.ok(h.closed, 'the session ended');
    assert.ok(h.llm.requests[0]?.signal?.aborted, 'the LLM request was aborted');
    const count = h.socket.messages.length;
    h.send({ type: 'response.create' });
    await sleep(20);
    assert.equal(h.socket.messages.length, count, 'nothing is sent after the end');
    assert.equal(h.socket.of('response.done').length, 0);
  });
});
