import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import * as errors from './errors.ts';

test('every error code is documented in README.md with its class', async () => {
  const readme = await readFile(new URL('./README.md', import.meta.url), 'utf8');
  for (const code of Object.keys(errors.SANDBOX_ERROR_CODES)) {
    assert.match(readme, new RegExp(`\\| \`${code}\` \\| \`\\w+Error\` \\|`), code);
  }
});

test('each error class carries its stable code and name', () => {
  const cases: [errors.SandboxError, string][] = [
    [new errors.SandboxUnavailableError('x'), 'sandbox_unavailable'],
    [new errors.InvalidProjectError('x'), 'invalid_project'],
    [new errors.UnsafePathError('x'), 'unsafe_path'],
    [new errors.ResultMissingError('x'), 'result_missing'],
    [new errors.ResultTooLargeError('x', 1), 'result_too_large'],
    [new errors.CheckFailedError('x'), 'check_failed'],
  ];
  assert.equal(cases.length, Object.keys(errors.SANDBOX_ERROR_CODES).length);
  for (const [err, code] of cases) {
    assert.ok(err instanceof errors.SandboxError);
    assert.equal(err.code, code);
    assert.equal(err.name, err.constructor.name);
  }
});
