import { VoiceError } from '../errors.ts';
import type { VoiceErrorCode } from '../errors.ts';
import { BaseSTTStream } from '../providers/stt/stt.ts';
import type {
  DecodedHypothesis,
  STT,
  STTStream,
  STTStreamOptions,
  UtteranceResult,
} from '../providers/stt/stt.ts';

/** Words the recogniser has once `atMs` of the utterance's audio has arrived. */
export interface TimedWords {
  atMs: number;
  text: string;
  /** How sure it is of the last word, given with a hypothesis on request. */
  confidence?: number;
}

/**
 * One scripted utterance: its final text (or an error), optional partials, and optionally how
 * long the recogniser takes to answer after the utterance ends. `timeline` gives partials by
 * audio time (each once the utterance's audio reaches its `atMs`), and the answer of
 * `hypothesis()` (the last entry reached), unless `decodesOnRequest` is false.
 */
export type ScriptedUtterance =
  | string
  | {
      text: string;
      partials?: string[];
      timeline?: TimedWords[];
      decodesOnRequest?: boolean;
      languages?: string[];
      delayMs?: number;
    }
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
    const before = this.heard();
    this.bytes += pcm16k.length;
    const now = this.heard();
    if (now && now !== before) this.emitPartial(now.text);
  }

  protected override currentHypothesis(): Promise<DecodedHypothesis | null> | null {
    const u = this.current;
    if (typeof u !== 'object' || !('timeline' in u) || u.decodesOnRequest === false) return null;
    const words = this.heard();
    return Promise.resolve({
      text: words?.text ?? '',
      ...(words?.confidence === undefined ? {} : { confidence: words.confidence }),
    });
  }

  // The last timeline entry the audio has reached.
  private heard(): TimedWords | undefined {
    const u = this.current;
    if (typeof u !== 'object' || !('timeline' in u)) return undefined;
    const ms = this.bytes / 32;
    return u.timeline?.filter((w) => w.atMs <= ms).at(-1);
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
