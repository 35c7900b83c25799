import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_LIMITS, resolveLimits } from './limits.ts';

test('fills in the documented defaults', () => {
  assert.deepEqual(resolveLimits(), {
    timeoutMs: 60_000,
    cpuSeconds: 60,
    memoryBytes: 1024 ** 3,
    maxFileBytes: 32 * 1024 ** 2,
    maxProcesses: 64,
    maxOpenFiles: 256,
    maxOutputBytes: 64 * 1024,
    tmpBytes: 64 * 1024 ** 2,
  });
  assert.deepEqual(resolveLimits({ timeoutMs: 5, cpuSeconds: undefined }), {
    ...DEFAULT_LIMITS,
    timeoutMs: 5,
  });
  assert.ok(Object.isFrozen(resolveLimits()));
});

test('rejects limits that are not positive integers', () => {
  for (const bad of [
    { timeoutMs: 0 },
    { cpuSeconds: -1 },
    { memoryBytes: 1.5 },
    { maxProcesses: Number.NaN },
  ]) {
    assert.throws(
      () => resolveLimits(bad),
      /too_small|expected int|Invalid input/,
      JSON.stringify(bad),
    );
  }
});
