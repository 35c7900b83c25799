import { RetryError, retrying } from '@hikma/llm';
import { z } from 'zod';
import { pcm16DurationMs } from '../../audio/pcm.ts';
import { VoiceError } from '../../errors.ts';
import { BaseSTTStream } from '../stt/stt.ts';
import type { STT, STTStream, STTStreamOptions, UtteranceResult } from '../stt/stt.ts';
import { Attempt, OpenAIHttp, RequestFailure, readBody } from './http.ts';
import type { OpenAIHttpOptions } from './http.ts';
import { WAV_HEADER_BYTES, wavHeader } from './wav-writer.ts';
import { WHISPER_LOCALES, requestLanguage, transcriptLocales } from './whisper-languages.ts';

/** Options of {@link OpenAITranscriptionSTT}. */
export interface OpenAITranscriptionSTTOptions extends OpenAIHttpOptions {
  /** `model` of the request (servers map it to a Whisper size, e.g. `Systran/faster-whisper-small`). */
  model?: string;
  /** Whisper's `prompt`: vocabulary and spelling hints (names, products). */
  prompt?: string;
  /** Longest one attempt (upload, recognition, answer) may take. */
  timeoutMs?: number;
  /** Largest WAV upload; longer utterances fail with a clear error (Whisper accepts 25 MB). */
  maxUploadBytes?: number;
  /** Shorter utterances give an empty final without a request (OpenAI refuses < 100 ms). */
  minAudioMs?: number;
  /** Locales advertised as recognisable (default: one per language of the mapping table). */
  languages?: readonly string[];
}

/** What a transcription is, as the adapter understood the server's answer. */
export interface Transcription {
  text: string;
  /** Locales heard, in order (see {@link transcriptLocales}). */
  languages: string[];
  /** The language as the server reported it (`english`, `ar`, ...), if it did. */
  reportedLanguage?: string;
}

// verbose_json as OpenAI documents it; servers differ in what else they send (and some send
// only `text`), so everything but `text` is optional and unknown fields are kept.
const VerboseJson = z.looseObject({
  text: z.string().optional(),
  language: z.string().nullish(),
  segments: z
    .array(z.looseObject({ text: z.string().nullish(), language: z.string().nullish() }))
    .nullish(),
});

const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/**
 * Recognition with an OpenAI-compatible `POST /audio/transcriptions` (OpenAI, faster-whisper
 * servers, whisper.cpp's OpenAI mode, vLLM, LocalAI): each utterance is collected, uploaded as
 * a 16 kHz mono WAV when it ends and answered in one final (no partials).
 */
export class OpenAITranscriptionSTT implements STT {
  readonly provider = 'openai';
  readonly languages: readonly string[];
  readonly partials = false;
  /** @internal */ readonly maxUploadBytes: number;
  /** @internal */ readonly minAudioMs: number;
  private readonly http: OpenAIHttp;
  private readonly model: string;
  private readonly prompt: string | undefined;
  private readonly timeoutMs: number;
  private readonly streams = new Set<STTStream>();

  constructor(options: OpenAITranscriptionSTTOptions) {
    this.http = new OpenAIHttp(options, 'speech recognition');
    this.model = options.model ?? 'whisper-1';
    this.prompt = options.prompt;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxUploadBytes = options.maxUploadBytes ?? 25_000_000;
    this.minAudioMs = options.minAudioMs ?? 100;
    this.languages = options.languages ?? WHISPER_LOCALES;
  }

  stream(options: STTStreamOptions = {}): STTStream {
    const stream = new TranscriptionStream(this, options, () => this.streams.delete(stream));
    this.streams.add(stream);
    return stream;
  }

  /** Closes every open stream (their requests are aborted). */
  async close(): Promise<void> {
    for (const stream of [...this.streams]) stream.close();
  }

  /**
   * Transcribes one utterance of PCM16LE 16 kHz mono (given as chunks, to avoid a copy).
   * Retries 408/429/5xx and connection failures; throws `stt_unavailable` when it gives up.
   */
  async transcribe(
    pcm16k: readonly Buffer[],
    options: { languages?: readonly string[]; signal?: AbortSignal } = {},
  ): Promise<Transcription> {
    const sessionLocales = options.languages ?? [];
    const bytes = pcm16k.reduce((n, b) => n + b.length, 0);
    const form = new FormData();
    const wav = new Blob([wavHeader(bytes), ...pcm16k], { type: 'audio/wav' });
    form.append('file', wav, 'utterance.wav');
    form.append('model', this.model);
    form.append('response_format', 'verbose_json');
    // With one session language, telling Whisper saves its detection and its mistakes; with
    // several (code-switching), it must detect.
    const only = sessionLocales.length === 1 ? requestLanguage(sessionLocales[0] ?? '') : undefined;
    if (only) form.append('language', only);
    if (this.prompt) form.append('prompt', this.prompt);

    const answer = await this.post(form, options.signal);
    const text = (answer.text ?? answer.segments?.map((s) => s.text ?? '').join('') ?? '').trim();
    const segmentLanguages = (answer.segments ?? []).map((s) => s.language).filter(Boolean);
    // A server that does not report the language was told it (`only`), if anyone was.
    const reported = segmentLanguages.length > 0 ? segmentLanguages : [answer.language ?? only];
    return {
      text,
      languages: transcriptLocales(text, reported, sessionLocales),
      ...(answer.language ? { reportedLanguage: answer.language } : {}),
    };
  }

  private async post(form: FormData, signal?: AbortSignal): Promise<z.infer<typeof VerboseJson>> {
    try {
      return await retrying(async () => {
        const attempt = new Attempt(signal, this.timeoutMs);
        try {
          const res = await this.http.open(
            '/audio/transcriptions',
            { body: form, headers: { accept: 'application/json' } },
            attempt,
          );
          const body = (await readBody(res, MAX_RESPONSE_BYTES, attempt.signal)).toString('utf8');
          return parseAnswer(body, res.headers.get('content-type'));
        } catch (err) {
          throw this.http.failure(err, attempt); // the caller's abort passes through unchanged
        } finally {
          attempt.close();
        }
      }, this.http.retryOptions(signal));
    } catch (err) {
      if (!(err instanceof RetryError)) throw err;
      const failure = err.failure as RequestFailure;
      const tries = err.attempts > 1 ? ` (after ${err.attempts} attempts)` : '';
      throw new VoiceError('stt_unavailable', `${failure.message}${tries}`, { cause: failure });
    }
  }
}

// `text`/`srt` answers from servers that ignore response_format are taken as the text itself.
function parseAnswer(body: string, contentType: string | null): z.infer<typeof VerboseJson> {
  if (!/json/i.test(contentType ?? '') && !/^\s*\{/.test(body)) return { text: body };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new RequestFailure('response', 'speech recognition server sent invalid JSON');
  }
  const parsed = VerboseJson.safeParse(json);
  if (!parsed.success || (parsed.data.text === undefined && !parsed.data.segments)) {
    throw new RequestFailure('response', 'speech recognition server sent no transcription text');
  }
  return parsed.data;
}

/** One session's recognition: audio is collected per utterance and sent when it ends. */
class TranscriptionStream extends BaseSTTStream {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private readonly locales: readonly string[];

  constructor(
    private readonly stt: OpenAITranscriptionSTT,
    options: STTStreamOptions,
    private readonly onDispose: () => void,
  ) {
    super(options.languages?.[0] ?? 'en-US', options);
    this.locales = options.languages ?? [];
  }

  /** Copies the frame now: the base runs `writeAudio` later, when a caller may have reused it. */
  override pushAudio(pcm16k: Buffer): void {
    super.pushAudio(Buffer.from(pcm16k));
  }

  protected async beginUtterance(): Promise<void> {
    this.drop();
  }

  protected writeAudio(pcm16k: Buffer): void {
    if (WAV_HEADER_BYTES + this.bytes + pcm16k.length > this.stt.maxUploadBytes) {
      const ms = pcm16DurationMs(this.stt.maxUploadBytes - WAV_HEADER_BYTES);
      const seconds = (ms / 1000).toFixed(1);
      this.drop();
      throw new VoiceError(
        'stt_unavailable',
        `utterance too long for the speech recognition server: at most ${seconds} s of audio ` +
          `(${this.stt.maxUploadBytes} bytes) can be uploaded`,
      );
    }
    this.chunks.push(pcm16k); // already our own copy (pushAudio)
    this.bytes += pcm16k.length;
  }

  protected async endUtterance(signal: AbortSignal): Promise<UtteranceResult> {
    const chunks = this.chunks;
    const bytes = this.bytes;
    this.drop();
    if (bytes === 0 || pcm16DurationMs(bytes) < this.stt.minAudioMs) {
      return { text: '', languages: [] };
    }
    const result = await this.stt.transcribe(chunks, { languages: this.locales, signal });
    return { text: result.text, languages: result.languages };
  }

  protected cancelUtterance(): void {
    this.drop();
  }

  protected dispose(): void {
    this.drop();
    this.onDispose();
  }

  private drop(): void {
    this.chunks = [];
    this.bytes = 0;
  }
}
