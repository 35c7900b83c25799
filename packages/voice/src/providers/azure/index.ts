export { AzureSpeechSTT, createSdkRecognizer, MAX_CONTINUOUS_LID_LANGUAGES } from './azure-stt.ts';
export type {
  AzureSpeechSTTOptions,
  RecognizerFactory,
  RecognizerFactoryInput,
  SpeechRecognizerLike,
} from './azure-stt.ts';
export { AzureSpeechTTS, createSdkSynthesizer } from './azure-tts.ts';
export type {
  AzureSpeechTTSOptions,
  AzureSynthesizeOptions,
  SpeechSynthesizerLike,
  SynthesizerFactory,
  WordBoundary,
} from './azure-tts.ts';
export type { AzureSpeechConnectionOptions } from './speech-config.ts';
export { AzureSpeechTokenProvider, speechAuthorizationToken } from './speech-token.ts';
export type { AzureSpeechTokenProviderOptions, SpeechTokenSource } from './speech-token.ts';
export { DEFAULT_AZURE_VOICES, DEFAULT_MULTILINGUAL_VOICE, planSpeech } from './ssml.ts';
