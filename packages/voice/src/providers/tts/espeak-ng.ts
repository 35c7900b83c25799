import { WavStreamParser } from '../../audio/wav.ts';
import { VoiceError } from '../../errors.ts';
import { runProcess } from './process.ts';
import { SentenceTTS } from './tts.ts';
import type { EmbeddedEngineOptions, NativeAudio, SynthesizeOptions } from './tts.ts';

/** Options of {@link EspeakNgTTS}. */
export interface EspeakNgTTSOptions extends EmbeddedEngineOptions {
  /** The `espeak-ng` executable. */
  command?: string;
  /** Voice when a synthesis names none. */
  defaultVoice?: string;
  /** Speaking rate in words per minute (espeak-ng's default is 175). */
  wordsPerMinute?: number;
}

const VOICE_NAME = /^[A-Za-z0-9][A-Za-z0-9_+\-/]*$/;

/**
 * Multilingual synthesis with eSpeak NG (Debian `espeak-ng`; Arabic and ~100 other languages),
 * streamed from its stdout as it renders (22.05 kHz) and resampled to 24 kHz. Text goes in on
 * stdin so it can never be taken for an option. Latin-script words inside Arabic text are read
 * with English rules by eSpeak NG itself.
 */
export class EspeakNgTTS extends SentenceTTS {
  readonly provider = 'espeak-ng';
  private readonly command: string;
  private readonly defaultVoice: string;
  private readonly wordsPerMinute: number | undefined;

  constructor(options: EspeakNgTTSOptions = {}) {
    super(options);
    this.command = options.command ?? 'espeak-ng';
    this.defaultVoice = options.defaultVoice ?? 'en-us';
    this.wordsPerMinute = options.wordsPerMinute;
  }

  protected async *render(
    sentence: string,
    options: SynthesizeOptions,
    signal: AbortSignal,
  ): AsyncIterable<NativeAudio> {
    const voice = options.voice ?? this.defaultVoice;
    if (!VOICE_NAME.test(voice))
      throw new VoiceError('tts_unavailable', `invalid eSpeak NG voice name: ${voice}`);
    const args = ['-v', voice, '--stdout'];
    if (this.wordsPerMinute !== undefined) args.push('-s', String(this.wordsPerMinute));
    const parser = new WavStreamParser();
    for await (const chunk of runProcess(this.command, args, {
      input: sentence,
      signal,
      timeoutMs: this.timeoutMs,
    })) {
      const pcm = parser.push(chunk);
      const format = parser.format;
      if (format && pcm.length > 0) yield { sampleRate: format.sampleRate, pcm };
    }
  }
}
