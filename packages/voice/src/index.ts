export { ERROR_CODES, VoiceError, InvalidAudioError, toVoiceError } from './errors.ts';
export type { VoiceErrorCode } from './errors.ts';

export {
  BYTES_PER_SAMPLE,
  assertPcm16,
  pcm16ToInt16,
  int16ToPcm16,
  pcm16ToFloat32,
  float32ToPcm16,
  floatToInt16,
  pcm16DurationMs,
  pcm16BytesForMs,
  decodeBase64Pcm16,
  rmsLevel,
  toDbfs,
  Pcm16Aligner,
} from './audio/pcm.ts';
export { Resampler, resamplePcm16 } from './audio/resample.ts';
export type { ResamplerOptions } from './audio/resample.ts';
export { WavStreamParser, parseWav } from './audio/wav.ts';
export type { WavFormat } from './audio/wav.ts';
export {
  SileroVAD,
  SileroStream,
  VADStream,
  VADSegmenter,
  DEFAULT_SEGMENTER_OPTIONS,
  VAD_FRAME_MS,
  VAD_FRAME_SAMPLES,
  VAD_SAMPLE_RATE,
  defaultSileroModelPath,
} from './audio/vad.ts';
export type {
  SileroVADOptions,
  VADEvent,
  VADStreamOptions,
  VADSegmentEvent,
  VADSegmenterOptions,
} from './audio/vad.ts';

export { BaseSTTStream } from './providers/stt/stt.ts';
export type {
  STT,
  STTEvent,
  STTStream,
  STTStreamOptions,
  UtteranceResult,
} from './providers/stt/stt.ts';
export { PocketSphinxSTT } from './providers/stt/pocketsphinx.ts';
export type { PocketSphinxSTTOptions } from './providers/stt/pocketsphinx.ts';
export { DEFAULT_POCKETSPHINX_MODEL_DIR } from './providers/stt/pocketsphinx-ffi.ts';
export type { PocketSphinxModelConfig } from './providers/stt/pocketsphinx-ffi.ts';

export { SentenceTTS, TTS_SAMPLE_RATE } from './providers/tts/tts.ts';
export type {
  TTS,
  SynthesizeOptions,
  EmbeddedEngineOptions,
  NativeAudio,
} from './providers/tts/tts.ts';
export { FliteTTS, FLITE_VOICES } from './providers/tts/flite.ts';
export type { FliteTTSOptions } from './providers/tts/flite.ts';
export { EspeakNgTTS } from './providers/tts/espeak-ng.ts';
export type { EspeakNgTTSOptions } from './providers/tts/espeak-ng.ts';
export { EmbeddedTTS } from './providers/tts/embedded.ts';
export type { EmbeddedTTSOptions } from './providers/tts/embedded.ts';
export { chooseVoice, scriptLanguages } from './providers/tts/choose-voice.ts';
export type { VoiceChoice, VoicePreferences } from './providers/tts/choose-voice.ts';
export { splitSentences } from './providers/tts/split-sentences.ts';

export { AsyncQueue } from './util/async-queue.ts';
export { Pool, PoolTimeoutError } from './util/pool.ts';
export type { PoolOptions } from './util/pool.ts';
