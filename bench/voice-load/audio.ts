// The audio every load session sends, and where the VAD decides on it.
import { SileroVAD, VADStream } from '../../packages/voice/src/audio/vad.ts';
import type { VadTimeline } from './ipc.ts';

const BYTES_PER_MS = 32; // PCM16 at 16 kHz

/**
 * One cycle: the speech, then a pause up to a whole number of frames of at least `silenceMs`,
 * over a room's noise floor at `noiseDb` dBFS (pink-ish: white noise through a one-pole
 * low-pass, reproducible), so the pauses are what a microphone hears rather than digital
 * zeros. `noiseDb` of -Infinity gives digital silence.
 */
export function speechCycle(
  speech: Buffer,
  silenceMs: number,
  frameMs: number,
  noiseDb = Number.NEGATIVE_INFINITY,
): Buffer {
  const frameBytes = frameMs * BYTES_PER_MS;
  const speechBytes = speech.length - (speech.length % 2);
  const total = Math.ceil((speechBytes + silenceMs * BYTES_PER_MS) / frameBytes) * frameBytes;
  const cycle = Buffer.alloc(total);
  speech.copy(cycle, 0, 0, speechBytes);
  if (!Number.isFinite(noiseDb)) return cycle;
  const n = total >> 1;
  const noise = new Float64Array(n);
  let seed = 0x2545f491;
  let y = 0;
  let energy = 0;
  for (let i = 0; i < n; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    y = 0.9 * y + ((seed >>> 0) / 0xffffffff - 0.5);
    noise[i] = y;
    energy += y * y;
  }
  const gain = (32768 * 10 ** (noiseDb / 20)) / Math.sqrt(energy / n);
  for (let i = 0; i < n; i++) {
    const x = cycle.readInt16LE(2 * i) + Math.round((noise[i] as number) * gain);
    cycle.writeInt16LE(Math.max(-32768, Math.min(32767, x)), 2 * i);
  }
  return cycle;
}

/**
 * Runs the same Silero VAD and segmenter as the service over `cycles` repetitions of the cycle,
 * pushed in the same frames a client sends, and records each decision: its audio time
 * (`atMs`, the end of the 32 ms window that confirmed a start or completed the silence) and
 * the boundary it reports. The service sees exactly this audio, so it decides at the same
 * audio times; the client times each decision from the frame that carried that window's end.
 * `silenceMs` is the silence that ends speech in the sessions (under `semantic_vad`, the one
 * the detector chooses at the end of the utterance).
 */
export async function vadTimeline(
  cycle: Buffer,
  cycles: number,
  frameMs: number,
  silenceMs?: number,
): Promise<VadTimeline> {
  const vad = await SileroVAD.load();
  try {
    const stream = new VADStream(vad, silenceMs !== undefined ? { silenceMs } : {});
    const timeline: VadTimeline = {
      frameMs,
      cycleMs: cycle.length / BYTES_PER_MS,
      started: [],
      stopped: [],
    };
    const reading = (async () => {
      for await (const e of stream) {
        if (e.type === 'speech_started')
          timeline.started.push({ startMs: e.startMs, atMs: e.atMs });
        else if (e.type === 'speech_stopped')
          timeline.stopped.push({ endMs: e.endMs, atMs: e.atMs });
        else throw new Error(`VAD failed during calibration: ${e.message}`);
      }
    })();
    const frameBytes = frameMs * BYTES_PER_MS;
    for (let c = 0; c < cycles; c++) {
      for (let off = 0; off < cycle.length; off += frameBytes) {
        stream.pushAudio(cycle.subarray(off, off + frameBytes));
      }
      await stream.drain(); // bounded memory: one cycle of windows in flight at a time
    }
    // Decisions only: closing the stream must not add a speech_stopped at the end of the audio.
    stream.close();
    await reading;
    return timeline;
  } finally {
    await vad.close();
  }
}
