import { pcm16BytesForMs } from '../audio/pcm.ts';
import { TTS_SAMPLE_RATE } from '../providers/tts/tts.ts';
import type { SynthesizeOptions, TTS } from '../providers/tts/tts.ts';

/** Options of {@link FakeTTS}. */
export interface FakeTTSOptions {
  /** Audio per character of text. */
  msPerChar?: number;
  /** Size of each chunk. */
  chunkMs?: number;
  /** Real time between chunks (0: as fast as read). */
  delayMs?: number;
}

/**
 * A synthesiser for tests: a quiet 220 Hz tone, `msPerChar` per character, in even chunks,
 * optionally paced; it records every request and honours abort between chunks.
 */
export class FakeTTS implements TTS {
  readonly provider = 'fake';
  readonly requests: { text: string; options: SynthesizeOptions }[] = [];

  constructor(private readonly options: FakeTTSOptions = {}) {}

  async *synthesize(text: string, options: SynthesizeOptions = {}): AsyncIterable<Buffer> {
    this.requests.push({ text, options });
    const { msPerChar = 60, chunkMs = 100, delayMs = 0 } = this.options;
    const total = pcm16BytesForMs(text.length * msPerChar, TTS_SAMPLE_RATE);
    const chunk = pcm16BytesForMs(chunkMs, TTS_SAMPLE_RATE);
    let sample = 0;
    for (let sent = 0; sent < total; sent += chunk) {
      if (options.signal?.aborted) return;
      const n = Math.min(chunk, total - sent);
      const buf = Buffer.alloc(n);
      for (let i = 0; i < n; i += 2) {
        buf.writeInt16LE(
          Math.round(3000 * Math.sin((2 * Math.PI * 220 * sample++) / TTS_SAMPLE_RATE)),
          i,
        );
      }
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      if (options.signal?.aborted) return;
      yield buf;
    }
  }
}
