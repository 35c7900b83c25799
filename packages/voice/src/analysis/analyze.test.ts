import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTranscript, redactPII } from './analyze.ts';
import * as api from './index.ts';

const text = 'My card is 4111 1111 1111 1111 and the service was terrible';

test('analyzeTranscript: null when nothing is enabled', () => {
  assert.equal(analyzeTranscript(text, { pii: false, sentiment: false }), null);
});

test('analyzeTranscript: both fields are present whichever is enabled', () => {
  assert.deepEqual(analyzeTranscript(text, { pii: true, sentiment: true }), {
    pii: [{ category: 'credit_card', offset: 11, length: 19 }],
    sentiment: 'negative',
  });
  assert.deepEqual(analyzeTranscript(text, { pii: true, sentiment: false }), {
    pii: [{ category: 'credit_card', offset: 11, length: 19 }],
    sentiment: 'neutral',
  });
  assert.deepEqual(analyzeTranscript(text, { pii: false, sentiment: true }), {
    pii: [],
    sentiment: 'negative',
  });
});

test("analyzeTranscript: the session's languages reach the phone detector", () => {
  const jordan = 'call 079 123 4567';
  assert.deepEqual(analyzeTranscript(jordan, { pii: true, sentiment: false })?.pii, []);
  assert.deepEqual(
    analyzeTranscript(jordan, { pii: true, sentiment: false, languages: ['ar-JO'] })?.pii,
    [{ category: 'phone_number', offset: 5, length: 12 }],
  );
});

test('redactPII masks spans and keeps the UTF-16 length', () => {
  const t = '😀 call 0501234567 or mail a@b.io';
  const items = api.detectPII(t);
  const red = redactPII(t, items);
  assert.equal(red.length, t.length);
  assert.equal(red, '😀 call ██████████ or mail ██████');
  assert.equal(redactPII('abc', [{ category: 'email', offset: 1, length: 10 }], '*'), 'a**');
  assert.equal(redactPII('abcdef', [{ category: 'email', offset: 0, length: 5 }], 'xy'), 'xyxyxf');
  assert.equal(redactPII('abc', []), 'abc');
  // spoken PII is masked where it was said
  const spoken = 'call oh five five one two three four five six seven now';
  const said = 'oh five five one two three four five six seven';
  assert.equal(
    redactPII(spoken, api.detectPII(spoken), '#'),
    `call ${'#'.repeat(said.length)} now`,
  );
});

test('public API', () => {
  assert.deepEqual(
    [...api.PII_CATEGORIES],
    ['email', 'iban', 'national_id', 'credit_card', 'ip_address', 'date_of_birth', 'phone_number'],
  );
  for (const name of [
    'detectPII',
    'analyzeSentiment',
    'analyzeTranscript',
    'redactPII',
    'luhnValid',
  ] as const) {
    assert.equal(typeof api[name], 'function', name);
  }
});
