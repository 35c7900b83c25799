import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '../src/errors.ts';

test('every voice error code is documented in docs/errors.md with its status', () => {
  const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
  for (const [code, { status }] of Object.entries(ERROR_CODES)) {
    assert.match(doc, new RegExp(`\\| \`${code}\` \\| ${status} \\|`), `${code} is documented`);
  }
});
