// The shared retry loop and policy on their own (the LLM, speech and citation clients test
// it through their servers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  RetryError,
  backoffDelayMs,
  decideRetry,
  parseRetryAfter,
  retrying,
  retryingStream,
} from '../src/index.ts';
import type { RetryPolicy, RetryableFailure } from '../src/index.ts';

const policy: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 100,
  maxDelayMs: 1000,
  jitter: 'full',
  maxRetryAfterMs: 500,
  beyondMaxRetryAfter: 'give-up',
  random: () => 0.5,
};

class Failed extends Error {
  constructor(readonly failure: RetryableFailure & { label: string }) {
    super(failure.label);
  }
}
const classify = (err: unknown) => (err instanceof Failed ? err.failure : undefined);
const fail = (label: string, extra: Partial<RetryableFailure> = {}) =>
  new Failed({ label, retryable: true, ...extra });

test('backoff: full jitter below the cap, or a spread around the exponential wait', () => {
  assert.deepEqual(
    [0, 1, 2, 3, 4].map((n) => backoffDelayMs(n, policy)),
    [50, 100, 200, 400, 500],
  );
  const spread = { ...policy, jitter: 0.25 };
  assert.equal(backoffDelayMs(0, { ...spread, random: () => 0 }), 75);
  assert.equal(backoffDelayMs(0, { ...spread, random: () => 1 }), 125);
  assert.equal(backoffDelayMs(9, spread), 1000, 'capped after the jitter');
});

test('decisions: not retryable, exhausted, Retry-After honoured, capped or refused', () => {
  assert.deepEqual(decideRetry({ retryable: false }, 0, policy), {
    retry: false,
    reason: 'not_retryable',
  });
  assert.deepEqual(decideRetry({ retryable: true }, 2, policy), {
    retry: false,
    reason: 'exhausted',
  });
  assert.deepEqual(decideRetry({ retryable: true, retryAfterMs: 300 }, 0, policy), {
    retry: true,
    delayMs: 300,
  });
  assert.deepEqual(decideRetry({ retryable: true, retryAfterMs: 9000 }, 0, policy), {
    retry: false,
    reason: 'wait_too_long',
    waitMs: 9000,
  });
  const capped = { ...policy, beyondMaxRetryAfter: 'cap' as const };
  assert.deepEqual(decideRetry({ retryable: true, retryAfterMs: 9000 }, 0, capped), {
    retry: true,
    delayMs: 500,
  });
  assert.deepEqual(decideRetry({ retryable: true, immediate: true }, 2, policy), {
    retry: true,
    delayMs: 0,
  });
});

test('parseRetryAfter: seconds, fractions, HTTP dates, garbage', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  assert.equal(parseRetryAfter('2', now), 2000);
  assert.equal(parseRetryAfter(' 0.5 ', now), 500);
  assert.equal(parseRetryAfter('Wed, 01 Jan 2025 00:00:03 GMT', now), 3000);
  assert.equal(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now), 0);
  assert.equal(parseRetryAfter('soon', now), undefined);
  assert.equal(parseRetryAfter(null, now), undefined);
});

test('retrying: waits the decided delays, then resolves', async () => {
  const waits: number[] = [];
  const retries: number[] = [];
  let calls = 0;
  const value = await retrying(
    async (n) => {
      calls++;
      if (n === 1) throw fail('busy');
      if (n === 2) throw fail('slow down', { retryAfterMs: 120 });
      return 'ok';
    },
    {
      policy,
      classify,
      sleep: async (ms) => void waits.push(ms),
      onRetry: (e) => retries.push(e.retry),
    },
  );
  assert.equal(value, 'ok');
  assert.equal(calls, 3);
  assert.deepEqual(waits, [50, 120]);
  assert.deepEqual(retries, [1, 2]);
});

test('retrying: gives up with the last failure and the attempt count', async () => {
  await assert.rejects(
    retrying(
      async () => {
        throw fail('down');
      },
      { policy, classify, sleep: async () => {} },
    ),
    (err: unknown) =>
      err instanceof RetryError &&
      err.reason === 'exhausted' &&
      err.attempts === 3 &&
      (err.failure as { label: string }).label === 'down',
  );
  await assert.rejects(
    retrying(
      async () => {
        throw fail('wait an hour', { retryAfterMs: 3_600_000 });
      },
      { policy, classify },
    ),
    (err: unknown) =>
      err instanceof RetryError && err.reason === 'wait_too_long' && err.waitMs === 3_600_000,
  );
});

test('retrying: errors it does not classify pass through unchanged, at once', async () => {
  const bug = new TypeError('a bug');
  let calls = 0;
  await assert.rejects(
    retrying(
      async () => {
        calls++;
        throw bug;
      },
      { policy, classify },
    ),
    (err) => err === bug,
  );
  assert.equal(calls, 1);
});

test('retrying: immediate failures use no retry and no wait', async () => {
  const waits: number[] = [];
  let calls = 0;
  await assert.rejects(
    retrying(
      async () => {
        calls++;
        throw fail(calls <= 3 ? 'fallback' : 'down', { immediate: calls <= 3 });
      },
      { policy, classify, sleep: async (ms) => void waits.push(ms) },
    ),
    (err) => err instanceof RetryError && err.attempts === 3,
  );
  assert.equal(calls, 6, 'three fallbacks, then the first attempt and two retries');
  assert.deepEqual(waits, [50, 100]);
});

test('retrying: aborting during a wait ends it at once', async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 30);
  const started = Date.now();
  await assert.rejects(
    retrying(
      async () => {
        throw fail('busy', { retryAfterMs: 400 });
      },
      { policy, classify, signal: controller.signal },
    ),
    { name: 'AbortError' },
  );
  assert.ok(Date.now() - started < 300, `took ${Date.now() - started} ms`);
});

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

test('retryingStream: retries before the first item, never after it by default', async () => {
  let calls = 0;
  const items = await collect(
    retryingStream(
      async function* () {
        calls++;
        if (calls === 1) throw fail('refused');
        yield 'a';
        yield 'b';
      },
      { policy, classify, sleep: async () => {} },
    ),
  );
  assert.deepEqual(items, ['a', 'b']);
  const seen: string[] = [];
  await assert.rejects(
    (async () => {
      for await (const item of retryingStream(
        async function* () {
          yield 'partial';
          throw fail('cut');
        },
        { policy, classify, sleep: async () => {} },
      ))
        seen.push(item);
    })(),
    (err) => err instanceof RetryError && err.reason === 'output_started',
  );
  assert.deepEqual(seen, ['partial']);
});

test('retryingStream: a restart item tells the consumer to drop what it had', async () => {
  let calls = 0;
  const items = await collect(
    retryingStream(
      async function* () {
        calls++;
        yield `try ${calls}`;
        if (calls === 1) throw fail('cut');
      },
      { policy, classify, sleep: async () => {}, restart: () => 'RESTART' },
    ),
  );
  assert.deepEqual(items, ['try 1', 'RESTART', 'try 2']);
});

test('retryingStream: a consumer that stops early closes the attempt', async () => {
  let closed = false;
  for await (const item of retryingStream(
    async function* () {
      try {
        yield 1;
        yield 2;
      } finally {
        closed = true;
      }
    },
    { policy, classify },
  ))
    if (item === 1) break;
  assert.equal(closed, true);
});
