import { pcm16DurationMs } from '../audio/pcm.ts';

/**
 * The last few seconds of a session's input audio with their timestamps, so an utterance
 * can be recognised from where the VAD dates its start (before the VAD confirmed it), and
 * `input_audio.commit` can hand over audio the VAD did not treat as speech.
 */
export class AudioHistory {
  private chunks: { startMs: number; pcm: Buffer }[] = [];
  private totalMs = 0;
  /** Audio before this time is not handed out again (it belonged to an earlier turn). */
  private floorMs = 0;

  constructor(private readonly keepMs = 10_000) {}

  /** Audio time received so far. */
  get endMs(): number {
    return this.totalMs;
  }

  push(pcm: Buffer): void {
    this.chunks.push({ startMs: this.totalMs, pcm });
    this.totalMs += pcm16DurationMs(pcm.length);
    const keepFrom = this.totalMs - this.keepMs;
    while (this.chunks.length > 1 && this.chunks[1]!.startMs <= keepFrom) this.chunks.shift();
  }

  /** The audio from `fromMs` (clamped to what is kept and to the floor) to now. */
  since(fromMs: number): Buffer {
    const from = Math.max(fromMs, this.floorMs);
    const parts: Buffer[] = [];
    for (const { startMs, pcm } of this.chunks) {
      const endMs = startMs + pcm16DurationMs(pcm.length);
      if (endMs <= from) continue;
      if (startMs >= from) parts.push(pcm);
      else {
        const skip = Math.floor(((from - startMs) * 16000) / 1000) * 2;
        parts.push(pcm.subarray(skip));
      }
    }
    return Buffer.concat(parts);
  }

  /** Marks everything received so far as used. */
  consume(): void {
    this.floorMs = this.totalMs;
  }
}
