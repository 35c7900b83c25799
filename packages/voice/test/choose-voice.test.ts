import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseVoice, scriptLanguages } from '../src/providers/tts/choose-voice.ts';
import { splitSentences } from '../src/providers/tts/split-sentences.ts';

test('Arabic script goes to eSpeak NG Arabic, whatever the session prefers', () => {
  assert.deepEqual(chooseVoice('مرحبا بك'), { engine: 'espeak-ng', voice: 'ar', language: 'ar' });
  assert.deepEqual(chooseVoice('مرحبا بك', { voice: 'slt', languages: ['en-US', 'ar-EG'] }), {
    engine: 'espeak-ng',
    voice: 'ar',
    language: 'ar-EG',
  });
  // mixed Arabic + English text stays with eSpeak NG, which reads Latin words as English
  assert.equal(chooseVoice('افتح the door من فضلك', { languages: ['en-US'] }).engine, 'espeak-ng');
  // Persian is written in Arabic script too: the session's locale decides
  assert.deepEqual(chooseVoice('سلام', { languages: ['fa-IR'] }), {
    engine: 'espeak-ng',
    voice: 'fa',
    language: 'fa-IR',
  });
});

test('Latin-script text follows the session: English by Flite, other languages by eSpeak NG', () => {
  assert.deepEqual(chooseVoice('Hello'), { engine: 'flite', voice: 'slt', language: 'en-US' });
  assert.deepEqual(chooseVoice('Hello', { voice: 'awb', languages: ['en-GB'] }), {
    engine: 'flite',
    voice: 'awb',
    language: 'en-GB',
  });
  assert.deepEqual(chooseVoice('Hello', { voice: 'flite/rms' }), {
    engine: 'flite',
    voice: 'rms',
    language: 'en-US',
  });
  // an Arabic-first session still speaks Latin text in English
  assert.deepEqual(chooseVoice('OK', { languages: ['ar-SA', 'en-US'] }), {
    engine: 'flite',
    voice: 'slt',
    language: 'en-US',
  });
  assert.deepEqual(chooseVoice('Bonjour', { languages: ['fr-FR'] }), {
    engine: 'espeak-ng',
    voice: 'fr',
    language: 'fr-FR',
  });
  assert.deepEqual(chooseVoice('Hello', { voice: 'espeak-ng/en-gb' }), {
    engine: 'espeak-ng',
    voice: 'en-gb',
    language: 'en-US',
  });
  // another vendor's voice name is ignored by the embedded engines
  assert.deepEqual(chooseVoice('Hello', { voice: 'en-US-JennyNeural' }), {
    engine: 'flite',
    voice: 'slt',
    language: 'en-US',
  });
  assert.deepEqual(chooseVoice('你好', { languages: ['zh-CN'] }), {
    engine: 'espeak-ng',
    voice: 'cmn',
    language: 'zh-CN',
  });
});

test('script detection', () => {
  assert.deepEqual(scriptLanguages('نعم'), ['ar', 'fa', 'ur']);
  assert.equal(scriptLanguages('yes'), undefined);
  assert.equal(scriptLanguages('Привет')?.[0], 'ru');
});

test('text is split into sentences; tiny pieces join, long ones split at clauses', () => {
  assert.deepEqual(splitSentences('Hello there. How are you? Fine!'), [
    'Hello there.',
    'How are you? Fine!',
  ]);
  assert.deepEqual(splitSentences('مرحبا بك في الخدمة. كيف يمكنني مساعدتك اليوم؟'), [
    'مرحبا بك في الخدمة.',
    'كيف يمكنني مساعدتك اليوم؟',
  ]);
  assert.deepEqual(splitSentences('  \n '), []);
  const long = Array.from({ length: 30 }, (_, i) => `clause ${i}`).join(', ');
  const parts = splitSentences(long, 60);
  assert.ok(parts.length > 3 && parts.every((p) => p.length <= 60));
  assert.equal(parts.join(' '), long);
  assert.deepEqual(splitSentences('Version 2.5 is out. Yes.'), ['Version 2.5 is out. Yes.']);
});
