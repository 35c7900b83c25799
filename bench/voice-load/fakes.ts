// Fast vendor doubles for the load benchmark, so that the service itself is measured: a
// scripted recogniser, a latency-configurable LLM and a synthesiser of fixed-length audio.
import { setTimeout as sleep } from 'node:timers/promises';
import { OfflineLLM, type ChatEvent, type ChatRequest, type LLM } from '@hikma/llm';
import { BaseSTTStream } from '../../packages/voice/src/providers/stt/stt.ts';
import type {
  STT,
  STTStream,
  STTStreamOptions,
} from '../../packages/voice/src/providers/stt/stt.ts';
import type { UtteranceResult } from '../../packages/voice/src/providers/stt/stt.ts';
import { TTS_SAMPLE_RATE } from '../../packages/voice/src/providers/tts/tts.ts';
import type { SynthesizeOptions, TTS } from '../../packages/voice/src/providers/tts/tts.ts';

/**
 * Recognises every utterance as the same text, `delayMs` after its end. With `partialEveryMs`,
 * a partial transcript one word longer follows every `partialEveryMs` of the utterance's audio
 * (as PocketSphinx gives one every 300 ms), which is what `semantic_vad` reads.
 */
export class ScriptedSTT implements STT {
  readonly provider = 'bench-scripted';
  readonly languages: readonly string[] = ['en-US'];
  readonly partials: boolean;

  constructor(
    private readonly text: string,
    private readonly delayMs = 0,
    private readonly partialEveryMs = 0,
  ) {
    this.partials = partialEveryMs > 0;
  }

  stream(options: STTStreamOptions = {}): STTStream {
    return new ScriptedSTTStream(this.text, this.delayMs, this.partialEveryMs, options);
  }

  async close(): Promise<void> {}
}

class ScriptedSTTStream extends BaseSTTStream {
  private readonly words: string[];
  private readonly partialBytes: number;
  private bytes = 0;
  private heard = 0;

  constructor(
    private readonly text: string,
    private readonly delayMs: number,
    partialEveryMs: number,
    options: STTStreamOptions,
  ) {
    super('en-US', options);
    this.words = text.split(' ');
    this.partialBytes = partialEveryMs * 32;
  }

  protected async beginUtterance(): Promise<void> {
    this.bytes = 0;
    this.heard = 0;
  }

  protected writeAudio(pcm16k: Buffer): void {
    if (this.partialBytes === 0) return;
    this.bytes += pcm16k.length;
    while (this.bytes >= this.partialBytes) {
      this.bytes -= this.partialBytes;
      if (this.heard < this.words.length) this.heard++;
      this.emitPartial(this.words.slice(0, this.heard).join(' '));
    }
  }

  protected async endUtterance(signal: AbortSignal): Promise<UtteranceResult> {
    if (this.delayMs > 0) await sleep(this.delayMs, undefined, { signal });
    return { text: this.text };
  }

  protected cancelUtterance(): void {}
}

/** The offline LLM, with an optional delay before its first event (a vendor's time to first token). */
export class DelayedLLM implements LLM {
  readonly provider = 'bench-offline';
  private readonly inner = new OfflineLLM();

  constructor(private readonly firstTokenMs = 0) {}

  get defaultModel(): string {
    return this.inner.defaultModel;
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    if (this.firstTokenMs > 0) {
      const aborted = await sleep(this.firstTokenMs, false, { signal: request.signal }).catch(
        () => true,
      );
      if (aborted) {
        yield { type: 'done', finishReason: 'cancelled' };
        return;
      }
    }
    yield* this.inner.stream(request);
  }
}

/** Synthesises `sentenceMs` of a quiet tone per call (one sentence), `delayMs` after the call. */
export class FixedLengthTTS implements TTS {
  readonly provider = 'bench-fixed';
  private readonly chunk: Buffer;
  private readonly chunks: number;
  private readonly delayMs: number;

  constructor(options: { sentenceMs?: number; delayMs?: number; chunkMs?: number } = {}) {
    const { sentenceMs = 1000, chunkMs = 100 } = options;
    this.delayMs = options.delayMs ?? 0;
    this.chunks = Math.max(1, Math.round(sentenceMs / chunkMs));
    const samples = (TTS_SAMPLE_RATE * chunkMs) / 1000;
    // Every chunk is the same buffer: the session copies it into its frame, and generating a
    // tone per chunk would add our own cost to the service's.
    this.chunk = Buffer.alloc(samples * 2);
    for (let i = 0; i < samples; i++) {
      this.chunk.writeInt16LE(
        Math.round(2000 * Math.sin((2 * Math.PI * 240 * i) / TTS_SAMPLE_RATE)),
        i * 2,
      );
    }
  }

  async *synthesize(_text: string, options: SynthesizeOptions = {}): AsyncIterable<Buffer> {
    if (this.delayMs > 0) {
      const aborted = await sleep(this.delayMs, false, { signal: options.signal }).catch(
        () => true,
      );
      if (aborted) return;
    }
    for (let i = 0; i < this.chunks; i++) {
      if (options.signal?.aborted) return;
      yield this.chunk;
    }
  }
}
