import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outliers } from './outliers.ts';

test('outliers are seeded, short, use no useful word, and never assume a paused run', () => {
  const useful = (word: string) => word.startsWith('b');
  const a = outliers(50, 3, useful);
  assert.deepEqual(a, outliers(50, 3, useful));
  assert.notDeepEqual(a, outliers(50, 4, useful));
  for (const { text, session } of a) {
    const words = text.split(' ');
    assert.ok(words.length >= 1 && words.length <= 12, text);
    assert.ok(!['paused', 'running'].includes(session));
    for (const word of words)
      assert.ok(!word.startsWith('b') || word.length < 3 || /^(?:but|by|be)$/.test(word), text);
  }
});
