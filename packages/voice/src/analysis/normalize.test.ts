import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeArabic, arabicStems } from './arabic.ts';
import { digitView, emailView } from './normalize.ts';

const digitCases: [input: string, view: string][] = [
  ['oh five five one two three four', '0551234'],
  ['zero five five', '055'],
  ['double five, triple seven', '55 777'],
  ['twenty three', '23'],
  ['twenty-three', '23'],
  ['nineteen ninety', '1990'],
  ['two thousand and five', '2005'],
  ['five hundred and two', '502'],
  ['eight hundred five five five one two one two', '8005551212'],
  ['plus nine six six', '+966'],
  ['Four One One One', '4111'],
  ['one', 'one'], // a lone number word stays a word
  ['oh oh', 'oh oh'], // "oh" alone is an exclamation
  ['no one cares', 'no one cares'],
  ['the twenty-first of May', 'the twenty-first of May'], // an ordinal, not "20"
  ['٠٥٥١٢٣', '055123'],
  ['۰۵۵۱۲۳', '055123'],
  ['صفر خمسة خمسة واحد', '0551'],
  ['اثنين ثلاث أربع خمس ست سبع ثمان تسع', '23456789'],
  ['إثنين تلاتة اربعة ثمانية', '2348'],
  ['خمسة وعشرين', '25'],
  ['خمسة و عشرين', '25'],
  ['واحد، اثنين ثلاثة', '1 23'],
  ['one nine two dot one six eight', '192.168'],
];

for (const [input, view] of digitCases) {
  test(`digit view: ${input}`, () => assert.equal(digitView(input).text, view));
}

test('digit view maps every digit back to the words it came from', () => {
  const text = 'call 😀 oh five five, one two';
  const v = digitView(text);
  assert.equal(v.text, 'call 😀 055 12');
  const at = v.text.indexOf('055');
  const span = v.toOriginal(at, v.text.length);
  assert.equal(text.slice(span.start, span.end), 'oh five five, one two');
  const one = v.toOriginal(v.text.length - 2, v.text.length - 1);
  assert.equal(text.slice(one.start, one.end), 'one');
});

test('e-mail view turns spoken connectors into symbols and maps them back', () => {
  const text = 'mail John Dot Smith at example dot co dot uk';
  const v = emailView(text);
  assert.equal(v.text, 'mail John.Smith@example.co.uk');
  const span = v.toOriginal(5, v.text.length);
  assert.equal(text.slice(span.start, span.end), 'John Dot Smith at example dot co dot uk');
  assert.equal(emailView('john آت gmail دوت com').text, 'john@gmail.com');
  assert.equal(emailView('a @ b.com').text, 'a@b.com');
  // connectors only join Latin words
  assert.equal(emailView('I am at home.').text, 'I am@home.');
  assert.equal(emailView('مرحبا at البيت').text, 'مرحبا at البيت');
});

test('Arabic normalisation and clitic stripping', () => {
  assert.equal(normalizeArabic('أَهْلاً'), 'اهلا');
  assert.equal(normalizeArabic('مشكلـــة'), 'مشكله');
  assert.equal(normalizeArabic('إلى'), 'الي');
  assert.ok(arabicStems(normalizeArabic('والمشكلة')).includes('مشكله'));
  assert.ok(arabicStems(normalizeArabic('مشكلتي')).includes('مشكله'));
  assert.ok(arabicStems(normalizeArabic('للأسف')).includes('اسف'));
  assert.ok(!arabicStems('بس').includes('س'), 'stems keep at least two letters');
});
