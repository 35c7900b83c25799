// CPU of input noise suppression per session: 16 -> 48 kHz, RNNoise, 48 -> 16 kHz, on 20 ms
// frames as a client sends them. Prints µs per 10 ms of audio and the share of one core a
// session takes. Run: npx tsx bench/noise-suppression-cost.ts [seconds of audio, default 60]
import { NoiseSuppressor, loadRNNoise } from '../packages/voice/src/audio/noise-suppression.ts';
import { Resampler } from '../packages/voice/src/audio/resample.ts';
import { float32ToPcm16, pcm16ToFloat32 } from '../packages/voice/src/audio/pcm.ts';
import type { NoiseReductionType } from '../packages/voice/src/protocol/session-config.ts';
import { fliteSpeech16k } from '../packages/voice/test/helpers/audio.ts';
import { mixAtSnr } from '../packages/voice/test/helpers/noisy-speech.ts';

const seconds = Number(process.argv[2] ?? 60);
const clip = mixAtSnr(fliteSpeech16k('please book a table for four at eight tonight'), 'pink', 10);
const audio = Buffer.concat(
  Array.from({ length: Math.ceil((seconds * 32_000) / clip.length) }, () => clip),
).subarray(0, seconds * 32_000);
const frames: Buffer[] = [];
for (let i = 0; i < audio.length; i += 640) frames.push(audio.subarray(i, i + 640));

const t0 = performance.now();
await loadRNNoise();
console.log(`RNNoise module load: ${(performance.now() - t0).toFixed(1)} ms (once per process)`);

/** CPU microseconds per 10 ms of audio for `run` over all frames, best of three. */
function cost(run: (frame: Buffer) => void, reset: () => void): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    reset();
    const start = process.cpuUsage();
    for (const f of frames) run(f);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / (seconds * 100));
  }
  return best;
}

const report = (name: string, us: number) =>
  console.log(
    `${name.padEnd(34)} ${us.toFixed(1).padStart(6)} µs per 10 ms frame = ${(us / 100).toFixed(2)} % of a core per session`,
  );

for (const type of ['near_field', 'far_field'] as NoiseReductionType[]) {
  let ns = new NoiseSuppressor(type, () => {});
  report(
    `suppression ${type} (all of it)`,
    cost(
      (f) => ns.push(f),
      () => {
        ns.finish();
        ns = new NoiseSuppressor(type, () => {});
      },
    ),
  );
  ns.finish();
}
let up = new Resampler(16_000, 48_000);
let down = new Resampler(48_000, 16_000);
report(
  'of which resampling 16->48->16 kHz',
  cost(
    (f) => float32ToPcm16(down.pushFloat(up.pushFloat(pcm16ToFloat32(f)))),
    () => {
      up = new Resampler(16_000, 48_000);
      down = new Resampler(48_000, 16_000);
    },
  ),
);
