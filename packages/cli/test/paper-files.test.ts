import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from '../src/research/paper-files.ts';

test('paper file names come from the topic: lower-case ASCII words joined by -', () => {
  assert.equal(slugify('Pollinator decline in cities', 'x'), 'pollinator-decline-in-cities');
  assert.equal(slugify('  Éléphants & Café: 2024!  ', 'x'), 'elephants-cafe-2024');
  assert.equal(slugify('../../etc/passwd', 'x'), 'etc-passwd', 'no path can be named');
  assert.equal(slugify('تغير المناخ', 'run-1'), 'run-1', 'no Latin letter: the run id');
  assert.equal(slugify('a'.repeat(80), 'x').length, 60);
  assert.equal(slugify(`${'b'.repeat(59)} c`, 'x'), 'b'.repeat(59), 'no trailing dash');
});
