export { FakeSTT } from './fake-stt.ts';
export type { ScriptedUtterance } from './fake-stt.ts';
export { FakeTTS } from './fake-tts.ts';
export type { FakeTTSOptions } from './fake-tts.ts';
export { normalizeWords, wordErrors, wordErrorRate } from './wer.ts';
