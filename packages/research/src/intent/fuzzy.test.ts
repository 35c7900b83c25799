import { test } from 'node:test';
import assert from 'node:assert/strict';
import { correctToken, editDistance } from './fuzzy.ts';

test('editDistance counts a swap of neighbours as one edit', () => {
  assert.equal(editDistance('start', 'start'), 0);
  assert.equal(editDistance('strat', 'start'), 1);
  assert.equal(editDistance('lsit', 'list'), 1);
  assert.equal(editDistance('skils', 'skills'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
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
