import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  FAMILY_NAMES_PATH,
  GIVEN_NAMES_PATH,
  isFamilyName,
  isGivenName,
  isNameWord,
  NAME_WORDS_PATH,
} from './person-names.ts';
import { fold } from './tokens.ts';

test('the name lists hold folded single words, sorted, from many languages', () => {
  for (const path of [GIVEN_NAMES_PATH, FAMILY_NAMES_PATH, NAME_WORDS_PATH]) {
    const words = readFileSync(path, 'utf8').trim().split('\n');
    assert.ok(words.length > 2_000, path);
    assert.deepEqual(words, [...words].sort(), 'sorted, so a regeneration diffs cleanly');
    for (const w of words) assert.equal(w, fold(w).trim(), `${w} is folded`);
    assert.ok(words.every((w) => !/\s/.test(w)));
  }
  for (const name of ['emily', 'priya', 'kwame', 'sofia', 'lukas', 'francois', 'محمد']) {
    assert.ok(isGivenName(name), name);
  }
  for (const name of ['nair', 'gomez', 'rossi', 'muller', 'kowalski']) {
    assert.ok(isFamilyName(name), name);
  }
  assert.equal(isGivenName('Emily'), false, 'only folded words are looked up');
  assert.equal(isGivenName('biology'), false);
});

test('names that are French, Spanish or Portuguese words are known as such', () => {
  for (const word of ['rosa', 'paz', 'deja', 'luz']) assert.ok(isNameWord(word), word);
  for (const name of ['priya', 'kowalski', 'kwame']) assert.equal(isNameWord(name), false, name);
});
