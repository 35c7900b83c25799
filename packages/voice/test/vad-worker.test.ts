import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { SileroVAD, VADStream, VAD_FRAME_MS, VAD_FRAME_SAMPLES } from '../src/audio/vad.ts';
import type { VADEvent } from '../src/audio/vad.ts';
import { pcm16ToFloat32 } from '../src/audio/pcm.ts';
import { chunks, fliteSpeech16k, silence16k } from './helpers/audio.ts';
import { loadCrashableVAD } from './helpers/vad.ts';

let inThread: SileroVAD;
let worker: SileroVAD;
// Whole recordings arrive at once in these tests, and on a busy machine the model may fall a
// second behind them: no window may be skipped for lagging here (load shedding is tested apart).
const NO_SHEDDING = 600_000;
before(async () => {
  [inThread, worker] = await Promise.all([
    SileroVAD.load({ thread: 'main', maxLagMs: NO_SHEDDING }),
    SileroVAD.load({ thread: 'worker', maxLagMs: NO_SHEDDING }),
  ]);
});
after(async () => {
  await Promise.all([inThread.close(), worker.close()]);
});

const utterances = ['good morning', 'what is the weather in london today', 'call my mother'].map(
  (text) => Buffer.concat([silence16k(300), fliteSpeech16k(text), silence16k(700)]),
);

/** Every window's probability of each recording, all streams running concurrently. */
async function probabilities(vad: SileroVAD, chunkBytes: number): Promise<number[][]> {
  return Promise.all(
    utterances.map(async (audio) => {
      const probs: number[] = [];
      const stream = new VADStream(vad, { onProbability: (p) => probs.push(p) });
      for (const c of chunks(audio, chunkBytes)) stream.pushAudio(c);
      await stream.drain();
      stream.close();
      return probs;
    }),
  );
}

/** Each recording's probabilities, one window at a time on the main thread (floats from pcm.ts). */
async function referenceProbabilities(): Promise<number[][]> {
  const reference: number[][] = [];
  for (const audio of utterances) {
    const stream = inThread.createStream();
    const samples = pcm16ToFloat32(audio);
    const probs: number[] = [];
    for (let k = 0; (k + 1) * VAD_FRAME_SAMPLES <= samples.length; k++)
      probs.push(
        await stream.process(samples.subarray(k * VAD_FRAME_SAMPLES, (k + 1) * VAD_FRAME_SAMPLES)),
      );
    reference.push(probs);
  }
  return reference;
}

function assertClose(got: number[], ref: number[], label: string): void {
  assert.equal(got.length, ref.length, `${label}: windows`);
  let worst = 0;
  got.forEach((p, k) => (worst = Math.max(worst, Math.abs(p - (ref[k] as number)))));
  assert.ok(worst <= 1e-5, `${label}: differs by ${worst}`);
}

test('the worker thread gives the same probabilities as inference on the main thread', async () => {
  assert.equal(worker.thread, 'worker');
  assert.equal(inThread.thread, 'main');
  const reference = await referenceProbabilities();
  const before = { ...worker.stats };
  // Odd chunk sizes, so that samples and windows straddle pushes.
  for (const chunkBytes of [1280, 333]) {
    for (const [name, got] of [
      ['worker', await probabilities(worker, chunkBytes)],
      ['main', await probabilities(inThread, chunkBytes)],
    ] as const) {
      got.forEach((probs, s) =>
        assertClose(probs, reference[s] as number[], `${name} stream ${s}, ${chunkBytes} B chunks`),
      );
    }
  }
  // The recordings contain speech, so the comparison is not between two series of zeros.
  assert.ok(Math.max(...reference.flat()) > 0.9);
  assert.ok(worker.stats.frames - before.frames >= 2 * reference.flat().length);
  // processBatch goes through the worker too.
  const frames = utterances.map((a) =>
    pcm16ToFloat32(a.subarray(16000, 16000 + 2 * VAD_FRAME_SAMPLES)),
  );
  const [viaWorker, viaMain] = await Promise.all([
    worker.processBatch(
      frames.map(() => worker.createStream()),
      frames,
    ),
    inThread.processBatch(
      frames.map(() => inThread.createStream()),
      frames,
    ),
  ]);
  viaWorker.forEach((p, i) => assert.ok(Math.abs(p - (viaMain[i] as number)) <= 1e-5));
});

test('with hundreds of streams behind, two calls overlap and every stream keeps its order', async () => {
  const reference = await referenceProbabilities();
  // Minutes of audio arrive at once: no window may be skipped for lagging here.
  const vad = await SileroVAD.load({ maxLagMs: NO_SHEDDING });
  const n = 300;
  const got = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const probs: number[] = [];
      const stream = new VADStream(vad, { onProbability: (p) => probs.push(p) });
      // Whole recordings at once: every stream has a long backlog.
      stream.pushAudio(utterances[i % utterances.length] as Buffer);
      await stream.drain();
      stream.close();
      return probs;
    }),
  );
  got.forEach((probs, i) =>
    assertClose(probs, reference[i % utterances.length] as number[], `stream ${i}`),
  );
  const { runs, frames, skipped } = vad.stats;
  await vad.close();
  const longest = Math.max(...reference.map((r) => r.length));
  // Split in two halves that alternate: about two calls per window of the longest recording.
  assert.ok(runs >= 1.5 * longest, `${runs} calls, ${(frames / runs).toFixed(0)} windows each`);
  assert.equal(skipped, 0);
});

test('windows of many streams are batched, one window per stream per call', async () => {
  const before = { ...worker.stats };
  const n = 40;
  const results = await Promise.all(
    Array.from({ length: n }, async () => {
      const events: VADEvent[] = [];
      const stream = new VADStream(worker);
      const reading = (async () => {
        for await (const e of stream) events.push(e);
      })();
      // 40 ms frames, all streams in the same turn, as sockets deliver them.
      for (const c of chunks(utterances[1] as Buffer, 1280)) stream.pushAudio(c);
      stream.endInput();
      await reading;
      return events;
    }),
  );
  const runs = worker.stats.runs - before.runs;
  const frames = worker.stats.frames - before.frames;
  const perStream = Math.floor((utterances[1] as Buffer).length / 2 / VAD_FRAME_SAMPLES);
  assert.equal(frames, n * perStream);
  // A backlog of one stream cannot be batched with itself: at least one call per window.
  assert.ok(runs >= perStream && runs <= perStream + 5, `${runs} calls for ${perStream} windows`);
  for (const events of results) assert.deepEqual(events, results[0]);
  assert.deepEqual(
    results[0]?.map((e) => e.type),
    ['speech_started', 'speech_stopped'],
  );
});

test('at light load a call waits a few ms so that windows of several sessions share it', async () => {
  /** Mean windows per call when 8 sessions' 40 ms frames arrive spread over 20 ms. */
  async function meanBatch(gatherMs: number): Promise<number> {
    const vad = await SileroVAD.load({ gatherMs, gatherWindows: 1000 });
    try {
      const streams = Array.from({ length: 8 }, () => new VADStream(vad));
      const frame = silence16k(40).fill(1);
      for (let round = 0; round < 10; round++) {
        for (const s of streams) {
          s.pushAudio(frame);
          await sleep(20 / streams.length);
        }
      }
      await Promise.all(streams.map((s) => s.drain()));
      for (const s of streams) s.close();
      return vad.stats.frames / vad.stats.runs;
    } finally {
      await vad.close();
    }
  }
  const gathered = await meanBatch(15);
  const immediate = await meanBatch(0);
  assert.ok(
    gathered >= 3 && gathered >= 2 * immediate,
    `mean batch ${gathered.toFixed(1)} with a 15 ms wait, ${immediate.toFixed(1)} without`,
  );
});

test('a worker crash reaches every stream as vad_unavailable, and new streams get a new worker', async () => {
  // (the restarted worker loads its model while a whole recording waits)
  const { vad, crashWorker } = await loadCrashableVAD({ maxLagMs: NO_SHEDDING });
  try {
    const speech = Buffer.concat([silence16k(200), fliteSpeech16k('turn on the lights')]);
    const live = Array.from({ length: 3 }, () => new VADStream(vad));
    const events = live.map(() => [] as VADEvent[]);
    const reading = live.map(async (s, i) => {
      for await (const e of s) events[i]?.push(e);
    });
    // Stream audio in real time; crash the worker half-way.
    let sent = 0;
    const frames = chunks(speech, 640);
    for (const [k, frame] of frames.entries()) {
      for (const s of live) s.pushAudio(frame);
      sent++;
      if (k === Math.floor(frames.length / 2)) crashWorker();
      await sleep(5);
      if (events.every((e) => e.some((x) => x.type === 'error'))) break;
    }
    // Each stream ends with exactly one vad_unavailable error, and its iteration finishes.
    await Promise.race([
      Promise.all(reading),
      sleep(5000).then(() => assert.fail('the streams hang after the crash')),
    ]);
    for (const e of events) {
      const last = e.at(-1);
      assert.ok(last?.type === 'error' && last.code === 'vad_unavailable', JSON.stringify(e));
      assert.equal(last.recoverable, false);
      assert.equal(e.filter((x) => x.type === 'error').length, 1);
    }
    assert.ok(sent < frames.length, 'the crash was noticed while audio was still arriving');
    await Promise.all(live.map((s) => s.drain()));
    // Sessions that start after the crash are served by a restarted worker.
    const fresh = new VADStream(vad);
    const got: VADEvent[] = [];
    for (const c of chunks(Buffer.concat([speech, silence16k(800)]), 640)) fresh.pushAudio(c);
    fresh.endInput();
    for await (const e of fresh) got.push(e);
    assert.deepEqual(
      got.map((e) => e.type),
      ['speech_started', 'speech_stopped'],
    );
  } finally {
    await vad.close();
  }
});

test('closing the model fails queued windows instead of leaving them pending', async () => {
  const vad = await SileroVAD.load();
  const stream = new VADStream(vad);
  const events: VADEvent[] = [];
  const reading = (async () => {
    for await (const e of stream) events.push(e);
  })();
  stream.pushAudio(silence16k(2000));
  await vad.close();
  await reading;
  assert.equal(events.at(-1)?.type, 'error');
  await stream.drain();
  assert.ok(stream.processedMs <= 2000 + VAD_FRAME_MS);
});
