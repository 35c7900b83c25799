import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatEvent } from '@hikma/llm';
import { stillTherePrompt } from '../src/session/idle-timer.ts';
import { withSession } from './helpers/session.ts';

const IDLE_MS = 1000;
/** Short synthesised audio, so a reply is over soon after it starts. */
const QUICK_TTS = { msPerChar: 10 };
const idleAfter = (ms: number | null) => ({
  turn_detection: { type: 'server_vad' as const, idle_timeout_ms: ms },
});
const TOOLS = [{ type: 'function' as const, function: { name: 'lookup_order' } }];

test('idle timeout: told, asked once "Are you still there?", then closed 4410 after as long again', async () => {
  await withSession({ llm: ['Hello.'], tts: QUICK_TTS, session: idleAfter(IDLE_MS) }, async (h) => {
    h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'hi' } });
    const answered = await h.socket.waitFor('response.done');
    const first = await h.socket.waitFor('input_audio.timeout_triggered', () => true, 3000);
    assert.deepEqual(
      { action: first.action, idle_timeout_ms: first.idle_timeout_ms },
      { action: 'reprompt', idle_timeout_ms: IDLE_MS },
    );
    const waited = first.at - answered.at;
    assert.ok(waited >= IDLE_MS - 5 && waited < IDLE_MS + 400, `first after ${waited} ms`);

    // The re-prompt is a spoken response of its own, with no LLM call.
    const prompt = await h.socket.waitFor('response.done', (m) => m.stream_id === 2);
    assert.deepEqual(
      { status: prompt.status, text: prompt.text },
      { status: 'completed', text: 'Are you still there?' },
    );
    assert.ok(h.socket.frames.some((f) => f.streamId === 2 && f.at > first.at));
    assert.equal(h.tts.requests.at(-1)?.text, 'Are you still there?');
    assert.equal(h.llm.requests.length, 1);
    assert.ok(!h.closed);

    const second = await h.socket.waitFor(
      'input_audio.timeout_triggered',
      (m) => m.action === 'close',
      3000,
    );
    const again = second.at - prompt.at;
    assert.ok(again >= IDLE_MS - 5 && again < IDLE_MS + 400, `second after ${again} ms`);
    assert.equal(h.socket.messages.at(-1), second, 'the last message before the close');
    assert.deepEqual(h.socket.closedWith, { code: 4410, reason: 'idle_timeout' });
    assert.ok(h.closed, 'the session ended (its tenant slot is freed by the manager)');
  });
});

test('the user answering the re-prompt starts the count over; the conversation holds the question', async () => {
  await withSession(
    { llm: ['Hello.', 'Good.'], tts: QUICK_TTS, session: idleAfter(IDLE_MS) },
    async (h) => {
      h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'hi' } });
      await h.socket.waitFor('response.done', (m) => m.stream_id === 2, 4000); // the re-prompt
      h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'yes I am' } });
      await h.socket.waitFor('response.done', (m) => m.stream_id === 3);
      assert.deepEqual(h.llm.requests[1]?.messages.slice(-2), [
        { role: 'assistant', content: 'Are you still there?' },
        { role: 'user', content: 'yes I am' },
      ]);
      // Silence again: asked again, not closed, since the user answered.
      const next = await h.socket.waitFor(
        'input_audio.timeout_triggered',
        (m) => m.at > h.socket.of('response.done')[2]!.at,
        3000,
      );
      assert.equal(next.action, 'reprompt');
      assert.equal(h.socket.closedWith, null);
    },
  );
});

test('the re-prompt is in the language the user last spoke, among the session languages', async () => {
  await withSession(
    {
      vad: [{ startMs: 100, endMs: 500 }],
      stt: [{ text: 'مرحبا', languages: ['ar-SA'] }],
      llm: ['أهلا.'],
      tts: QUICK_TTS,
      session: { ...idleAfter(IDLE_MS), languages: ['en-US', 'ar-SA'] },
    },
    async (h) => {
      await h.audioUntilSent('vad.speech_stopped');
      const prompt = await h.socket.waitFor('response.done', (m) => m.stream_id === 2, 4000);
      assert.equal(prompt.text, 'هل ما زلت هنا؟');
    },
  );
  assert.equal(stillTherePrompt(['ar-SA']), 'هل ما زلت هنا؟');
  assert.equal(stillTherePrompt(['en-GB', 'ar-SA'], 'ar-SA'), 'هل ما زلت هنا؟');
  assert.equal(stillTherePrompt(['en-GB', 'ar-SA'], 'fr-FR'), 'Are you still there?');
  assert.equal(stillTherePrompt(['sw-KE']), 'Are you still there?');
});

test('"yeah" over the re-prompt answers it: a turn for the LLM, not a resumed question', async () => {
  await withSession(
    {
      vad: [
        { startMs: 100, endMs: 400 },
        { startMs: 1500, endMs: 1900 },
      ],
      stt: ['hello', 'yeah'],
      llm: ['Hi.', 'Good to hear.'],
      tts: { msPerChar: 60 },
      session: idleAfter(IDLE_MS),
    },
    async (h) => {
      await h.audioUntilSent('vad.speech_stopped');
      await h.socket.waitFor('input_audio.timeout_triggered', () => true, 4000);
      await h.socket.waitFor('response.audio.delta', (m) => m.stream_id === 2);
      await h.audioUntilSent('barge_in.detected');
      await h.audioUntilSent('vad.speech_stopped', 2);
      const answer = await h.socket.waitFor('response.done', (m) => m.stream_id === 3);
      assert.deepEqual(
        { status: answer.status, text: answer.text },
        { status: 'completed', text: 'Good to hear.' },
      );
      assert.equal(h.socket.of('response.resumed').length, 0);
      assert.deepEqual(h.llm.requests[1]?.messages.at(-1), { role: 'user', content: 'yeah' });
    },
  );
});

test('idle timers stop while a tool call is pending and while the assistant speaks', async () => {
  const toolCall: ChatEvent[] = [
    { type: 'tool_call', call: { id: 'call_1', name: 'lookup_order', arguments: '{}' } },
    { type: 'done', finishReason: 'tool_calls' },
  ];
  const long = 'Your order left the warehouse this morning.'; // 44 chars: 2.6 s of audio
  await withSession(
    {
      llm: ['Hi.', toolCall, long],
      tts: { msPerChar: 60 },
      session: { ...idleAfter(IDLE_MS), tools: TOOLS },
    },
    async (h) => {
      h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'hi' } });
      await h.socket.waitFor('response.done');
      await sleep(IDLE_MS / 2);
      h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'my order?' } });
      await h.socket.waitFor('tool.call');
      await sleep(IDLE_MS * 1.6); // the tool takes its time
      assert.equal(
        h.socket.of('input_audio.timeout_triggered').length,
        0,
        'not while the tool runs',
      );
      h.send({ type: 'tool.result', call_id: 'call_1', output: '{"status":"shipped"}' });
      const done = await h.socket.waitFor('response.done', (m) => m.stream_id === 2, 6000);
      assert.equal(done.text, long);
      const spoke =
        done.at - h.socket.of('response.audio.delta').find((m) => m.stream_id === 2)!.at;
      assert.ok(spoke > IDLE_MS * 1.5, `spoke for ${spoke} ms`);
      assert.equal(h.socket.of('input_audio.timeout_triggered').length, 0, 'not while it speaks');
      const timeout = await h.socket.waitFor('input_audio.timeout_triggered', () => true, 3000);
      assert.ok(timeout.at - done.at >= IDLE_MS - 5, 'counted from the end of the reply');
    },
  );
});

test('speech stops the timer and starts the count over; so does a client message that starts a turn', async () => {
  await withSession(
    {
      vad: [
        { startMs: 100, endMs: 400 },
        { startMs: 2000, endMs: 4000 },
      ],
      stt: ['hello', 'yes I am here'],
      llm: ['Hi.', 'Good.', 'Here it is.'],
      tts: QUICK_TTS,
      session: idleAfter(IDLE_MS),
    },
    async (h) => {
      await h.audioUntilSent('vad.speech_stopped');
      await h.socket.waitFor('input_audio.timeout_triggered', () => true, 4000);
      await h.socket.waitFor('response.done', (m) => m.stream_id === 2, 3000); // the re-prompt
      // The user starts to answer, then their audio stalls mid-speech for longer than the timeout.
      await h.audioUntilSent('vad.speech_started', 2);
      await sleep(IDLE_MS * 1.4);
      assert.equal(h.socket.of('input_audio.timeout_triggered').length, 1, 'not while they speak');
      await h.audioUntilSent('vad.speech_stopped', 2);
      const answered = await h.socket.waitFor('response.done', (m) => m.stream_id === 3);
      const next = await h.socket.waitFor(
        'input_audio.timeout_triggered',
        (m) => m.at > answered.at,
        3000,
      );
      assert.equal(next.action, 'reprompt', 'the count started over');
      await h.socket.waitFor('response.done', (m) => m.stream_id === 4, 3000);
      h.send({ type: 'response.create' });
      const created = await h.socket.waitFor('response.done', (m) => m.stream_id === 5);
      const after = await h.socket.waitFor(
        'input_audio.timeout_triggered',
        (m) => m.at > created.at,
        3000,
      );
      assert.equal(after.action, 'reprompt');
    },
  );
});

test('a bad idle_timeout_ms gets invalid_message and the session goes on; null turns it off', async () => {
  await withSession({ vad: [], llm: ['Hello.'], tts: QUICK_TTS }, async (h) => {
    assert.equal(h.socket.of('session.created')[0]?.session.turn_detection.idle_timeout_ms, null);
    for (const idle_timeout_ms of [50, 600_001, 1500.5, 'soon', -1]) {
      const before = h.socket.of('error').length;
      h.send({
        type: 'session.update',
        session: { turn_detection: { type: 'none', idle_timeout_ms } },
      });
      const error = await h.socket.waitFor('error', () => h.socket.of('error').length > before);
      assert.equal(error.code, 'invalid_message');
      assert.match(error.message, /turn_detection\.idle_timeout_ms/);
    }
    assert.equal(h.socket.of('session.updated').length, 0);
    h.send({ type: 'session.update', session: idleAfter(1200) });
    const updated = await h.socket.waitFor('session.updated');
    assert.equal(updated.session.turn_detection.idle_timeout_ms, 1200);
    // Kept when turn detection changes without naming it; null turns it off.
    h.send({ type: 'session.update', session: { turn_detection: { type: 'none' } } });
    await h.socket.waitFor('session.updated', () => h.socket.of('session.updated').length === 2);
    assert.equal(h.socket.of('session.updated')[1]?.session.turn_detection.idle_timeout_ms, 1200);
    h.send({ type: 'session.update', session: idleAfter(null) });
    await h.socket.waitFor('session.updated', () => h.socket.of('session.updated').length === 3);
    h.send({ type: 'conversation.item.create', item: { role: 'user', content: 'hi' } });
    assert.equal((await h.socket.waitFor('response.done')).status, 'completed');
    await sleep(1500);
    assert.equal(h.socket.of('input_audio.timeout_triggered').length, 0);
  });
});
