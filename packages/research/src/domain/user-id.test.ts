import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUserId } from './user-id.ts';

test('a user id is letters of one script, digits and _ . @ -', () => {
  for (const id of [
    'ada',
    'ada-lovelace',
    'j.doe@lab',
    'ليلى-حداد',
    'дмитрий',
    '李伟',
    'さくら',
    'r2d2',
  ]) {
    assert.ok(isUserId(id), id);
  }
  // a Cyrillic а in a Latin name, a Latin name with an Arabic one, a leading mark, a space
  for (const id of ['аda', 'ziad-الخطيب', '-ada', 'ada lovelace', '', 'x'.repeat(65)]) {
    assert.ok(!isUserId(id), id);
  }
});
