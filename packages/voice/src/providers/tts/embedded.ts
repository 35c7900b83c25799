import { chooseVoice } from './choose-voice.ts';
import type { VoiceChoice } from './choose-voice.ts';
import { EspeakNgTTS } from './espeak-ng.ts';
import type { EspeakNgTTSOptions } from './espeak-ng.ts';
import { FliteTTS } from './flite.ts';
import type { FliteTTSOptions } from './flite.ts';
import type { SynthesizeOptions, TTS } from './tts.ts';

/** Options of {@link EmbeddedTTS}. */
export interface EmbeddedTTSOptions {
  flite?: FliteTTSOptions;
  espeakNg?: EspeakNgTTSOptions;
}

/**
 * The default synthesiser: no account, no network. Each text goes to Flite (English) or
 * eSpeak NG (Arabic and other languages) as {@link chooseVoice} decides.
 */
export class EmbeddedTTS implements TTS {
  readonly provider = 'embedded';
  readonly flite: FliteTTS;
  readonly espeakNg: EspeakNgTTS;

  constructor(options: EmbeddedTTSOptions = {}) {
    this.flite = new FliteTTS(options.flite);
    this.espeakNg = new EspeakNgTTS(options.espeakNg);
  }

  /** The engine and voice a text would be spoken with. */
  choose(text: string, options: SynthesizeOptions = {}): VoiceChoice {
    return chooseVoice(text, options);
  }

  synthesize(text: string, options: SynthesizeOptions = {}): AsyncIterable<Buffer> {
    const choice = this.choose(text, options);
    const engine = choice.engine === 'flite' ? this.flite : this.espeakNg;
    return engine.synthesize(text, { ...options, voice: choice.voice, language: choice.language });
  }
}
