import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { loadRNNoise, noiseSuppressionUsage } from '../src/audio/noise-suppression.ts';
import { pcm16BytesForMs, pcm16DurationMs } from '../src/audio/pcm.ts';
import { noise16k } from './helpers/audio.ts';
import { withSession, type SessionHarness } from './helpers/session.ts';

// The user speaks from 1000 to 1600 ms; the scripted VAD confirms it at 1250 ms and ends it
// 500 ms (silence_ms) after 1600, so the utterance is flushed at 2100 ms of audio.
const SPEECH = [{ startMs: 1000, endMs: 1600 }];
const FLUSH_MS = 2100;

/** Milliseconds of audio the recogniser got for the first utterance. */
async function recognisedMs(h: SessionHarness): Promise<number> {
  await h.audioUntilSent('transcript.final');
  return pcm16DurationMs(h.stt.received[0] ?? 0);
}

/** Sends `ms` of low white noise in 20 ms frames (real samples, so the suppressor has work). */
async function noise(h: SessionHarness, ms: number, seed = 1): Promise<void> {
  const pcm = noise16k(ms, 0.01, seed);
  for (let i = 0; i < pcm.length; i += pcm16BytesForMs(20)) {
    h.session.onBinary(pcm.subarray(i, i + pcm16BytesForMs(20)));
    await tick();
  }
}

test('sessions without noise suppression load no RNNoise module and hold no state', async () => {
  // First in its own process: a session with the default configuration pays nothing.
  await withSession({ vad: SPEECH, stt: ['hello'], llm: ['Hi.'] }, async (h) => {
    await noise(h, 2500);
    assert.equal(h.socket.of('transcript.final').length, 1);
    assert.deepEqual(noiseSuppressionUsage(), { moduleLoaded: false, liveStates: 0 });
  });
});

test('the recogniser gets prefix_padding_ms (default 300) of audio before the VAD start', async () => {
  await withSession({ vad: SPEECH, stt: ['hello'], llm: ['Hi.'] }, async (h) => {
    const ms = await recognisedMs(h);
    assert.ok(Math.abs(ms - (FLUSH_MS - 700)) <= 20, `from 700 ms to the flush, got ${ms} ms`);
  });
});

test('prefix_padding_ms is per session: 0 starts at the VAD start, 800 reaches further back', async () => {
  for (const [pad, fromMs] of [
    [0, 1000],
    [800, 200],
  ] as const) {
    await withSession(
      {
        vad: SPEECH,
        stt: ['hello'],
        llm: ['Hi.'],
        session: { turn_detection: { type: 'server_vad', prefix_padding_ms: pad } },
      },
      async (h) => {
        const ms = await recognisedMs(h);
        assert.ok(Math.abs(ms - (FLUSH_MS - fromMs)) <= 20, `pad ${pad}: got ${ms} ms`);
        const config = h.socket.of('session.created')[0]?.session as any;
        assert.equal(config.turn_detection.prefix_padding_ms, pad);
      },
    );
  }
});

test('padding never reaches into audio of the previous turn', async () => {
  const vad = [
    { startMs: 100, endMs: 500 },
    { startMs: 1150, endMs: 1600 },
  ];
  await withSession({ vad, stt: ['one', 'two'], llm: ['A.', 'B.'] }, async (h) => {
    await h.audioUntilSent('transcript.final', 2);
    const [first, second] = h.stt.received.map((b) => pcm16DurationMs(b));
    // The first utterance starts at 0 (100 less 300, clamped); the first turn consumed the audio
    // up to its final transcript (just after 1000 ms), so the second starts there, not at 850.
    assert.ok(Math.abs(first! - 1000) <= 20, `first utterance ${first} ms`);
    assert.ok(
      second! < 2100 - 850 - 60,
      `second utterance ${second} ms starts after the first turn`,
    );
  });
});

test('a bad input_audio_noise_reduction gets invalid_message and the session goes on', async () => {
  await withSession({ vad: SPEECH, stt: ['hello'], llm: ['Hi.'] }, async (h) => {
    for (const bad of [{ type: 'studio' }, 'near_field', { type: 'near_field', level: 3 }, 7]) {
      h.send({ type: 'session.update', session: { input_audio_noise_reduction: bad } });
    }
    h.send({
      type: 'session.update',
      session: { turn_detection: { type: 'server_vad', prefix_padding_ms: -5 } },
    });
    const errors = h.socket.of('error');
    assert.equal(errors.length, 5);
    assert.ok(errors.every((e) => e.code === 'invalid_message'));
    assert.match(String(errors[0]?.message), /input_audio_noise_reduction/);
    h.send({ type: 'session.update', session: { input_audio_noise_reduction: null } });
    const updated = await h.socket.waitFor('session.updated');
    assert.equal((updated.session as any).input_audio_noise_reduction, null);
    assert.ok(Math.abs((await recognisedMs(h)) - (FLUSH_MS - 700)) <= 20);
  });
});

test('noise suppression switched on and off mid-session keeps the audio clock', async () => {
  await loadRNNoise();
  await withSession({ vad: SPEECH, stt: ['hello'], llm: ['Hi.'] }, async (h) => {
    await noise(h, 400, 1);
    h.send({
      type: 'session.update',
      session: { input_audio_noise_reduction: { type: 'near_field' } },
    });
    assert.equal(
      (h.socket.of('session.updated')[0]?.session as any).input_audio_noise_reduction.type,
      'near_field',
    );
    assert.equal(noiseSuppressionUsage().liveStates, 1);
    await noise(h, 600, 2);
    h.send({
      type: 'session.update',
      session: { input_audio_noise_reduction: { type: 'far_field' } },
    });
    await noise(h, 400, 3);
    h.send({ type: 'session.update', session: { input_audio_noise_reduction: null } });
    assert.equal(noiseSuppressionUsage().liveStates, 0, 'switching off frees the state');
    await noise(h, 1400, 4);
    const vadMs = h.vad!.streams[0]!.processedMs;
    assert.ok(Math.abs(vadMs - 2800) < 0.01, `the VAD heard all 2800 ms, got ${vadMs}`);
    assert.ok(Math.abs((await recognisedMs(h)) - (FLUSH_MS - 700)) <= 20);
  });
  assert.equal(noiseSuppressionUsage().liveStates, 0);
});

test('closing a session frees its RNNoise state', async () => {
  await withSession(
    {
      vad: SPEECH,
      stt: ['hello'],
      llm: ['Hi.'],
      session: { input_audio_noise_reduction: { type: 'far_field' } },
    },
    async (h) => {
      await noise(h, 200);
      assert.equal(noiseSuppressionUsage().liveStates, 1);
    },
  );
  assert.equal(noiseSuppressionUsage().liveStates, 0);
});
