import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SileroVAD, VADStream, VAD_FRAME_MS } from '../src/audio/vad.ts';
import type { VADEvent } from '../src/audio/vad.ts';
import { ERROR_CODES } from '../src/errors.ts';
import { chunks, fliteSpeech16k, silence16k } from './helpers/audio.ts';

const MAX_LAG_MS = 50;
let vad: SileroVAD;
before(async () => {
  vad = await SileroVAD.load({ maxLagMs: MAX_LAG_MS, gatherMs: 0 });
});
after(() => vad.close());

/** Holds the event loop, as a saturated server does: no inference result can come back meanwhile. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function reader(stream: VADStream): { events: VADEvent[]; done: Promise<void> } {
  const events: VADEvent[] = [];
  const done = (async () => {
    for await (const e of stream) events.push(e);
  })();
  return { events, done };
}

test('windows that waited longer than maxLagMs are skipped and the stream gets a coded, recoverable error', async () => {
  assert.equal(ERROR_CODES.vad_overloaded.recoverable, true);
  const stream = new VADStream(vad);
  const { events, done } = reader(stream);
  const skippedBefore = vad.stats.skipped;
  // Two seconds of speech arrive while the model cannot run: all of it ends up too old.
  const speech = Buffer.concat([fliteSpeech16k('turn on the lights please'), silence16k(2000)]);
  const backlog = speech.subarray(0, 64000);
  stream.pushAudio(backlog);
  block(3 * MAX_LAG_MS);
  await stream.drain();
  const windows = Math.floor(backlog.length / 2 / 512);
  assert.equal(vad.stats.skipped - skippedBefore, windows);
  // The audio clock moved over the skipped audio, so later events keep their true times.
  assert.equal(stream.processedMs, windows * VAD_FRAME_MS);
  const [first] = events;
  assert.ok(first?.type === 'error' && first.code === 'vad_overloaded', JSON.stringify(events));
  assert.equal(first.recoverable, true);
  assert.match(first.message, /1984 ms of audio/);
  assert.equal(events.length, 1, 'one error for the whole skipped stretch, no speech events');

  // The stream goes on: an utterance pushed at the pace the model keeps up with is detected.
  const lead = stream.processedMs;
  const utterance = Buffer.concat([
    silence16k(300),
    fliteSpeech16k('hello there'),
    silence16k(900),
  ]);
  for (const c of chunks(utterance, 1280)) {
    stream.pushAudio(c);
    await stream.drain();
  }
  stream.endInput();
  await done;
  assert.deepEqual(
    events.slice(1).map((e) => e.type),
    ['speech_started', 'speech_stopped'],
  );
  const started = events[1];
  assert.ok(started?.type === 'speech_started' && started.startMs > lead);
});

test('under sustained overload the error comes at most once per second of audio', async () => {
  const stream = new VADStream(vad);
  const { events, done } = reader(stream);
  // Five stretches of 640 ms, each too old by the time the model could take it.
  for (let k = 0; k < 5; k++) {
    stream.pushAudio(silence16k(640).fill(3));
    block(3 * MAX_LAG_MS);
    await stream.drain();
  }
  stream.endInput();
  await done;
  const errors = events.filter((e) => e.type === 'error');
  assert.ok(errors.every((e) => e.type === 'error' && e.code === 'vad_overloaded'));
  // 3.2 s of skipped audio: reported at 640 ms, then at 1920 ms and 3200 ms at most.
  assert.ok(errors.length >= 2 && errors.length <= 4, `${errors.length} errors`);
  assert.equal(stream.processedMs, 5 * 20 * VAD_FRAME_MS);
});

test('a stream that keeps up is never skipped, however much audio a push carries', async () => {
  const relaxed = await SileroVAD.load();
  try {
    const stream = new VADStream(relaxed);
    const { events, done } = reader(stream);
    // 12 s in one push: one window per call, far faster than real time, well within a second.
    stream.pushAudio(
      Buffer.concat([silence16k(5000), fliteSpeech16k('good morning'), silence16k(6000)]),
    );
    stream.endInput();
    await done;
    assert.equal(relaxed.stats.skipped, 0);
    assert.deepEqual(
      events.map((e) => e.type),
      ['speech_started', 'speech_stopped'],
    );
  } finally {
    await relaxed.close();
  }
});
