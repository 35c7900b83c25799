import { Resampler } from '../../audio/resample.ts';
import { pcm16BytesForMs } from '../../audio/pcm.ts';
import { splitSentences } from './split-sentences.ts';

/** Sample rate of every synthesiser's output (the protocol's server-to-client format). */
export const TTS_SAMPLE_RATE = 24000;

/** Options of one synthesis. */
export interface SynthesizeOptions {
  /** Voice name (engine-specific; an embedded engine may be named as `engine/voice`). */
  voice?: string;
  /** Locale of the text, when known. */
  language?: string;
  /** The session's locales, most preferred first. */
  languages?: readonly string[];
  /** Aborting stops synthesis promptly; the iteration then ends without an error. */
  signal?: AbortSignal;
  /**
   * Called with each word's position in the text and in the audio, by engines that report
   * word boundaries (Azure Speech); used to tell exactly what was heard at a barge-in.
   */
  onWordBoundary?: (e: {
    textOffset: number;
    wordLength: number;
    audioOffsetMs: number;
    durationMs?: number;
  }) => void;
}

/** A speech synthesiser. */
export interface TTS {
  readonly provider: string;
  /** PCM16LE 24 kHz mono chunks as they become ready; throws `tts_unavailable` on failure. */
  synthesize(text: string, options?: SynthesizeOptions): AsyncIterable<Buffer>;
}

/** Audio an engine produced at its own rate. */
export interface NativeAudio {
  sampleRate: number;
  pcm: Buffer;
}

/** Common options of the embedded engines. */
export interface EmbeddedEngineOptions {
  /** Size of the chunks yielded, in ms of audio. */
  chunkMs?: number;
  /** Longest one sentence may take to synthesise before `tts_unavailable`. */
  timeoutMs?: number;
}

/**
 * The common work of an engine that renders text a sentence at a time at its own sample rate:
 * sentence splitting (so the first audio comes after the first sentence, not the whole text),
 * resampling to 24 kHz, even chunking and cancellation. An engine implements `render()`.
 */
export abstract class SentenceTTS implements TTS {
  abstract readonly provider: string;
  protected readonly chunkBytes: number;
  protected readonly timeoutMs: number;

  constructor(options: EmbeddedEngineOptions = {}) {
    this.chunkBytes = pcm16BytesForMs(options.chunkMs ?? 100, TTS_SAMPLE_RATE);
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  /** Renders one sentence as PCM16 at the engine's rate; stops quietly when `signal` aborts. */
  protected abstract render(
    sentence: string,
    options: SynthesizeOptions,
    signal: AbortSignal,
  ): AsyncIterable<NativeAudio>;

  async *synthesize(text: string, options: SynthesizeOptions = {}): AsyncIterable<Buffer> {
    // Our own controller also stops the engine when the reader breaks out of its loop.
    const controller = new AbortController();
    const outer = options.signal;
    const onAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) return;
    outer?.addEventListener('abort', onAbort, { once: true });
    const signal = controller.signal;
    try {
      for (const sentence of splitSentences(text)) {
        let resampler: Resampler | undefined;
        let pending = Buffer.alloc(0);
        for await (const audio of this.render(sentence, options, signal)) {
          if (signal.aborted) return;
          resampler ??= new Resampler(audio.sampleRate, TTS_SAMPLE_RATE);
          pending = Buffer.concat([pending, resampler.push(audio.pcm)]);
          while (pending.length >= this.chunkBytes) {
            yield pending.subarray(0, this.chunkBytes);
            if (signal.aborted) return;
            pending = pending.subarray(this.chunkBytes);
          }
        }
        if (signal.aborted) return;
        if (resampler) pending = Buffer.concat([pending, resampler.flush()]);
        if (pending.length > 0) yield pending;
      }
    } finally {
      outer?.removeEventListener('abort', onAbort);
      controller.abort();
    }
  }
}
