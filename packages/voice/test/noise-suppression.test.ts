import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NoiseSuppressor,
  loadRNNoise,
  noiseSuppressionUsage,
} from '../src/audio/noise-suppression.ts';
import { float32ToPcm16, pcm16ToFloat32, rmsLevel, toDbfs } from '../src/audio/pcm.ts';
import type { NoiseReductionType } from '../src/protocol/session-config.ts';
import { fliteSpeech16k } from './helpers/audio.ts';
import { mixAtSnr, soxNoise16k } from './helpers/noisy-speech.ts';

/** Runs `pcm` through a suppressor in 20 ms frames; returns its output and what finish() gave back. */
async function suppress(pcm: Buffer, type: NoiseReductionType) {
  const out: Buffer[] = [];
  const ns = new NoiseSuppressor(type, (b) => out.push(b));
  await loadRNNoise();
  await new Promise((r) => setImmediate(r));
  for (let i = 0; i < pcm.length; i += 640) ns.push(pcm.subarray(i, i + 640));
  const processed = Buffer.concat(out);
  const rest = ns.finish();
  return { processed, rest, all: Buffer.concat([processed, rest]) };
}

/** The lag (in samples, within ±maxLag) at which `b` best matches `a`. */
function bestLag(a: Float32Array, b: Float32Array, maxLag: number): number {
  let best = -Infinity;
  let at = 0;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = Math.max(0, -lag); i < a.length && i + lag < b.length; i++)
      sum += (a[i] as number) * (b[i + lag] as number);
    if (sum > best) [best, at] = [sum, lag];
  }
  return at;
}

test('the RNNoise module is not loaded until a session asks for noise suppression', () => {
  // Runs first in its own process: nothing before it has used noise suppression.
  assert.deepEqual(noiseSuppressionUsage(), { moduleLoaded: false, liveStates: 0 });
});

test('input pushed while the module loads is processed in order once it is ready', async () => {
  const out: Buffer[] = [];
  const ns = new NoiseSuppressor('near_field', (b) => out.push(b));
  assert.equal(noiseSuppressionUsage().moduleLoaded, false);
  const clip = mixAtSnr(fliteSpeech16k('we are out of milk'), 'pink', 20);
  for (let i = 0; i < clip.length; i += 640) ns.push(clip.subarray(i, i + 640));
  await loadRNNoise();
  await new Promise((r) => setImmediate(r));
  assert.ok(out.length > 0, 'the waiting input was processed');
  const all = Buffer.concat([...out, ns.finish()]);
  assert.equal(all.length, clip.length);
});

test('denoised audio keeps the clock: same length, sample-aligned with the input', async () => {
  const speech = fliteSpeech16k('turn the heating up by two degrees');
  const clip = mixAtSnr(speech, 'brown', 20, { leadMs: 500, tailMs: 500 });
  const { processed, rest, all } = await suppress(clip, 'near_field');
  assert.equal(all.length, clip.length);
  assert.ok(rest.length / 2 <= 400, `at most 25 ms held back, got ${rest.length / 2} samples`);
  const lag = bestLag(pcm16ToFloat32(clip), pcm16ToFloat32(processed), 200);
  assert.ok(Math.abs(lag) <= 1, `output aligned with input, lag ${lag}`);
  assert.equal(noiseSuppressionUsage().liveStates, 0, 'finish() frees the RNNoise state');
});

test('steady noise is attenuated, speech is kept; far_field attenuates at most 12 dB', async () => {
  const noise = float32ToPcm16(soxNoise16k('pink', 4000).map((x) => x * 0.02));
  const speech = fliteSpeech16k('what time does the pharmacy close on saturday');
  const inNoise = toDbfs(rmsLevel(noise));
  const inSpeech = toDbfs(rmsLevel(speech));
  const level = (pcm: Buffer) => toDbfs(rmsLevel(pcm.subarray(32_000))); // after the first second
  const near = level((await suppress(noise, 'near_field')).all) - level(noise);
  const far = level((await suppress(noise, 'far_field')).all) - level(noise);
  assert.ok(
    near < -15,
    `near_field: noise down ${near.toFixed(1)} dB (from ${inNoise.toFixed(1)})`,
  );
  assert.ok(far < -6 && far > -13, `far_field: noise down ${far.toFixed(1)} dB`);
  const kept = toDbfs(rmsLevel((await suppress(speech, 'near_field')).all)) - inSpeech;
  assert.ok(Math.abs(kept) < 3, `speech level within 3 dB, moved ${kept.toFixed(1)} dB`);
});
