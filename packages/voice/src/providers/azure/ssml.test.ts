import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_MULTILINGUAL_VOICE,
  buildSsml,
  escapeXml,
  isAzureVoice,
  localeOf,
  planSpeech,
  scriptRuns,
} from './ssml.ts';

test('SSML escaping: < & > " \' become entities, characters XML cannot carry are dropped', () => {
  assert.equal(escapeXml(`a<b & c>d "e" 'f'`), 'a&lt;b &amp; c&gt;d &quot;e&quot; &apos;f&apos;');
  assert.equal(escapeXml('x\u0000\u0007y\uFFFEz\uD800'), 'xyz');
  assert.equal(escapeXml('emoji 😀 stays'), 'emoji 😀 stays');
  const ssml = buildSsml(planSpeech(`</voice><voice name="x">Tom & Jerry's`));
  assert.ok(ssml.includes('&lt;/voice&gt;&lt;voice name=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s'));
  assert.equal(ssml.match(/<voice /g)?.length, 1, 'the text cannot open markup');
});

test('Azure voice names are recognised; embedded and other names are not', () => {
  for (const v of [
    'en-US-JennyNeural',
    'ar-SA-ZariyahNeural',
    'en-US-AvaMultilingualNeural',
    'zh-CN-shaanxi-XiaoniNeural',
    'en-US-Ava:DragonHDLatestNeural',
  ])
    assert.ok(isAzureVoice(v), v);
  for (const v of ['slt', 'flite/awb', 'espeak-ng/ar', 'alloy', 'JennyNeural', undefined])
    assert.ok(!isAzureVoice(v), String(v));
});

test('voice by language: English → Jenny, Arabic → Zariyah, from the script and the session', () => {
  assert.deepEqual(pick('Hello there.', {}), {
    voice: 'en-US-JennyNeural',
    language: 'en-US',
    multilingual: false,
  });
  assert.deepEqual(pick('مرحبا بك', { languages: ['en-US'] }), {
    voice: 'ar-SA-ZariyahNeural',
    language: 'ar-SA',
    multilingual: false,
  });
  assert.deepEqual(pick('مرحبا', { languages: ['ar-EG'] }), {
    voice: 'ar-EG-SalmaNeural',
    language: 'ar-EG',
    multilingual: false,
  });
  assert.deepEqual(pick('Bonjour', { language: 'fr-FR' }), {
    voice: 'fr-FR-DeniseNeural',
    language: 'fr-FR',
    multilingual: false,
  });
  // a locale without a table entry falls back to the language's voice
  assert.equal(pick('Hi', { languages: ['en-NZ'] }).voice, 'en-US-JennyNeural');
  // a language without any voice in the table: the multilingual voice, pinned with <lang>
  assert.deepEqual(pick('Hallo', { languages: ['nl-NL'] }), {
    voice: DEFAULT_MULTILINGUAL_VOICE,
    language: 'nl-NL',
    multilingual: true,
  });
  // overrides
  assert.equal(
    planSpeech('Hi', {}, { voices: { 'en-US': 'en-US-GuyNeural' } }).voice,
    'en-US-GuyNeural',
  );
});

test('the session voice wins when it is an Azure voice; embedded names are ignored', () => {
  assert.deepEqual(pick('مرحبا', { voice: 'en-GB-RyanNeural' }), {
    voice: 'en-GB-RyanNeural',
    language: 'en-GB',
    multilingual: false,
  });
  assert.equal(pick('Hello', { voice: 'slt' }).voice, 'en-US-JennyNeural');
  assert.deepEqual(pick('مرحبا', { voice: 'en-US-AndrewMultilingualNeural' }), {
    voice: 'en-US-AndrewMultilingualNeural',
    language: 'ar-SA',
    multilingual: true,
  });
});

test('mixed Arabic/English text: one multilingual voice, a <lang> per script run', () => {
  const runs = scriptRuns('احجز لي flight إلى London, please.', { languages: ['ar-SA', 'en-US'] });
  assert.deepEqual(runs, [
    { text: 'احجز لي ', language: 'ar-SA' },
    { text: 'flight ', language: 'en-US' },
    { text: 'إلى ', language: 'ar-SA' },
    { text: 'London, please.', language: 'en-US' },
  ]);
  const plan = planSpeech('احجز لي flight', { languages: ['en-US'] });
  assert.equal(plan.voice, DEFAULT_MULTILINGUAL_VOICE);
  assert.equal(
    buildSsml(plan),
    '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="ar-SA">' +
      `<voice name="${DEFAULT_MULTILINGUAL_VOICE}">` +
      '<lang xml:lang="ar-SA">احجز لي </lang><lang xml:lang="en-US">flight</lang></voice></speak>',
  );
});

test('a bilingual session keeps one (multilingual) voice for every sentence', () => {
  const prefs = { languages: ['ar-SA', 'en-US'] };
  for (const text of ['Hello.', 'مرحبا.', 'احجز flight.'])
    assert.equal(planSpeech(text, prefs).voice, DEFAULT_MULTILINGUAL_VOICE, text);
  assert.equal(localeOf('Hello.', prefs), 'en-US');
  assert.equal(localeOf('مرحبا.', prefs), 'ar-SA');
});

function pick(text: string, prefs: Parameters<typeof planSpeech>[1]) {
  const { voice, language, multilingual } = planSpeech(text, prefs);
  return { voice, language, multilingual };
}
