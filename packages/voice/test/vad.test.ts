import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SileroVAD, VADStream, VAD_FRAME_SAMPLES } from '../src/audio/vad.ts';
import type { VADEvent } from '../src/audio/vad.ts';
import { pcm16ToFloat32 } from '../src/audio/pcm.ts';
import { chunks, fliteSpeech16k, noise16k, silence16k, speechBounds16k } from './helpers/audio.ts';

let vad: SileroVAD;
before(async () => {
  vad = await SileroVAD.shared();
});

async function detect(audio: Buffer, chunkBytes: number, silenceMs = 500): Promise<VADEvent[]> {
  const stream = new VADStream(vad, { silenceMs });
  for (const c of chunks(audio, chunkBytes)) stream.pushAudio(c);
  stream.endInput();
  const events: VADEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

test('the model is loaded once per process and accepts a batch', async () => {
  assert.equal(await SileroVAD.shared(), vad);
  const a = vad.createStream();
  const b = vad.createStream();
  const frame = pcm16ToFloat32(
    fliteSpeech16k('hello there').subarray(8000, 8000 + VAD_FRAME_SAMPLES * 2),
  );
  const quiet = new Float32Array(VAD_FRAME_SAMPLES);
  const [pa, pb] = await vad.processBatch([a, b], [frame, quiet]);
  assert.ok(pa !== undefined && pb !== undefined);
  assert.ok(pa > 0.5 && pb < 0.1, `speech ${pa}, silence ${pb}`);
  await assert.rejects(vad.processBatch([a, a], [frame, frame]), RangeError);
  await assert.rejects(a.process(new Float32Array(100)), RangeError);
});

test('batched inference gives each stream the same probabilities as running it alone', async () => {
  const texts = ['good morning', 'what time is it', 'please call my mother'];
  const audios = texts.map((t) =>
    pcm16ToFloat32(Buffer.concat([silence16k(200), fliteSpeech16k(t)])),
  );
  const n = Math.min(...audios.map((a) => Math.floor(a.length / VAD_FRAME_SAMPLES)));
  const frame = (s: number, k: number) =>
    (audios[s] as Float32Array).subarray(k * VAD_FRAME_SAMPLES, (k + 1) * VAD_FRAME_SAMPLES);
  const alone: number[][] = [];
  for (let s = 0; s < audios.length; s++) {
    const stream = vad.createStream();
    const probs: number[] = [];
    for (let k = 0; k < n; k++) probs.push(await stream.process(frame(s, k)));
    alone.push(probs);
  }
  const streams = audios.map(() => vad.createStream());
  for (let k = 0; k < n; k++) {
    const probs = await vad.processBatch(
      streams,
      streams.map((_, s) => frame(s, k)),
    );
    probs.forEach((p, s) =>
      assert.ok(Math.abs(p - (alone[s]?.[k] as number)) < 1e-4, `stream ${s} frame ${k}`),
    );
  }
});

test('concurrent sessions are served by shared batched calls', async () => {
  const speech = Buffer.concat([
    silence16k(300),
    fliteSpeech16k('turn on the lights'),
    silence16k(800),
  ]);
  const before = { ...vad.stats };
  const results = await Promise.all(Array.from({ length: 16 }, () => detect(speech, 640)));
  const runs = vad.stats.runs - before.runs;
  const framesRun = vad.stats.frames - before.frames;
  assert.ok(framesRun / runs >= 8, `average batch ${framesRun / runs}`);
  for (const events of results) assert.deepEqual(events, results[0]);
  assert.deepEqual(
    results[0]?.map((e) => e.type),
    ['speech_started', 'speech_stopped'],
  );
});

for (const text of [
  'the quick brown fox jumps over the lazy dog',
  'what is the weather in london today',
  'yes',
]) {
  test(`speech boundaries of "${text}" are found within 150 ms`, async () => {
    const speech = fliteSpeech16k(text);
    const lead = 1200;
    const bounds = speechBounds16k(speech);
    const audio = Buffer.concat([silence16k(lead), speech, silence16k(1500)]);
    // odd chunk sizes: 20 ms frames, 333-byte pieces
    for (const chunkBytes of [640, 333]) {
      const events = await detect(audio, chunkBytes, 500);
      assert.deepEqual(
        events.map((e) => e.type),
        ['speech_started', 'speech_stopped'],
      );
      const [start, stop] = events;
      assert.ok(start?.type === 'speech_started' && stop?.type === 'speech_stopped');
      const trueStart = lead + bounds.startMs;
      const trueEnd = lead + bounds.endMs;
      assert.ok(
        Math.abs(start.startMs - trueStart) <= 150,
        `start ${start.startMs} vs ${trueStart}`,
      );
      assert.ok(Math.abs(stop.endMs - trueEnd) <= 150, `end ${stop.endMs} vs ${trueEnd}`);
      assert.ok(
        stop.atMs - trueEnd >= 450 && stop.atMs - trueEnd <= 750,
        `stop reported at ${stop.atMs}`,
      );
    }
  });
}

test('two utterances separated by a long pause give two turns', async () => {
  const audio = Buffer.concat([
    silence16k(500),
    fliteSpeech16k('hello'),
    silence16k(1200),
    fliteSpeech16k('goodbye'),
    silence16k(1000),
  ]);
  const events = await detect(audio, 3200);
  assert.deepEqual(
    events.map((e) => e.type),
    ['speech_started', 'speech_stopped', 'speech_started', 'speech_stopped'],
  );
});

test('silence and low noise produce no events', async () => {
  assert.deepEqual(await detect(silence16k(3000), 640), []);
  for (const level of [0.001, 0.003, 0.01])
    assert.deepEqual(await detect(noise16k(3000, level, 7), 640), [], `noise ${level}`);
});

test('odd-length pushes are realigned; close() ends the stream at once', async () => {
  const stream = new VADStream(vad);
  stream.pushAudio(Buffer.alloc(1001));
  stream.pushAudio(Buffer.alloc(1047)); // 2048 bytes: two 512-sample windows
  await stream.drain();
  assert.equal(stream.processedMs, 64);
  stream.close();
  const events: VADEvent[] = [];
  for await (const e of stream) events.push(e);
  assert.deepEqual(events, []);
  assert.throws(() => stream.pushAudio(Buffer.alloc(2)));
});
