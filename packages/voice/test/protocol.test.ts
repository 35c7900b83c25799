import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeAudioFrame, encodeAudioFrame } from '../src/protocol/frames.ts';
import { parseClientMessage } from '../src/protocol/client-messages.ts';
import {
  defaultSessionConfig,
  mergeSessionConfig,
  SessionConfigPatch,
} from '../src/protocol/session-config.ts';
import { SentenceStream } from '../src/session/sentence-stream.ts';
import { PlaybackClock } from '../src/session/playback-clock.ts';
import { AudioHistory } from '../src/session/audio-history.ts';
import { localesInText } from '../src/session/languages.ts';

test('audio frames carry a 4-byte little-endian stream id', () => {
  const frame = encodeAudioFrame(0x01020304, Buffer.from([9, 8]));
  assert.deepEqual([...frame], [4, 3, 2, 1, 9, 8]);
  assert.deepEqual(decodeAudioFrame(frame), { streamId: 0x01020304, pcm: Buffer.from([9, 8]) });
  assert.equal(
    decodeAudioFrame(encodeAudioFrame(4294967295, Buffer.alloc(0))).streamId,
    4294967295,
  );
  assert.throws(() => decodeAudioFrame(Buffer.from([1, 2])));
});

test('client messages are validated with readable problems', () => {
  assert.deepEqual(parseClientMessage('{"type":"input_audio.commit"}'), {
    ok: true,
    message: { type: 'input_audio.commit' },
  });
  const bad = parseClientMessage('{"type":"tool.result","call_id":"c","output":3}');
  assert.equal(bad.ok, false);
  assert.match((bad as { problem: string }).problem, /^tool\.result: output:/);
  assert.match(
    (parseClientMessage('{"type":"x"}') as { problem: string }).problem,
    /unknown message type "x"/,
  );
  assert.match((parseClientMessage('nope') as { problem: string }).problem, /not valid JSON/);
});

test('session.update merges into the current configuration', () => {
  const base = defaultSessionConfig('slt', 'm1');
  assert.deepEqual(base.turn_detection, {
    type: 'server_vad',
    silence_ms: 500,
    prefix_padding_ms: 300,
    idle_timeout_ms: null,
  });
  assert.equal(base.input_audio_noise_reduction, null);
  assert.deepEqual(base.languages, ['en-US']);
  const patch = SessionConfigPatch.parse({
    turn_detection: { type: 'server_vad', silence_ms: 800 },
    rag: { index_name: 'kb' },
  });
  const next = mergeSessionConfig(base, patch);
  assert.equal(next.turn_detection.type === 'server_vad' && next.turn_detection.silence_ms, 800);
  assert.deepEqual(next.rag, { index_name: 'kb', top_k: 3 });
  assert.equal(next.voice, 'slt');
  const again = mergeSessionConfig(
    next,
    SessionConfigPatch.parse({ turn_detection: { type: 'server_vad' }, analysis: { pii: true } }),
  );
  assert.equal(
    again.turn_detection.type === 'server_vad' && again.turn_detection.silence_ms,
    800,
    'silence_ms kept',
  );
  assert.deepEqual(again.analysis, { pii: true, sentiment: false });
  const idle = mergeSessionConfig(
    again,
    SessionConfigPatch.parse({ turn_detection: { type: 'server_vad', idle_timeout_ms: 8000 } }),
  );
  assert.equal(idle.turn_detection.idle_timeout_ms, 8000);
  const none = mergeSessionConfig(
    idle,
    SessionConfigPatch.parse({ turn_detection: { type: 'none' } }),
  );
  assert.deepEqual(none.turn_detection, { type: 'none', idle_timeout_ms: 8000 }, 'idle kept');
  const off = SessionConfigPatch.parse({ turn_detection: { type: 'none', idle_timeout_ms: null } });
  assert.equal(mergeSessionConfig(none, off).turn_detection.idle_timeout_ms, null);
  for (const idle_timeout_ms of [999, 600_001, 2500.5, '5000'])
    assert.equal(
      SessionConfigPatch.safeParse({ turn_detection: { type: 'server_vad', idle_timeout_ms } })
        .success,
      false,
      String(idle_timeout_ms),
    );
  assert.equal(mergeSessionConfig(again, SessionConfigPatch.parse({ rag: null })).rag, null);
  assert.equal(SessionConfigPatch.safeParse({ languages: ['english'] }).success, false);
  assert.equal(SessionConfigPatch.safeParse({ languages: ['ar-SA', 'en-US'] }).success, true);
});

test('streamed text is cut into sentences as it arrives', () => {
  const s = new SentenceStream(40);
  assert.deepEqual(s.push('Hello there. How'), ['Hello there. ']);
  assert.deepEqual(s.push(' are you? I am'), [' How are you? '.slice(1)]);
  assert.deepEqual(s.push(' fine, thanks, and this clause goes on and on without an end'), [
    'I am fine, thanks, ',
    'and this clause goes on and on without an ',
  ]);
  assert.deepEqual(s.flush(), ['end']);
  const ar = new SentenceStream();
  assert.deepEqual(ar.push('مرحبا؟ كيف'), ['مرحبا؟ ']);
  // Abbreviations and decimals do not end a sentence; a line break does.
  const en = new SentenceStream();
  assert.deepEqual(en.push('Ask Dr. Smith about the 2.5 mg dose. Then'), [
    'Ask Dr. Smith about the 2.5 mg dose. ',
  ]);
  assert.deepEqual(en.push(' call\nme'), ['Then call\n']);
  assert.deepEqual(en.flush(), ['me']);
  // A finished sentence goes out before the next one begins (the model may pause there).
  const paused = new SentenceStream();
  assert.deepEqual(paused.push('Ask Dr. '), []);
  assert.deepEqual(paused.push('Smith. '), ['Ask Dr. Smith. ']);
});

test('the playback clock paces sending and counts heard characters', () => {
  let now = 0;
  const clock = new PlaybackClock(300, () => now);
  clock.beginSegment(10);
  clock.sent(500);
  assert.equal(clock.waitBeforeSendMs(), 200);
  now = 250;
  assert.equal(clock.playedMs(), 250);
  assert.equal(
    clock.spokenChars(),
    3,
    'an unfinished segment is measured at the default speaking rate',
  );
  clock.endSegment();
  clock.beginSegment(20);
  clock.sent(1000);
  now = 500;
  assert.equal(clock.spokenChars(), 10);
  now = 1000;
  assert.equal(clock.spokenChars(), 20);
  now = 5000; // the client ran dry and waited; new audio plays from when it arrives
  clock.sent(100);
  assert.equal(clock.remainingMs(), 100);
  assert.equal(clock.playedMs(), 1500);
});

test('audio history hands out audio from a point in time, once', () => {
  const h = new AudioHistory(1000);
  for (let i = 0; i < 10; i++) h.push(Buffer.alloc(3200, i)); // 100 ms each
  assert.equal(h.endMs, 1000);
  assert.equal(h.since(950).length, 1600);
  assert.equal(h.since(950)[0], 9);
  h.consume();
  assert.equal(h.since(0).length, 0);
  h.push(Buffer.alloc(3200, 42));
  assert.equal(h.since(0).length, 3200);
});

test('locales come from the script of each word, in order', () => {
  assert.deepEqual(localesInText('hello there', ['en-US']), ['en-US']);
  assert.deepEqual(localesInText('أريد حجز meeting room غدا', ['en-US', 'ar-SA']), [
    'ar-SA',
    'en-US',
  ]);
  assert.deepEqual(localesInText('book the قاعة please', ['ar-EG', 'en-GB']), ['en-GB', 'ar-EG']);
  assert.deepEqual(localesInText('123', ['en-US']), []);
});

test('word boundaries from the engine decide the heard characters of a sentence', () => {
  let now = 0;
  const clock = new PlaybackClock(300, () => now);
  const text = 'Hello there, friend.';
  clock.beginSegment(text.length);
  clock.wordBoundary(400, 5); // "Hello" ends at 400 ms
  clock.wordBoundary(900, 11); // "there" ends at 900 ms
  clock.wordBoundary(1500, 19); // "friend" ends at 1500 ms
  clock.sent(1600);
  now = 899;
  assert.equal(text.slice(0, clock.spokenChars()), 'Hello');
  now = 1000;
  assert.equal(text.slice(0, clock.spokenChars()), 'Hello there');
  now = 100;
  assert.equal(clock.spokenChars(), 0);
});
