export { FakeSTT } from './fake-stt.ts';
export type { ScriptedUtterance } from './fake-stt.ts';
export { FakeTTS } from './fake-tts.ts';
export type { FakeTTSOptions } from './fake-tts.ts';
export { ScriptedLLM } from './scripted-llm.ts';
export type { ScriptedReply, ScriptedStep } from './scripted-llm.ts';
export { ScriptedVAD, ScriptedVADStream } from './scripted-vad.ts';
export type { ScriptedSpeech } from './scripted-vad.ts';
export { normalizeWords, wordErrors, wordErrorRate } from './wer.ts';
