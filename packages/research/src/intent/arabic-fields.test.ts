import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withArabicHead } from './arabic-fields.ts';
import { markSpan, slotWords } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

/** The field after the correction, from a message whose word `at` alone was tagged one. */
function field(text: string, at: number): string {
  const tokens = tokenize(text);
  const tags = tokens.map(() => 0);
  markSpan(tags, 'domain', at, at);
  return slotWords(tokens, withArabicHead(tokens, tags), 'domain');
}

test('an Arabic field begun on its second word takes in its head noun', () => {
  assert.equal(field('أنا باحث بعلم الاجتماع', 3), 'بعلم الاجتماع');
  assert.equal(field('وأهتم بتاريخ الطب', 2), 'بتاريخ الطب');
  // not a workplace or another word before it
  assert.equal(field('أنا مهندس في الشركة', 3), 'الشركة');
  assert.equal(field('أعمل بالمستشفى الجامعي', 2), 'الجامعي');
});
