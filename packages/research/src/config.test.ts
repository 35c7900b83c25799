import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultLimits, loadConfig } from './config.ts';

const GiB = 1024 ** 3;

test('default limits: runs and compiles per core, experiments by cores and free memory', () => {
  assert.deepEqual(defaultLimits({ cores: 8, freeMemoryBytes: 4.5 * GiB }, GiB), {
    activeRuns: 8,
    experiments: 4,
    compiles: 8,
  });
  assert.equal(defaultLimits({ cores: 2, freeMemoryBytes: 64 * GiB }, GiB).experiments, 2);
  assert.equal(defaultLimits({ cores: 4, freeMemoryBytes: 0.5 * GiB }, GiB).experiments, 1);
});

test('the limit settings override the defaults and are validated', () => {
  const machine = { cores: 16, freeMemoryBytes: 32 * GiB };
  const config = loadConfig(
    {
      RESEARCH_MAX_ACTIVE_RUNS: '2',
      RESEARCH_MAX_EXPERIMENTS: '1',
      RESEARCH_SANDBOX_MEMORY_MB: '2048',
      RESEARCH_SSE_MAX_BUFFERED_BYTES: '65536',
    },
    machine,
  );
  assert.deepEqual(config.limits, { activeRuns: 2, experiments: 1, compiles: 16 });
  assert.equal(config.sseMaxBufferedBytes, 65536);
  assert.equal(loadConfig({}, machine).limits.experiments, 16);
  assert.equal(loadConfig({}, machine).sseMaxBufferedBytes, 1024 * 1024);
  assert.throws(
    () => loadConfig({ RESEARCH_MAX_ACTIVE_RUNS: '0' }, machine),
    /RESEARCH_MAX_ACTIVE_RUNS/,
  );
});
