import {
  AudioConfig,
  AudioInputStream,
  AudioStreamFormat,
  AutoDetectSourceLanguageConfig,
  AutoDetectSourceLanguageResult,
  CancellationErrorCode,
  CancellationReason,
  LanguageIdMode,
  ProfanityOption,
  PropertyId,
  ResultReason,
  SpeechRecognizer,
} from 'microsoft-cognitiveservices-speech-sdk';
import type {
  PushAudioInputStream,
  SessionEventArgs,
  SpeechConfig,
  SpeechRecognitionCanceledEventArgs,
  SpeechRecognitionEventArgs,
  SpeechRecognitionResult,
} from 'microsoft-cognitiveservices-speech-sdk';
import { VoiceError, toVoiceError } from '../../errors.ts';
import { BaseSTTStream } from '../stt/stt.ts';
import type { STT, STTStream, STTStreamOptions, UtteranceResult } from '../stt/stt.ts';
import { createSpeechConfig, resolveSpeechConnection } from './speech-config.ts';
import type { AzureSpeechConnectionOptions, SpeechConnection } from './speech-config.ts';
import { abortable } from './speech-token.ts';

/** An SDK event handler; the sender is never used, and `never` lets the SDK's typed handlers fit. */
export type SdkHandler<E> = (sender: never, event: E) => void;

/** The part of the SDK's `SpeechRecognizer` this adapter uses (the seam for test doubles). */
export interface SpeechRecognizerLike {
  recognizing?: SdkHandler<SpeechRecognitionEventArgs>;
  recognized?: SdkHandler<SpeechRecognitionEventArgs>;
  canceled?: SdkHandler<SpeechRecognitionCanceledEventArgs>;
  sessionStopped?: SdkHandler<SessionEventArgs>;
  authorizationToken: string;
  startContinuousRecognitionAsync(cb?: () => void, err?: (e: string) => void): void;
  close(cb?: () => void, err?: (e: string) => void): void;
}

/** What a recognizer is built from. */
export interface RecognizerFactoryInput {
  speechConfig: SpeechConfig;
  audioConfig: AudioConfig;
  /** The push stream behind `audioConfig` (16 kHz 16-bit mono PCM); closed at the end of the utterance. */
  audioStream: PushAudioInputStream;
  /** Continuous language identification over the stream's locales; absent with one locale. */
  autoDetect: AutoDetectSourceLanguageConfig | undefined;
}

/** Builds a recognizer; the default is the SDK's own. */
export type RecognizerFactory = (input: RecognizerFactoryInput) => SpeechRecognizerLike;

/** The real SDK recognizer. */
export const createSdkRecognizer: RecognizerFactory = ({
  speechConfig,
  audioConfig,
  autoDetect,
}) =>
  autoDetect
    ? SpeechRecognizer.FromConfig(speechConfig, autoDetect, audioConfig)
    : new SpeechRecognizer(speechConfig, audioConfig);

/** Options of {@link AzureSpeechSTT}. */
export interface AzureSpeechSTTOptions extends AzureSpeechConnectionOptions {
  /** How profanity appears in results; the service default is `masked`. */
  profanity?: 'masked' | 'removed' | 'raw';
  /** Silence that splits segments inside an utterance (`Speech_SegmentationSilenceTimeoutMs`); service default when unset. */
  segmentationSilenceMs?: number;
  /** Longest wait after `flush()` for the recogniser's last result before `stt_unavailable`. */
  finalTimeoutMs?: number;
  /** Locale of a stream opened without `languages`. */
  language?: string;
  /** Locales advertised as `STT.languages` (Azure recognises many more; none is refused). */
  languages?: readonly string[];
  /** Builds recognizers (tests inject doubles); default: the SDK's `SpeechRecognizer`. */
  createRecognizer?: RecognizerFactory;
}

/** Azure allows at most this many candidate languages in continuous language identification. */
export const MAX_CONTINUOUS_LID_LANGUAGES = 10;

const DEFAULT_LANGUAGES = [
  'ar-SA', 'ar-EG', 'ar-AE', 'en-US', 'en-GB', 'fr-FR', 'de-DE', 'es-ES', 'it-IT', 'pt-BR',
  'tr-TR', 'fa-IR', 'ur-PK', 'hi-IN', 'zh-CN', 'ja-JP', 'ko-KR', 'ru-RU',
]; // prettier-ignore

const PROFANITY: Record<NonNullable<AzureSpeechSTTOptions['profanity']>, ProfanityOption> = {
  masked: ProfanityOption.Masked,
  removed: ProfanityOption.Removed,
  raw: ProfanityOption.Raw,
};

/**
 * Speech recognition with the Azure Speech SDK: continuous recognition from a push stream, with
 * continuous language identification over the session's locales (Arabic + English
 * code-switching). One recognition runs per utterance: it starts at the utterance's first audio
 * (the connection is made while the user speaks) and `flush()` closes its audio stream, so the
 * service delivers the results for all of it and then ends the session: that end, not a guess
 * about silence, marks the final. Speech quota is held only while someone speaks.
 */
export class AzureSpeechSTT implements STT {
  readonly provider = 'azure';
  readonly languages: readonly string[];
  readonly partials = true;
  private readonly settings: RecognitionSettings;
  private readonly connection: SpeechConnection;
  private readonly defaultLanguage: string;
  private readonly streams = new Set<AzureSpeechSTTStream>();

  constructor(options: AzureSpeechSTTOptions) {
    this.connection = resolveSpeechConnection(options);
    this.languages = options.languages ?? DEFAULT_LANGUAGES;
    this.settings = {
      connection: this.connection,
      createRecognizer: options.createRecognizer ?? createSdkRecognizer,
      finalTimeoutMs: options.finalTimeoutMs ?? 5000,
      ...(options.profanity ? { profanity: PROFANITY[options.profanity] } : {}),
      ...(options.segmentationSilenceMs !== undefined
        ? { segmentationSilenceMs: options.segmentationSilenceMs }
        : {}),
    };
    this.defaultLanguage = options.language ?? 'en-US';
  }

  stream(options: STTStreamOptions = {}): STTStream {
    const locales = candidateLocales(options.languages, this.defaultLanguage);
    const stream = new AzureSpeechSTTStream(this.settings, locales, options, (s) =>
      this.streams.delete(s),
    );
    this.streams.add(stream);
    return stream;
  }

  async close(): Promise<void> {
    for (const s of [...this.streams]) s.close();
    this.connection.ownsTokens?.close();
  }
}

/** The stream's locales: deduplicated, at most the LID limit, the default when none. */
export function candidateLocales(
  languages: readonly string[] | undefined,
  fallback: string,
): string[] {
  const out: string[] = [];
  for (const l of languages ?? []) {
    const locale = l.trim();
    if (locale && !out.some((o) => o.toLowerCase() === locale.toLowerCase())) out.push(locale);
  }
  if (out.length === 0) out.push(fallback);
  return out.slice(0, MAX_CONTINUOUS_LID_LANGUAGES);
}

interface RecognitionSettings {
  connection: SpeechConnection;
  createRecognizer: RecognizerFactory;
  finalTimeoutMs: number;
  profanity?: ProfanityOption;
  segmentationSilenceMs?: number;
}

/** One session's stream: utterances one after another, each with its own recognition. */
class AzureSpeechSTTStream extends BaseSTTStream {
  private recognition: Recognition | undefined;

  constructor(
    private readonly settings: RecognitionSettings,
    private readonly locales: string[],
    options: STTStreamOptions,
    private readonly onDispose: (s: AzureSpeechSTTStream) => void,
  ) {
    super(locales[0] as string, options);
  }

  // Never throws: a failure is kept and reported by endUtterance, i.e. as the answer to the
  // flush. An error emitted before the flush would leave BaseSTTStream's utterance open and
  // failed, and the session waits for one result per flush.
  protected async beginUtterance(): Promise<void> {
    this.recognition = new Recognition(this.settings, this.locales, (text, language) =>
      this.emitPartial(text, language),
    );
  }

  protected writeAudio(pcm16k: Buffer): void {
    this.recognition?.write(pcm16k);
  }

  protected async endUtterance(signal: AbortSignal): Promise<UtteranceResult> {
    const recognition = this.recognition;
    if (!recognition) return { text: '' };
    try {
      return await recognition.finish(signal);
    } finally {
      if (this.recognition === recognition) this.recognition = undefined;
    }
  }

  protected cancelUtterance(): void {
    const recognition = this.recognition;
    this.recognition = undefined;
    recognition?.release();
  }

  protected override dispose(): void {
    this.cancelUtterance();
    this.onDispose(this);
  }
}

interface Segment {
  text: string;
  language: string;
}

/** One utterance's continuous recognition: a push stream, a recognizer and the segments heard. */
class Recognition {
  private readonly audio: PushAudioInputStream;
  private readonly segments: Segment[] = [];
  private readonly ended: Promise<void>;
  private resolveEnded!: () => void;
  private recognizer: SpeechRecognizerLike | undefined;
  private detachToken: (() => void) | undefined;
  private failure: VoiceError | undefined;
  private lastLanguage: string;
  private inputClosed = false;
  private released = false;

  constructor(
    private readonly settings: RecognitionSettings,
    private readonly locales: string[],
    private readonly onPartial: (text: string, language: string) => void,
  ) {
    this.lastLanguage = locales[0] as string;
    this.audio = AudioInputStream.createPushStream(
      AudioStreamFormat.getWaveFormatPCM(16000, 16, 1),
    );
    this.ended = new Promise<void>((resolve) => (this.resolveEnded = resolve));
    // Audio written meanwhile waits in the push stream.
    this.open().catch((err: unknown) => this.fail(toVoiceError(err, 'stt_unavailable')));
  }

  write(pcm16k: Buffer): void {
    if (this.inputClosed || this.released || this.failure) return;
    // The SDK keeps the ArrayBuffer; a Buffer often views a larger shared one.
    this.audio.write(new Uint8Array(pcm16k).buffer);
  }

  /** Ends the audio and waits for the results that cover it. */
  async finish(signal: AbortSignal): Promise<UtteranceResult> {
    this.closeInput();
    const timeoutMs = this.settings.finalTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.fail(
          new VoiceError(
            'stt_unavailable',
            `Azure Speech gave no final result within ${timeoutMs} ms of the end of the utterance`,
          ),
        );
        resolve();
      }, timeoutMs);
    });
    try {
      await abortable(Promise.race([this.ended, timedOut]), signal);
    } finally {
      clearTimeout(timer);
      this.release();
    }
    if (this.failure) throw this.failure;
    const text = this.segments.map((s) => s.text).join(' ');
    const languages: string[] = [];
    for (const s of this.segments) if (!languages.includes(s.language)) languages.push(s.language);
    return { text, languages };
  }

  /** Stops recognition and frees the recognizer; late events are ignored. Idempotent. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.closeInput();
    this.detachToken?.();
    const recognizer = this.recognizer;
    this.recognizer = undefined;
    if (recognizer) {
      recognizer.recognizing = recognizer.recognized = undefined;
      recognizer.canceled = undefined;
      recognizer.sessionStopped = undefined;
      try {
        recognizer.close(undefined, () => {});
      } catch {
        // already closed
      }
    }
    this.resolveEnded();
  }

  private async open(): Promise<void> {
    const { connection, createRecognizer } = this.settings;
    const token = await connection.tokens.getToken({ errorCode: 'stt_unavailable' });
    if (this.released) return;
    const speechConfig = createSpeechConfig(connection, token);
    if (this.settings.profanity !== undefined) speechConfig.setProfanity(this.settings.profanity);
    if (this.settings.segmentationSilenceMs !== undefined) {
      speechConfig.setProperty(
        PropertyId.Speech_SegmentationSilenceTimeoutMs,
        String(this.settings.segmentationSilenceMs),
      );
    }
    let autoDetect: AutoDetectSourceLanguageConfig | undefined;
    if (this.locales.length === 1) {
      speechConfig.speechRecognitionLanguage = this.locales[0] as string;
    } else {
      autoDetect = AutoDetectSourceLanguageConfig.fromLanguages(this.locales);
      autoDetect.mode = LanguageIdMode.Continuous;
      speechConfig.setProperty(PropertyId.SpeechServiceConnection_LanguageIdMode, 'Continuous');
    }
    const recognizer = createRecognizer({
      speechConfig,
      audioConfig: AudioConfig.fromStreamInput(this.audio),
      audioStream: this.audio,
      autoDetect,
    });
    this.recognizer = recognizer;
    this.detachToken = connection.tokens.attach(recognizer);
    recognizer.recognizing = (_s, e) => this.onRecognizing(e.result);
    recognizer.recognized = (_s, e) => this.onRecognized(e.result);
    recognizer.canceled = (_s, e) => this.onCanceled(e);
    recognizer.sessionStopped = () => this.resolveEnded();
    await new Promise<void>((resolve, reject) =>
      recognizer.startContinuousRecognitionAsync(resolve, (e) =>
        reject(new VoiceError('stt_unavailable', `Azure Speech recognition did not start: ${e}`)),
      ),
    );
  }

  private onRecognizing(result: SpeechRecognitionResult): void {
    const text = result.text?.trim();
    if (this.released || !text) return;
    const language = this.languageOf(result);
    this.onPartial(this.joined(text), language);
  }

  private onRecognized(result: SpeechRecognitionResult): void {
    const text = result.text?.trim();
    if (this.released || result.reason !== ResultReason.RecognizedSpeech || !text) return;
    const language = this.languageOf(result);
    this.segments.push({ text, language });
    this.onPartial(this.joined(), language);
  }

  private onCanceled(e: SpeechRecognitionCanceledEventArgs): void {
    if (this.released) return;
    if (e.reason === CancellationReason.EndOfStream) {
      this.resolveEnded();
      return;
    }
    const code = CancellationErrorCode[e.errorCode] ?? String(e.errorCode);
    this.fail(
      new VoiceError(
        'stt_unavailable',
        `Azure Speech recognition cancelled (${code}): ${e.errorDetails ?? ''}`.trim(),
      ),
    );
  }

  private fail(err: VoiceError): void {
    this.failure ??= err;
    this.closeInput();
    this.resolveEnded();
  }

  // The whole hypothesis so far: finished segments, then the one in progress.
  private joined(current?: string): string {
    const parts = this.segments.map((s) => s.text);
    if (current) parts.push(current);
    return parts.join(' ');
  }

  // The locale continuous LID assigned to a segment, as the session spelled it.
  private languageOf(result: SpeechRecognitionResult): string {
    // fromResult throws when the result carries no language (one-locale recognition).
    const detected = result.language
      ? AutoDetectSourceLanguageResult.fromResult(result).language
      : undefined;
    if (detected && detected.toLowerCase() !== 'unknown') {
      const own = this.locales.find((l) => l.toLowerCase() === detected.toLowerCase());
      this.lastLanguage = own ?? detected;
    }
    return this.lastLanguage;
  }

  private closeInput(): void {
    if (this.inputClosed) return;
    this.inputClosed = true;
    try {
      this.audio.close();
    } catch {
      // already closed
    }
  }
}
