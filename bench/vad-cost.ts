// Cost of Silero VAD v5 inference (one window = 32 ms of 16 kHz audio): per window by batch
// size, on the main thread and through the worker thread, and the fixed cost of a call that
// comes after the model has been idle for a while.
// Run: npx tsx bench/vad-cost.ts
import { setImmediate as immediate, setTimeout as sleep } from 'node:timers/promises';
import { SileroVAD, VAD_FRAME_MS, VAD_FRAME_SAMPLES } from '../packages/voice/src/index.ts';

const frame = (seed: number) =>
  Float32Array.from({ length: VAD_FRAME_SAMPLES }, (_, i) => 0.1 * Math.sin(i * 0.05 + seed));

/** Process CPU (all threads) and wall time per window over `calls` calls of `batch` windows. */
async function measure(
  vad: SileroVAD,
  batch: number,
  calls: number,
  gapMs: number,
): Promise<{ cpuUs: number; wallUs: number }> {
  const streams = Array.from({ length: batch }, () => vad.createStream());
  const inputs = streams.map((_, b) => frame(b));
  for (let i = 0; i < 10; i++) await vad.processBatch(streams, inputs); // warm-up
  let wallMs = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await vad.processBatch(streams, inputs);
    wallMs += performance.now() - t0;
    if (gapMs > 0) await sleep(gapMs);
    else await immediate();
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    cpuUs: (cpu.user + cpu.system) / (calls * batch),
    wallUs: (wallMs * 1000) / (calls * batch),
  };
}

console.log(
  `Silero VAD v5, onnxruntime-node CPU, 1 intra-op thread; one window = ${VAD_FRAME_MS} ms of audio`,
);
const models = {
  main: await SileroVAD.load({ thread: 'main' }),
  worker: await SileroVAD.load({ thread: 'worker' }),
};
console.log(
  '\nCalls back to back: process CPU per window (µs), and sessions one core keeps up with',
);
console.log('batch | main thread | worker thread');
for (const batch of [1, 2, 8, 32, 64, 256, 512]) {
  const calls = Math.max(30, Math.ceil(8000 / batch));
  const cells: string[] = [];
  for (const vad of Object.values(models)) {
    const { cpuUs } = await measure(vad, batch, calls, 0);
    cells.push(`${cpuUs.toFixed(1).padStart(6)} µs (${Math.floor((VAD_FRAME_MS * 1000) / cpuUs)})`);
  }
  console.log(`${String(batch).padStart(5)} | ${cells.join(' | ')}`);
}

console.log('\nBatch of 32 after an idle gap: process CPU per call (µs)');
console.log('  gap | main thread | worker thread');
for (const gapMs of [0, 2, 8, 32]) {
  const cells: string[] = [];
  for (const vad of Object.values(models)) {
    const { cpuUs } = await measure(vad, 32, 150, gapMs);
    cells.push(`${(cpuUs * 32).toFixed(0).padStart(6)} µs`);
  }
  console.log(`${String(gapMs).padStart(3)} ms | ${cells.join(' | ')}`);
}
await Promise.all(Object.values(models).map((m) => m.close()));
