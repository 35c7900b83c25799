import { test } from 'node:test';
import assert from 'node:assert/strict';
import { correctToken, editDistance, editDistanceWithin } from './fuzzy.ts';

test('editDistance counts a swap of neighbours as one edit', () => {
  assert.equal(editDistance('start', 'start'), 0);
  assert.equal(editDistance('strat', 'start'), 1);
  assert.equal(editDistance('lsit', 'list'), 1);
  assert.equal(editDistance('skils', 'skills'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
});

test('editDistanceWithin agrees with editDistance up to its limit, over every pair of short words', () => {
  // Every word of up to four letters over a three-letter alphabet, against every other.
  const words = [''];
  for (let length = 1; length <= 4; length++) {
    for (const word of words.filter((w) => w.length === length - 1)) {
      for (const letter of 'abc') words.push(word + letter);
    }
  }
  let pairs = 0;
  for (const a of words) {
    for (const b of words) {
      for (let limit = 0; limit <= 3; limit++) {
        const want = Math.min(editDistance(a, b), limit + 1);
        assert.equal(editDistanceWithin(a, b, limit), want, `${a} / ${b} within ${limit}`);
        pairs++;
      }
    }
  }
  assert.equal(pairs, 121 * 121 * 4);
  assert.equal(editDistanceWithin('adventurus', 'adventurous', 2), 1);
  assert.equal(editDistanceWithin('administrativo', 'adventurous', 2), 3);
});

test('correctToken fixes misspelt command words', () => {
  assert.equal(correctToken('strat'), 'start');
  assert.equal(correctToken('lsit'), 'list');
  assert.equal(correctToken('memries'), 'memories');
  assert.equal(correctToken('planer'), 'planner');
  assert.equal(correctToken('stauts'), 'status');
});

test('correctToken leaves known, everyday, short and unrelated words alone', () => {
  for (const word of [
    'start',
    'last',
    'brain',
    'think',
    'comments',
    'the',
    'run',
    'ecology',
    'bees',
    'x2',
  ]) {
    assert.equal(correctToken(word), null, word);
  }
});
