// Cost of one Silero VAD v5 frame (32 ms of 16 kHz audio): one session alone vs a batch of sessions.
// Run: npx tsx bench/vad-cost.ts
import { SileroVAD, VAD_FRAME_MS, VAD_FRAME_SAMPLES } from '../packages/voice/src/index.ts';

const vad = await SileroVAD.load();
const frame = (seed: number) =>
  Float32Array.from({ length: VAD_FRAME_SAMPLES }, (_, i) => 0.1 * Math.sin(i * 0.05 + seed));

async function perFrameMs(batch: number, frames: number): Promise<number> {
  const streams = Array.from({ length: batch }, () => vad.createStream());
  const inputs = streams.map((_, b) => frame(b));
  for (let i = 0; i < 20; i++) await vad.processBatch(streams, inputs); // warm-up
  const calls = Math.max(20, Math.ceil(frames / batch));
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await vad.processBatch(streams, inputs);
  return (performance.now() - t0) / (calls * batch);
}

console.log(
  `Silero VAD v5, onnxruntime-node CPU, 1 intra-op thread; one frame = ${VAD_FRAME_MS} ms of audio`,
);
for (const batch of [1, 8, 64, 256]) {
  const ms = await perFrameMs(batch, 20_000);
  const sessions = VAD_FRAME_MS / ms;
  console.log(
    `batch ${String(batch).padStart(3)}: ${(ms * 1000).toFixed(1).padStart(6)} µs per frame per session` +
      ` -> one core keeps up with ~${Math.floor(sessions)} live sessions`,
  );
}

// The automatic batcher: 64 sessions each submitting one frame in the same tick.
const streams = Array.from({ length: 64 }, () => vad.createStream());
const frames = streams.map((_, b) => frame(b));
const before = { ...vad.stats };
const t0 = performance.now();
for (let round = 0; round < 200; round++)
  await Promise.all(streams.map((s, b) => s.process(frames[b] as Float32Array)));
const elapsed = performance.now() - t0;
const runs = vad.stats.runs - before.runs;
console.log(
  `auto-batched process(): 64 sessions x 200 frames in ${runs} calls, ${((elapsed / (64 * 200)) * 1000).toFixed(1)} µs per frame`,
);
await vad.close();
