/**
 * Test doubles of the Speech SDK's recognizer and synthesizer and of an Entra ID credential.
 * They implement the SDK surface the adapters use and raise the SDK's own event and result
 * classes, so the adapters run unchanged against them, with no account and no network.
 */
import {
  CancellationErrorCode,
  CancellationReason,
  ResultReason,
  SessionEventArgs,
  SpeechRecognitionCanceledEventArgs,
  SpeechRecognitionEventArgs,
  SpeechRecognitionResult,
  SpeechSynthesisBoundaryType,
  SpeechSynthesisEventArgs,
  SpeechSynthesisResult,
  SpeechSynthesisWordBoundaryEventArgs,
} from 'microsoft-cognitiveservices-speech-sdk';
import type { SpeechConfig } from 'microsoft-cognitiveservices-speech-sdk';
import type { AccessToken, GetTokenOptions, TokenCredential } from '@azure/identity';
import type { RecognizerFactoryInput, SdkHandler, SpeechRecognizerLike } from './azure-stt.ts';
import type { SpeechSynthesizerLike } from './azure-tts.ts';

/** A well-formed Speech resource id. */
export const TEST_RESOURCE_ID =
  '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-voice/providers/Microsoft.CognitiveServices/accounts/speech-test';

/** Hands out `token-1`, `token-2`, … valid for `lifetimeMs`; can be told to fail or to hang. */
export class FakeCredential implements TokenCredential {
  calls = 0;
  readonly scopes: string[] = [];
  failWith: Error | undefined;
  /** Resolves pending requests by hand when set (to hold callers in a refresh). */
  gate: Promise<void> | undefined;

  constructor(
    public lifetimeMs = 60 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async getToken(scopes: string | string[], _options?: GetTokenOptions): Promise<AccessToken> {
    this.calls++;
    this.scopes.push(...(Array.isArray(scopes) ? scopes : [scopes]));
    const n = this.calls;
    if (this.gate) await this.gate;
    if (this.failWith) throw this.failWith;
    return { token: `token-${n}`, expiresOnTimestamp: this.now() + this.lifetimeMs };
  }
}

// The SDK's internal audio source interface (AudioConfigImpl), as its recognizers read it.
interface AudioSource {
  attach(id: string): Promise<{ read(): Promise<{ buffer: ArrayBuffer; isEnd: boolean }> }>;
}

let ids = 0;
const nextId = () => `id${++ids}`;
// Audio offsets and durations are in 100-ns ticks.
const TICKS_PER_MS = 10_000;

/**
 * A `SpeechRecognizer` double. Once started it reads its audio config the way the SDK does
 * (counting bytes, up to the end of the stream); tests script what the "service" answers with
 * `onStarted` and `onAudioEnd` (by default the end of audio just ends the session).
 */
export class FakeRecognizer implements SpeechRecognizerLike {
  recognizing?: SdkHandler<SpeechRecognitionEventArgs>;
  recognized?: SdkHandler<SpeechRecognitionEventArgs>;
  canceled?: SdkHandler<SpeechRecognitionCanceledEventArgs>;
  sessionStopped?: SdkHandler<SessionEventArgs>;
  /** Every token this recognizer was given, in order. */
  readonly tokens: string[] = [];
  readonly sessionId = nextId();
  bytes = 0;
  audioEnded = false;
  started = false;
  closed = false;
  startError: string | undefined;
  onStarted: (r: FakeRecognizer) => void = () => {};
  onAudioEnd: (r: FakeRecognizer) => void = (r) => r.endOfStream();
  private offsetMs = 0;

  constructor(readonly input: RecognizerFactoryInput) {
    this.tokens.push(input.speechConfig.authorizationToken);
  }

  get authorizationToken(): string {
    return this.tokens[this.tokens.length - 1] ?? '';
  }

  set authorizationToken(token: string) {
    this.tokens.push(token);
  }

  get speechConfig(): SpeechConfig {
    return this.input.speechConfig;
  }

  startContinuousRecognitionAsync(cb?: () => void, err?: (e: string) => void): void {
    setImmediate(() => {
      if (this.startError) {
        err?.(this.startError);
        return;
      }
      this.started = true;
      void this.consumeAudio();
      cb?.();
      this.onStarted(this);
    });
  }

  // Reads the audio config as the SDK does (through its audio source node), up to the end of
  // the stream, then lets the script answer.
  private async consumeAudio(): Promise<void> {
    const source = this.input.audioConfig as unknown as AudioSource;
    const node = await source.attach(nextId());
    for (;;) {
      const chunk = await node.read();
      if (this.closed) return;
      if (chunk.isEnd) break;
      this.bytes += chunk.buffer.byteLength;
    }
    this.audioEnded = true;
    if (!this.closed) this.onAudioEnd(this);
  }

  close(cb?: () => void): void {
    if (this.closed) throw new Error('the object is already disposed');
    this.closed = true;
    cb?.();
  }

  /** An interim hypothesis (`recognizing`). */
  hypothesis(text: string, language?: string): void {
    const result = this.result(ResultReason.RecognizingSpeech, text, language);
    this.recognizing?.(this as never, new SpeechRecognitionEventArgs(result, 0, this.sessionId));
  }

  /** A finished segment (`recognized`), 1 s of audio. */
  phrase(text: string, language?: string): void {
    const result = this.result(ResultReason.RecognizedSpeech, text, language, 1000);
    this.offsetMs += 1000;
    this.recognized?.(this as never, new SpeechRecognitionEventArgs(result, 0, this.sessionId));
  }

  /** Audio with nothing recognisable in it. */
  noMatch(): void {
    const result = this.result(ResultReason.NoMatch, '', undefined);
    this.recognized?.(this as never, new SpeechRecognitionEventArgs(result, 0, this.sessionId));
  }

  /** A failure (`canceled` with reason Error). */
  fail(
    details = 'WebSocket upgrade failed',
    code: CancellationErrorCode = CancellationErrorCode.ConnectionFailure,
  ): void {
    this.canceled?.(
      this as never,
      new SpeechRecognitionCanceledEventArgs(
        CancellationReason.Error,
        details,
        code,
        0,
        this.sessionId,
      ),
    );
  }

  /** What the SDK raises once the service has answered for all the audio. */
  endOfStream(): void {
    this.canceled?.(
      this as never,
      new SpeechRecognitionCanceledEventArgs(
        CancellationReason.EndOfStream,
        '',
        CancellationErrorCode.NoError,
        0,
        this.sessionId,
      ),
    );
    this.sessionStopped?.(this as never, new SessionEventArgs(this.sessionId));
  }

  private result(
    reason: ResultReason,
    text: string,
    language: string | undefined,
    durationMs = 0,
  ): SpeechRecognitionResult {
    return new SpeechRecognitionResult(
      nextId(),
      reason,
      text,
      durationMs * TICKS_PER_MS,
      this.offsetMs * TICKS_PER_MS,
      language,
      language ? 'High' : undefined,
    );
  }
}

/** What a {@link FakeSynthesizer} does with one `speakSsmlAsync`. */
export type SynthesisScript = (s: FakeSynthesizer, ssml: string) => void;

/**
 * A `SpeechSynthesizer` double. Each `speakSsmlAsync` runs `script` (by default: the audio of
 * `audio` in three chunks, 2 ms apart, then completion).
 */
export class FakeSynthesizer implements SpeechSynthesizerLike {
  synthesizing?: SdkHandler<SpeechSynthesisEventArgs>;
  wordBoundary?: SdkHandler<SpeechSynthesisWordBoundaryEventArgs>;
  readonly tokens: string[] = [];
  readonly requests: string[] = [];
  closed = false;
  private pending:
    | { cb?: (r: SpeechSynthesisResult) => void; err?: (e: string) => void; audio: Buffer[] }
    | undefined;

  constructor(
    readonly speechConfig: SpeechConfig,
    public script: SynthesisScript,
  ) {
    this.tokens.push(speechConfig.authorizationToken);
  }

  get authorizationToken(): string {
    return this.tokens[this.tokens.length - 1] ?? '';
  }

  set authorizationToken(token: string) {
    this.tokens.push(token);
  }

  speakSsmlAsync(
    ssml: string,
    cb?: (result: SpeechSynthesisResult) => void,
    err?: (e: string) => void,
  ): void {
    if (this.closed) throw new Error('the object is already disposed');
    if (this.pending) throw new Error('FakeSynthesizer: one synthesis at a time');
    this.requests.push(ssml);
    this.pending = { audio: [], ...(cb ? { cb } : {}), ...(err ? { err } : {}) };
    this.script(this, ssml);
  }

  close(cb?: () => void): void {
    if (this.closed) throw new Error('the object is already disposed');
    this.closed = true;
    this.pending = undefined;
    cb?.();
  }

  /** Whether a synthesis is in progress. */
  get busy(): boolean {
    return this.pending !== undefined;
  }

  /** A chunk of audio (`synthesizing`). */
  audio(pcm: Buffer): void {
    if (!this.pending || this.closed) return;
    this.pending.audio.push(pcm);
    const data = new Uint8Array(pcm).buffer;
    const result = new SpeechSynthesisResult(nextId(), ResultReason.SynthesizingAudio, data);
    this.synthesizing?.(this as never, new SpeechSynthesisEventArgs(result));
  }

  /** A word boundary; offsets in ms (the SDK's are ticks). */
  word(
    text: string,
    textOffset: number,
    audioOffsetMs: number,
    durationMs = 200,
    type = SpeechSynthesisBoundaryType.Word,
  ): void {
    if (!this.pending || this.closed) return;
    this.wordBoundary?.(
      this as never,
      new SpeechSynthesisWordBoundaryEventArgs(
        audioOffsetMs * TICKS_PER_MS,
        durationMs * TICKS_PER_MS,
        text,
        text.length,
        textOffset,
        type,
      ),
    );
  }

  /** The synthesis finished. */
  complete(): void {
    const p = this.pending;
    if (!p || this.closed) return;
    this.pending = undefined;
    const all = Buffer.concat(p.audio);
    p.cb?.(
      new SpeechSynthesisResult(
        nextId(),
        ResultReason.SynthesizingAudioCompleted,
        new Uint8Array(all).buffer,
      ),
    );
  }

  /** The service cancelled the synthesis. */
  cancel(details: string): void {
    const p = this.pending;
    if (!p || this.closed) return;
    this.pending = undefined;
    p.cb?.(new SpeechSynthesisResult(nextId(), ResultReason.Canceled, undefined, details));
  }
}

/** A script that sends `pcm` in `parts` chunks, `gapMs` apart, then completes. */
export function streamAudio(pcm: Buffer, parts = 3, gapMs = 2): SynthesisScript {
  return (s) => {
    const size = Math.ceil(pcm.length / parts);
    let i = 0;
    const tick = () => {
      if (s.closed || !s.busy) return;
      if (i >= pcm.length) {
        s.complete();
        return;
      }
      s.audio(pcm.subarray(i, i + size));
      i += size;
      setTimeout(tick, gapMs);
    };
    setTimeout(tick, gapMs);
  };
}
