export { OpenAITranscriptionSTT } from './openai-stt.ts';
export type { OpenAITranscriptionSTTOptions, Transcription } from './openai-stt.ts';
export { OpenAISpeechTTS, isEmbeddedVoiceName } from './openai-tts.ts';
export type { OpenAISpeechTTSOptions } from './openai-tts.ts';
export type { OpenAIHttpOptions } from './http.ts';
