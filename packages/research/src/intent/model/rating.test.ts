import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ratingLevel } from './rating.ts';
import { tokenize } from './tokens.ts';

/** The level the whole message gives as a mark on a scale. */
function rated(text: string) {
  const words = tokenize(text).map((t) => t.lower);
  return ratingLevel(words, 0, words.length - 1);
}

test('a mark on a scale reads by its share of the scale', () => {
  assert.equal(rated('strictness 9/10'), 'high');
  assert.equal(rated('risk: 3 / 10'), 'low');
  assert.equal(rated('about 5 out of 10'), 'medium');
  assert.equal(rated('risque 2 sur 5'), 'low');
  assert.equal(rated('pon mi riesgo en 8 de 10'), 'high');
  assert.equal(rated('en una escala del 1 al 10, quiero un 9 de exigencia'), 'high');
  assert.equal(rated('من واحد إلى عشرة، أريد الصرامة ثمانية'), 'high');
  assert.equal(rated('المخاطرة ٣ من ١٠'), 'low');
});

test('a number with no scale, or past its top, is no mark', () => {
  assert.equal(rated('strictness 9'), null);
  assert.equal(rated('write 2 papers'), null);
  assert.equal(rated('12/10 strictness'), null);
  assert.equal(rated('be strict'), null);
});
