import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sentenceSpans, sentences } from '../src/index.ts';

test('English: . ! ? end sentences; decimals, initialisms and lower-case continuations do not', () => {
  assert.deepEqual(sentences('Hello there. How are you? Fine!'), [
    'Hello there.',
    'How are you?',
    'Fine!',
  ]);
  assert.deepEqual(sentences('Version 2.5 is out. The U.S. team agreed, e.g. five of them.'), [
    'Version 2.5 is out.',
    'The U.S. team agreed, e.g. five of them.',
  ]);
  assert.deepEqual(sentences('He said "stop." Then he left.'), [
    'He said "stop."',
    'Then he left.',
  ]);
});

test('abbreviations before a capital or a name are joined back', () => {
  assert.deepEqual(sentences('Ask Dr. Smith. See Fig. 3 and Smith et al. The end.'), [
    'Ask Dr. Smith.',
    'See Fig. 3 and Smith et al. The end.',
  ]);
});

test('Arabic: the question mark ؟ and the full stop ۔ end sentences', () => {
  assert.deepEqual(sentences('مرحبا بك في الخدمة. كيف يمكنني مساعدتك اليوم؟ نعم۔ تمام'), [
    'مرحبا بك في الخدمة.',
    'كيف يمكنني مساعدتك اليوم؟',
    'نعم۔',
    'تمام',
  ]);
  assert.deepEqual(sentences('the weather في الرياض؟ It is sunny.'), [
    'the weather في الرياض؟',
    'It is sunny.',
  ]);
});

test('a line break ends a sentence; blank text has none', () => {
  assert.deepEqual(sentences('first line\nsecond line'), ['first line', 'second line']);
  assert.deepEqual(sentences('Dr.\nNext'), ['Dr.', 'Next']);
  assert.deepEqual(sentences('  \n '), []);
  assert.deepEqual(sentences(''), []);
});

test('spans are offsets into the text without surrounding space; emphasis stays with its sentence', () => {
  const text = '  **Done.** Next one.  ';
  const spans = sentenceSpans(text);
  assert.deepEqual(spans, [
    { start: 2, end: 11 },
    { start: 12, end: 21 },
  ]);
  assert.deepEqual(
    spans.map((s) => text.slice(s.start, s.end)),
    ['**Done.**', 'Next one.'],
  );
});
