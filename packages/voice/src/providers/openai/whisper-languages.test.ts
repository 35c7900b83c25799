import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  languageCode,
  localeFor,
  requestLanguage,
  transcriptLocales,
} from './whisper-languages.ts';

test('languageCode reads Whisper names, ISO codes and locales', () => {
  assert.equal(languageCode('english'), 'en');
  assert.equal(languageCode('Arabic'), 'ar');
  assert.equal(languageCode('castilian'), 'es');
  assert.equal(languageCode('ar'), 'ar');
  assert.equal(languageCode('EN'), 'en');
  assert.equal(languageCode('yue'), 'yue');
  assert.equal(languageCode('ar-EG'), 'ar');
  assert.equal(languageCode('pt_BR'), 'pt');
  assert.equal(languageCode('klingonese'), undefined);
  assert.equal(languageCode(''), undefined);
  assert.equal(languageCode(null), undefined);
});

test('localeFor prefers the session locale of the language, then a default', () => {
  assert.equal(localeFor('ar', ['en-US', 'ar-AE']), 'ar-AE');
  assert.equal(localeFor('ar', ['en-US']), 'ar-SA');
  assert.equal(localeFor('en', ['ar-SA', 'en-GB']), 'en-GB');
  assert.equal(localeFor('en', []), 'en-US');
  assert.equal(localeFor('haw', []), 'haw');
  assert.equal(requestLanguage('en-US'), 'en');
  assert.equal(requestLanguage('fil-PH'), 'fil');
  assert.equal(requestLanguage('*'), undefined);
});

test('transcriptLocales: server evidence in order, both scripts for mixed text, script fallback', () => {
  const session = ['ar-SA', 'en-US'];
  assert.deepEqual(transcriptLocales('hello', ['english'], session), ['en-US']);
  assert.deepEqual(transcriptLocales('مرحبا', ['arabic'], session), ['ar-SA']);
  assert.deepEqual(transcriptLocales('a b', ['en', 'ar', 'en'], session), ['en-US', 'ar-SA']);
  assert.deepEqual(transcriptLocales('أريد ticket', ['arabic'], session), ['ar-SA', 'en-US']);
  assert.deepEqual(transcriptLocales('book a موعد', ['arabic'], session), ['en-US', 'ar-SA']);
  assert.deepEqual(transcriptLocales('je veux موعد', ['french'], session), ['fr-FR', 'ar-SA']);
  assert.deepEqual(transcriptLocales('مرحبا', [undefined], ['en-US']), ['ar-SA']);
  assert.deepEqual(transcriptLocales('hello', [], session), ['en-US']);
  assert.deepEqual(transcriptLocales('123', [], session), ['ar-SA']);
  assert.deepEqual(transcriptLocales('  ', ['english'], session), []);
});
