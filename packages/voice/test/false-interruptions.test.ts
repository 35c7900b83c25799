import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { isBackchannel } from '../src/session/backchannels.ts';
import { FalseInterruptions, resumePoint } from '../src/session/interruption-resume.ts';
import type { ScriptedUtterance } from '../src/testing/index.ts';
import { withSession, type SessionHarness } from './helpers/session.ts';

const STORY = 'Once upon a time a small dragon lived by the sea, and every morning it flew.';

/** The user asks for a story (100–500 ms of audio), then speaks during it (1500–1900 ms). */
function storyInterrupted(
  interruption: ScriptedUtterance,
  more: Partial<Parameters<typeof withSession>[0]> = {},
) {
  return {
    vad: [
      { startMs: 100, endMs: 500 },
      { startMs: 1500, endMs: 1900 },
    ],
    stt: ['tell me a story', interruption],
    llm: [STORY],
    ...more,
  };
}

/** Lets part of the story be heard, then feeds audio until the user's speech cuts it. */
async function cutTheStory(h: SessionHarness) {
  await h.audioUntilSent('vad.speech_stopped');
  await h.socket.waitFor('response.audio.delta');
  await sleep(700);
  await h.audioUntilSent('barge_in.detected');
  const bargeIn = h.socket.of('barge_in.detected')[0]!;
  const cut = h.socket.of('response.done')[0]!;
  assert.deepEqual(
    { status: cut.status, reason: cut.reason, text: cut.text },
    { status: 'cancelled', reason: 'barge_in', text: STORY.slice(0, bargeIn.spoken_chars) },
  );
  assert.ok(bargeIn.spoken_chars > 0 && bargeIn.spoken_chars < STORY.length);
  return bargeIn;
}

async function expectResumed(h: SessionHarness, reason: 'backchannel' | 'no_words') {
  const bargeIn = await cutTheStory(h);
  await h.audioUntilSent('response.resumed');
  const resumed = h.socket.of('response.resumed')[0]!;
  assert.deepEqual(
    { stream: resumed.stream_id, of: resumed.resumed_stream_id, reason: resumed.reason },
    { stream: 2, of: 1, reason },
  );
  // From the start of the word that was cut (or past the punctuation of a word heard whole).
  const skipped = STORY.slice(bargeIn.spoken_chars, resumed.text_offset);
  assert.ok(resumed.text_offset <= bargeIn.spoken_chars || !/[a-z]/i.test(skipped), skipped);
  assert.ok(resumed.text_offset === 0 || STORY[resumed.text_offset - 1] === ' ');
  const rest = STORY.slice(resumed.text_offset);
  const done = await h.socket.waitFor('response.done', (m) => m.stream_id === 2, 8000);
  assert.deepEqual(
    { status: done.status, text: done.text, usage: done.usage },
    { status: 'completed', text: STORY, usage: { prompt_tokens: 0, completion_tokens: 0 } },
  );
  assert.equal(h.llm.requests.length, 1, 'no new LLM call');
  assert.equal(h.tts.requests.at(-1)?.text, rest, 'the rest is synthesised');
  const order = h.socket.types();
  const final = order.lastIndexOf('transcript.final');
  assert.deepEqual(order.slice(final + 1, final + 4), [
    'response.created',
    'response.resumed',
    'response.text.delta',
  ]);
  assert.deepEqual(
    h.socket
      .of('response.text.delta')
      .filter((m) => m.stream_id === 2)
      .map((m) => m.text),
    [rest],
  );
  const audio = h.socket.frames.filter((f) => f.streamId === 2);
  assert.ok(audio.length > 0 && audio[0]!.at >= resumed.at, 'the rest of the audio follows');
  assert.ok(order.lastIndexOf('response.audio.done') < order.lastIndexOf('response.done'));
  assert.equal(h.session.conversationState, 'listening');
  return resumed;
}

test('a backchannel ("uh-huh") during the reply resumes it from the cut word; no LLM call', async () => {
  await withSession(
    storyInterrupted('uh-huh', {
      vad: [
        { startMs: 100, endMs: 500 },
        { startMs: 1500, endMs: 1900 },
        { startMs: 3000, endMs: 3300 },
      ],
      stt: ['tell me a story', 'uh-huh', 'thanks'],
      llm: [STORY, 'You are welcome.'],
      tts: { msPerChar: 30 },
    }),
    async (h) => {
      await expectResumed(h, 'backchannel');
      assert.equal(h.socket.of('transcript.final')[1]?.text, 'uh-huh');
      // The conversation holds the whole reply once, and not the backchannel.
      await h.audioUntilSent('vad.speech_stopped', 3);
      await h.socket.waitFor('response.done', (m) => m.stream_id === 3);
      assert.deepEqual(
        h.llm.requests[1]?.messages.filter((m) => m.role !== 'system'),
        [
          { role: 'user', content: 'tell me a story' },
          { role: 'assistant', content: STORY },
          { role: 'user', content: 'thanks' },
        ],
      );
    },
  );
});

test('an interruption with no words (a cough) resumes the reply too', async () => {
  await withSession(storyInterrupted('', { tts: { msPerChar: 30 } }), async (h) => {
    await expectResumed(h, 'no_words');
    assert.equal(h.socket.of('transcript.final')[1]?.text, '');
  });
});

test('Arabic backchannels count too', async () => {
  await withSession(
    storyInterrupted({ text: 'نعم طيب', languages: ['ar-SA'] }, { tts: { msPerChar: 30 } }),
    async (h) => {
      await expectResumed(h, 'backchannel');
    },
  );
});

test('a real interruption still cancels: words that are not only a backchannel are the next turn', async () => {
  await withSession(storyInterrupted('yeah but wait', { llm: [STORY, 'Waiting.'] }), async (h) => {
    await cutTheStory(h);
    await h.audioUntilSent('vad.speech_stopped', 2);
    const next = await h.socket.waitFor('response.done', (m) => m.stream_id === 2);
    assert.deepEqual(
      { status: next.status, text: next.text },
      { status: 'completed', text: 'Waiting.' },
    );
    assert.equal(h.socket.of('response.resumed').length, 0);
    assert.equal(h.llm.requests.length, 2);
    const heard = h.socket.of('response.done')[0]!.text.trim();
    assert.deepEqual(h.llm.requests[1]?.messages.slice(-2), [
      { role: 'assistant', content: heard },
      { role: 'user', content: 'yeah but wait' },
    ]);
  });
});

test('an interruption recognised too late is not a false one: the reply stays cut', async () => {
  // silence_ms 500 + 1500 ms of grace after the barge-in; this transcript takes 2.2 s.
  await withSession(storyInterrupted({ text: '', delayMs: 2200 }), async (h) => {
    await cutTheStory(h);
    await h.audioUntilSent('vad.speech_stopped', 2);
    const empty = await h.socket.waitFor('response.done', (m) => m.stream_id === 2, 5000);
    assert.deepEqual(
      { status: empty.status, reason: empty.reason },
      { status: 'cancelled', reason: 'empty_transcript' },
    );
    assert.equal(h.socket.of('response.resumed').length, 0);
  });
});

test('a reply cut before the LLM had finished it is not resumed (that would need a new LLM call)', async () => {
  await withSession(
    storyInterrupted('uh-huh', {
      llm: [
        [
          { type: 'text_delta', text: 'Once upon a time a small dragon lived by the sea. ' },
          { hold: true },
        ],
        'Yes?',
      ],
    }),
    async (h) => {
      await h.audioUntilSent('vad.speech_stopped');
      await h.socket.waitFor('response.audio.delta');
      await h.audioUntilSent('barge_in.detected');
      assert.equal(h.socket.of('response.done')[0]?.reason, 'barge_in');
      await h.audioUntilSent('vad.speech_stopped', 2);
      await h.socket.waitFor('response.done', (m) => m.stream_id === 2);
      assert.equal(h.socket.of('response.resumed').length, 0);
      assert.equal(h.llm.requests.length, 2, 'answered as a turn, as before');
    },
  );
});

test('a resumed reply cut again for real: the conversation holds the reply once, as far as heard', async () => {
  await withSession(
    storyInterrupted('mm-hmm', {
      vad: [
        { startMs: 100, endMs: 500 },
        { startMs: 1500, endMs: 1900 },
        { startMs: 3000, endMs: 3400 },
      ],
      stt: ['tell me a story', 'mm-hmm', 'stop now'],
      llm: [STORY, 'Stopped.'],
    }),
    async (h) => {
      const bargeIn = await cutTheStory(h);
      await h.audioUntilSent('response.resumed');
      await h.socket.waitFor('response.audio.delta', (m) => m.stream_id === 2);
      await sleep(500);
      await h.audioUntilSent('barge_in.detected', 2);
      const second = h.socket.of('barge_in.detected')[1]!;
      const resumed = h.socket.of('response.resumed')[0]!;
      const cut = h.socket.of('response.done').find((m) => m.stream_id === 2)!;
      assert.equal(second.stream_id, 2);
      const heard = STORY.slice(0, resumed.text_offset + second.spoken_chars);
      assert.deepEqual(
        { status: cut.status, text: cut.text },
        { status: 'cancelled', text: heard },
      );
      assert.ok(heard.length > bargeIn.spoken_chars, 'more was heard after the resume');
      await h.audioUntilSent('vad.speech_stopped', 3);
      await h.socket.waitFor('response.done', (m) => m.stream_id === 3);
      assert.deepEqual(
        h.llm.requests[1]?.messages.filter((m) => m.role !== 'system'),
        [
          { role: 'user', content: 'tell me a story' },
          { role: 'assistant', content: heard.trim() },
          { role: 'user', content: 'stop now' },
        ],
      );
    },
  );
});

test('backchannels: English and Arabic, alone or together; anything else is a real interruption', () => {
  for (const yes of [
    'uh-huh',
    'Uh huh.',
    'mm-hmm',
    'Mmm hmm',
    'yeah',
    'Yeah, yeah.',
    'okay',
    'OK!',
    'right',
    'sure',
    'yes',
    'oh okay',
    'I see',
    'all right',
    'نعم',
    'اها',
    'آها',
    'طيب',
    'أيوه',
    'حسناً',
    'تمام تمام',
    'okay طيب',
  ])
    assert.ok(isBackchannel(yes), yes);
  for (const no of [
    '',
    'no',
    'stop',
    'wait',
    'yeah but wait',
    'what',
    'okay tell me more about the sea',
    'I',
    'لا',
    'توقف',
    'نعم لكن',
  ])
    assert.ok(!isBackchannel(no), no);
});

test('a reply resumes from the start of the word that was cut', () => {
  const text = 'Once upon a time, a dragon.';
  assert.equal(resumePoint(text, 0), 0);
  assert.equal(text.slice(resumePoint(text, 7)), 'upon a time, a dragon.'); // "Once up|on"
  assert.equal(text.slice(resumePoint(text, 4)), 'upon a time, a dragon.'); // after "Once"
  assert.equal(text.slice(resumePoint(text, 5)), 'upon a time, a dragon.'); // at "upon"
  assert.equal(text.slice(resumePoint(text, 16)), 'a dragon.'); // "time|," heard whole
  assert.equal(resumePoint(text, text.length), text.length);
  assert.equal(resumePoint("don't stop", 2), 0, 'an apostrophe is inside the word');
});

test('a false interruption resumes only the reply just cut, within the window', () => {
  const reply = { streamId: 4, text: STORY, heardChars: 10, message: null, cutAt: 1000 };
  const f = new FalseInterruptions(1500);
  const check = (streamId: number, text: string, at: number, failed = false) => {
    f.interrupted(reply);
    return f.check(streamId, { text, failed }, 500, at);
  };
  assert.deepEqual(check(5, 'uh-huh', 2900), { reply, reason: 'backchannel', from: 10 });
  assert.equal(check(5, '', 3000)?.reason, 'no_words');
  assert.equal(check(5, '', 3001), null, 'too late');
  assert.equal(check(6, '', 1200), null, 'another turn came between');
  assert.equal(check(5, 'tell me more', 1200), null, 'words');
  assert.equal(check(5, '', 1200, true), null, 'recognition failed');
  assert.equal(f.check(5, { text: '', failed: false }, 500, 1200), null, 'used once');
  f.interrupted({ ...reply, heardChars: STORY.length });
  assert.equal(f.check(5, { text: '', failed: false }, 500, 1200), null, 'nothing left');
});
