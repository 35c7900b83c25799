import { RetryError, retryingStream } from '@hikma/llm';
import { VoiceError } from '../../errors.ts';
import { FLITE_VOICES } from '../tts/flite.ts';
import { SentenceTTS } from '../tts/tts.ts';
import type { EmbeddedEngineOptions, NativeAudio, SynthesizeOptions } from '../tts/tts.ts';
import { Attempt, OpenAIHttp, RequestFailure, readChunk, toBuffer } from './http.ts';
import type { OpenAIHttpOptions } from './http.ts';
import { SpeechAudioDecoder, assertSpeechContentType } from './speech-audio.ts';

/** Options of {@link OpenAISpeechTTS}. */
export interface OpenAISpeechTTSOptions extends OpenAIHttpOptions, EmbeddedEngineOptions {
  /** `model` of the request. */
  model?: string;
  /** Voice when the session names none or names an embedded engine's voice (`slt`, `espeak-ng/ar`). */
  defaultVoice?: string;
  /** OpenAI's `speed` (0.25–4), sent only when set. */
  speed?: number;
}

const FLITE = new Set<string>(FLITE_VOICES);

/** True for voices of the embedded engines (`slt`, `flite/awb`, `espeak-ng/ar`), which no server knows. */
export function isEmbeddedVoiceName(voice: string): boolean {
  return FLITE.has(voice) || /^(flite|espeak-ng|espeak)[/:]/i.test(voice);
}

/**
 * Synthesis with an OpenAI-compatible `POST /audio/speech` (OpenAI, Kokoro/Piper servers,
 * openedai-speech, LocalAI), a sentence per request, `response_format: pcm`. The body is
 * streamed: audio is yielded as it arrives, in 100 ms chunks at 24 kHz (a server that answers
 * WAV at another rate is resampled). Retries happen only before any audio of a sentence was
 * used; aborting closes the connection at once.
 *
 * `timeoutMs` is the longest wait on the server: for the response to start, and then for each
 * next piece of the body. Time the reader spends between chunks (real-time playback) does not
 * count, so long sentences read at the speed of speech never time out.
 */
export class OpenAISpeechTTS extends SentenceTTS {
  readonly provider = 'openai';
  private readonly http: OpenAIHttp;
  private readonly model: string;
  private readonly defaultVoice: string;
  private readonly speed: number | undefined;

  constructor(options: OpenAISpeechTTSOptions) {
    super(options);
    this.http = new OpenAIHttp(options, 'speech synthesis');
    this.model = options.model ?? 'tts-1';
    this.defaultVoice = options.defaultVoice ?? 'alloy';
    this.speed = options.speed;
  }

  /** The voice a synthesis is requested with. */
  voiceFor(voice: string | undefined): string {
    return voice && !isEmbeddedVoiceName(voice) ? voice : this.defaultVoice;
  }

  protected async *render(
    sentence: string,
    options: SynthesizeOptions,
    signal: AbortSignal,
  ): AsyncIterable<NativeAudio> {
    const body = JSON.stringify({
      model: this.model,
      input: sentence,
      voice: this.voiceFor(options.voice),
      response_format: 'pcm',
      ...(this.speed === undefined ? {} : { speed: this.speed }),
    });
    try {
      // Retried only before any audio of the sentence was used: a retry after that would
      // repeat audio the listener may already hear.
      yield* retryingStream(() => this.attempt(body, signal), this.http.retryOptions(signal));
    } catch (err) {
      if (signal.aborted) return; // also during a retry wait
      if (!(err instanceof RetryError)) throw err;
      const failure = err.failure as RequestFailure;
      if (err.reason === 'output_started') {
        throw new VoiceError('tts_unavailable', `${failure.message} (audio cut short)`, {
          cause: failure,
        });
      }
      const tries = err.attempts > 1 ? ` (after ${err.attempts} attempts)` : '';
      throw new VoiceError('tts_unavailable', `${failure.message}${tries}`, { cause: failure });
    }
  }

  /** One request for a sentence, its audio yielded as it arrives. */
  private async *attempt(body: string, signal: AbortSignal): AsyncGenerator<NativeAudio> {
    const attempt = new Attempt(signal, this.timeoutMs);
    try {
      const res = await this.http.open(
        '/audio/speech',
        { body, headers: { 'content-type': 'application/json' } },
        attempt,
      );
      attempt.disarm();
      assertSpeechContentType(res.headers.get('content-type'));
      if (!res.body) return;
      const decoder = new SpeechAudioDecoder();
      const reader = res.body.getReader();
      try {
        for (;;) {
          attempt.arm();
          const { done, value } = await readChunk(reader, attempt.signal);
          attempt.disarm();
          if (done) break;
          const audio = decoder.push(toBuffer(value));
          if (audio) yield audio;
        }
      } finally {
        reader.cancel().catch(() => undefined);
      }
      const tail = decoder.end();
      if (tail) yield tail;
    } catch (err) {
      if (signal.aborted) return;
      if (err instanceof VoiceError) throw err;
      throw this.http.failure(err, attempt);
    } finally {
      attempt.close();
    }
  }
}
