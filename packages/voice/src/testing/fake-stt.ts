import { VoiceError } from '../errors.ts';
import type { VoiceErrorCode } from '../errors.ts';
import { BaseSTTStream } from '../providers/stt/stt.ts';
import type { STT, STTStream, STTStreamOptions, UtteranceResult } from '../providers/stt/stt.ts';

/**
 * One scripted utterance: its final text (or an error), optional partials, and optionally how
 * long the recogniser takes to answer after the utterance ends.
 */
export type ScriptedUtterance =
  | string
  | { text: string; partials?: string[]; languages?: string[]; delayMs?: number }
  | { error: VoiceErrorCode; message?: string };

/**
 * A scripted recogniser for tests: each utterance (audio then `flush()`) takes the next
 * scripted result, whatever the audio. An utterance beyond the script is an error, so a test
 * notices unexpected recognitions.
 */
export class FakeSTT implements STT {
  readonly provider = 'fake';
  readonly languages: readonly string[] = ['en-US', 'ar-SA'];
  readonly partials = true;
  /** Audio bytes received per utterance, in order. */
  readonly received: number[] = [];

  constructor(private readonly script: ScriptedUtterance[]) {}

  stream(options: STTStreamOptions = {}): STTStream {
    return new FakeSTTStream(this, options);
  }

  async close(): Promise<void> {}

  /** @internal */
  next(): ScriptedUtterance | undefined {
    return this.script.shift();
  }
}

class FakeSTTStream extends BaseSTTStream {
  private bytes = 0;
  private current: ScriptedUtterance | undefined;

  constructor(
    private readonly stt: FakeSTT,
    options: STTStreamOptions,
  ) {
    super(options.languages?.[0] ?? 'en-US', options);
  }

  protected async beginUtterance(): Promise<void> {
    this.bytes = 0;
    this.current = this.stt.next();
    if (this.current === undefined) {
      throw new VoiceError('internal_error', 'FakeSTT: unexpected utterance (script exhausted)');
    }
    if (typeof this.current === 'object' && 'partials' in this.current) {
      for (const p of this.current.partials ?? []) this.emitPartial(p);
    }
  }

  protected writeAudio(pcm16k: Buffer): void {
    this.bytes += pcm16k.length;
  }

  protected async endUtterance(): Promise<UtteranceResult> {
    this.stt.received.push(this.bytes);
    const u = this.current;
    this.current = undefined;
    if (u === undefined) return { text: '' };
    if (typeof u === 'string') return { text: u };
    if ('delayMs' in u && u.delayMs) await new Promise((r) => setTimeout(r, u.delayMs));
    if ('error' in u) {
      throw new VoiceError(u.error, u.message ?? `scripted ${u.error}`);
    }
    return { text: u.text, ...(u.languages ? { languages: u.languages } : {}) };
  }

  protected cancelUtterance(): void {
    this.current = undefined;
  }
}
