import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidOutputError, LLMError } from '@hikma/llm';
import { describeFailure, RunTimeoutError } from './failure.ts';

test('a failed run names the stage and the cause in plain words, clipped', () => {
  assert.equal(
    describeFailure('coding', new Error('the experiment failed')),
    'coding failed: the experiment failed',
  );
  assert.match(
    describeFailure(
      'planning',
      new InvalidOutputError('model output did not match "blueprint" after 3 attempts: x', 3, '{}'),
    ),
    /^planning failed: the language model's answers could not be used \(model output did not match "blueprint"/,
  );
  assert.match(
    describeFailure(
      'writing',
      new LLMError('llm_unavailable', 'openai: request failed: HTTP 500: boom (after 3 attempts)'),
    ),
    /^writing failed: the language model service failed or did not answer in time \(.*HTTP 500/,
  );
  assert.match(
    describeFailure('review', new LLMError('llm_rate_limited', 'openai: rate limited: HTTP 429')),
    /^review failed: .*rate-limited/,
  );
  assert.equal(
    describeFailure('analysis', new RunTimeoutError(90_000)),
    'analysis failed: the run took longer than its limit of 90 s and was stopped',
  );
  const long = describeFailure('coding', new Error(`x${'y'.repeat(200_000)}\n\n z`));
  assert.ok(long.length < 700, 'a 200 KB message is clipped');
  assert.equal(describeFailure(null, 'odd'), 'odd');
});
