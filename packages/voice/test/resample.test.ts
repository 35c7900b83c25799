import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Resampler, resamplePcm16 } from '../src/audio/resample.ts';
import { float32ToPcm16, pcm16ToFloat32 } from '../src/audio/pcm.ts';
import { sine } from './helpers/audio.ts';

/** Frequency of the strongest component near `expected`, by a Goertzel scan (0.5 Hz steps). */
function peakFrequency(x: Float32Array, rate: number, expected: number): number {
  let best = 0;
  let bestPower = -1;
  for (let f = expected - 20; f <= expected + 20; f += 0.5) {
    const w = (2 * Math.PI * f) / rate;
    const coeff = 2 * Math.cos(w);
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < x.length; i++) {
      const s0 = (x[i] as number) + coeff * s1 - s2;
      s2 = s1;
      s1 = s0;
    }
    const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
    if (power > bestPower) {
      bestPower = power;
      best = f;
    }
  }
  return best;
}

function rms(x: Float32Array): number {
  let s = 0;
  for (const v of x) s += v * v;
  return Math.sqrt(s / x.length);
}

function maxStep(x: Float32Array): number {
  let m = 0;
  for (let i = 1; i < x.length; i++)
    m = Math.max(m, Math.abs((x[i] as number) - (x[i - 1] as number)));
  return m;
}

const cases: [number, number, number][] = [
  [8000, 16000, 440],
  [16000, 16000, 1000],
  [22050, 16000, 1000],
  [44100, 16000, 3000],
  [48000, 16000, 1000],
  [8000, 24000, 440],
  [16000, 24000, 1000],
  [22050, 24000, 3000],
];

for (const [inRate, outRate, freq] of cases) {
  test(`resampling ${inRate} -> ${outRate} keeps a ${freq} Hz sine's frequency, amplitude and continuity`, () => {
    const amplitude = 0.5;
    const input = sine(freq, inRate, inRate, amplitude); // 1 s
    const whole = new Resampler(inRate, outRate);
    const one = concat([whole.pushFloat(input), whole.flushFloat()]);
    assert.equal(one.length, outRate, 'one second in, one second out');

    // Uneven chunks, including 1-sample ones, give the same samples.
    const chunked = new Resampler(inRate, outRate);
    const parts: Float32Array[] = [];
    let pos = 0;
    const sizes = [1, 7, 160, 333, 1, 2, 4096, 17];
    for (let k = 0; pos < input.length; k++) {
      const size = sizes[k % sizes.length] as number;
      parts.push(chunked.pushFloat(input.subarray(pos, pos + size)));
      pos += size;
    }
    parts.push(chunked.flushFloat());
    const many = concat(parts);
    assert.equal(many.length, one.length);
    let maxDiff = 0;
    for (let i = 0; i < one.length; i++)
      maxDiff = Math.max(maxDiff, Math.abs((one[i] as number) - (many[i] as number)));
    assert.ok(maxDiff < 1e-6, `chunking changed the output by ${maxDiff}`);

    // Away from the edges (where the signal starts and stops abruptly).
    const steady = one.subarray(Math.floor(outRate * 0.05), Math.floor(outRate * 0.95));
    assert.ok(Math.abs(peakFrequency(steady, outRate, freq) - freq) <= 1, 'frequency preserved');
    const expectedRms = amplitude / Math.SQRT2;
    assert.ok(
      Math.abs(rms(steady) - expectedRms) / expectedRms < 0.01,
      `amplitude preserved (rms ${rms(steady)})`,
    );
    // No clicks: no sample-to-sample step larger than the sine's own steepest slope.
    const slope = amplitude * 2 * Math.sin((Math.PI * freq) / outRate);
    assert.ok(maxStep(steady) <= slope * 1.02, `max step ${maxStep(steady)} vs slope ${slope}`);

    // Phase is preserved too: the output is aligned with the input (no filter delay).
    const t = 0.5;
    const expected = amplitude * Math.sin(2 * Math.PI * freq * t);
    assert.ok(Math.abs((one[Math.round(t * outRate)] as number) - expected) < 0.01, 'no delay');
  });
}

test('downsampling removes content above the new Nyquist frequency', () => {
  const input = sine(12000, 48000, 48000, 0.5); // above 8 kHz: must not alias into the 16 kHz output
  const out = pcm16ToFloat32(resamplePcm16(float32ToPcm16(input), 48000, 16000));
  assert.ok(rms(out.subarray(800, 15200)) < 0.5 / Math.SQRT2 / 1000, 'at least 60 dB down');
});

test('PCM16 chunks with odd byte counts are carried across pushes', () => {
  const pcm = float32ToPcm16(sine(500, 16000, 1600));
  const r = new Resampler(16000, 24000);
  const out = Buffer.concat([
    r.push(pcm.subarray(0, 333)),
    r.push(pcm.subarray(333, 1001)),
    r.push(pcm.subarray(1001)),
    r.flush(),
  ]);
  assert.deepEqual(out, resamplePcm16(pcm, 16000, 24000));
  assert.equal(out.length, 2400 * 2);
});

test('rates must be positive integers', () => {
  assert.throws(() => new Resampler(0, 16000), RangeError);
  assert.throws(() => new Resampler(16000.5, 16000), RangeError);
});

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
