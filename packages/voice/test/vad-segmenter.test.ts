import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VADSegmenter } from '../src/audio/vad-segmenter.ts';
import type { VADSegmentEvent, VADSegmenterOptions } from '../src/audio/vad-segmenter.ts';

/** Runs a probability sequence (one value per 32 ms frame), then ends the stream. */
function run(
  probabilities: number[],
  options: VADSegmenterOptions = {},
  end = true,
): VADSegmentEvent[] {
  const s = new VADSegmenter(options);
  const events = probabilities.flatMap((p) => s.push(p));
  return end ? [...events, ...s.end()] : events;
}

const frames = (n: number, p: number) => Array<number>(n).fill(p);

test('a clear utterance gives one start (dated at its first speechy frame) and one stop', () => {
  // 10 frames silence (320 ms), 20 frames speech (640 ms), 30 frames silence (960 ms)
  const events = run([...frames(10, 0.02), ...frames(20, 0.95), ...frames(30, 0.01)], {
    speechPadMs: 0,
  });
  assert.deepEqual(events, [
    { type: 'speech_started', startMs: 320, atMs: 320 + 8 * 32 },
    // stop decided once 500 ms (16 frames) of silence have passed
    { type: 'speech_stopped', startMs: 320, endMs: 960, atMs: 960 + 16 * 32 },
  ]);
});

test('speech padding moves the start earlier and the end later', () => {
  const events = run([...frames(10, 0), ...frames(20, 0.9), ...frames(30, 0)], { speechPadMs: 64 });
  assert.equal(events[0]?.startMs, 320 - 64);
  assert.equal(events[1]?.type === 'speech_stopped' ? events[1].endMs : -1, 960 + 64);
});

test('speech shorter than minSpeechMs is ignored', () => {
  assert.deepEqual(run([...frames(5, 0), ...frames(7, 0.9), ...frames(40, 0)]), []); // 224 ms < 250 ms
  assert.equal(run([...frames(5, 0), ...frames(8, 0.9), ...frames(40, 0)]).length, 2); // 256 ms
  assert.deepEqual(
    run([...frames(5, 0), ...frames(12, 0.9), ...frames(40, 0)], { minSpeechMs: 400 }),
    [],
  );
});

test('hysteresis: frames between the thresholds keep speech going but cannot start it', () => {
  assert.deepEqual(run(frames(50, 0.45)), [], '0.45 < start threshold 0.5');
  const events = run([...frames(3, 0), ...frames(10, 0.9), ...frames(40, 0.4), ...frames(20, 0)], {
    speechPadMs: 0,
  });
  assert.equal(events.length, 2);
  const stop = events[1];
  assert.ok(stop?.type === 'speech_stopped');
  assert.equal(stop.endMs, (3 + 10 + 40) * 32, 'frames at 0.4 (above 0.35) still count as speech');
});

test('a pause shorter than silenceMs does not end the turn; a longer one does', () => {
  const pause = (ms: number) => frames(Math.round(ms / 32), 0.05);
  const short = run([...frames(10, 0.9), ...pause(480), ...frames(10, 0.9), ...frames(20, 0)], {
    silenceMs: 500,
  });
  assert.deepEqual(
    short.map((e) => e.type),
    ['speech_started', 'speech_stopped'],
  );
  const long = run([...frames(10, 0.9), ...pause(800), ...frames(10, 0.9), ...frames(20, 0)], {
    silenceMs: 500,
  });
  assert.deepEqual(
    long.map((e) => e.type),
    ['speech_started', 'speech_stopped', 'speech_started', 'speech_stopped'],
  );
  const custom = run([...frames(10, 0.9), ...pause(800), ...frames(10, 0.9), ...frames(20, 0)], {
    silenceMs: 1000,
  });
  assert.equal(custom.length, 2, 'silenceMs 1000 bridges the 800 ms pause');
});

test('a gap inside an unconfirmed start discards it; a tiny dip does not', () => {
  // 4 speechy frames, 4 silent frames (128 ms >= startGapMs 100), 4 speechy frames: never 250 ms in a row
  assert.deepEqual(
    run([...frames(4, 0.9), ...frames(4, 0), ...frames(4, 0.9), ...frames(20, 0)]),
    [],
  );
  // a one-frame dip keeps the candidate: 4 + 4 speechy frames confirm it
  const events = run([...frames(4, 0.9), 0.1, ...frames(4, 0.9), ...frames(20, 0)], {
    speechPadMs: 0,
  });
  assert.equal(events[0]?.startMs, 0);
});

test('end() closes an open segment at the current time; update() changes silenceMs mid-stream', () => {
  const s = new VADSegmenter({ speechPadMs: 0 });
  for (let i = 0; i < 20; i++) s.push(0.9);
  assert.equal(s.inSpeech, true);
  assert.deepEqual(s.end(), [{ type: 'speech_stopped', startMs: 0, endMs: 640, atMs: 640 }]);
  assert.equal(s.inSpeech, false);

  const t = new VADSegmenter({ silenceMs: 2000 });
  for (let i = 0; i < 10; i++) t.push(0.9);
  for (let i = 0; i < 10; i++) assert.deepEqual(t.push(0), []);
  t.update({ silenceMs: 300 });
  assert.equal(t.push(0)[0]?.type, 'speech_stopped');
});

test('invalid tuning is refused', () => {
  assert.throws(() => new VADSegmenter({ startThreshold: 0.3, endThreshold: 0.5 }), RangeError);
  assert.throws(() => new VADSegmenter({ silenceMs: -1 }), RangeError);
});

test('skip() moves the clock over unanalysed frames without deciding anything from them', () => {
  // A start that is not yet confirmed cannot be confirmed across a gap.
  const s = new VADSegmenter({ speechPadMs: 0 });
  for (let i = 0; i < 5; i++) assert.deepEqual(s.push(0.9), []);
  s.skip(10);
  assert.equal(s.timeMs, 15 * 32);
  for (let i = 0; i < 7; i++) assert.deepEqual(s.push(0.9), []);
  assert.deepEqual(s.push(0.9), [{ type: 'speech_started', startMs: 15 * 32, atMs: 23 * 32 }]);
  // Speech in progress is neither ended nor extended by skipped frames.
  s.skip(100);
  assert.equal(s.inSpeech, true);
  for (let i = 0; i < 15; i++) assert.deepEqual(s.push(0), []);
  assert.deepEqual(s.push(0), [
    { type: 'speech_stopped', startMs: 15 * 32, endMs: 23 * 32, atMs: (23 + 100 + 16) * 32 },
  ]);
});
