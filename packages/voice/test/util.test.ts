import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncQueue } from '../src/util/async-queue.ts';
import { Pool, PoolTimeoutError } from '../src/util/pool.ts';
import { ERROR_CODES, VoiceError, toVoiceError } from '../src/errors.ts';

test('AsyncQueue delivers in order, ends, fails, and drops items after the end', async () => {
  const q = new AsyncQueue<number>();
  q.push(1);
  setTimeout(() => {
    q.push(2);
    q.end();
    q.push(3);
  }, 5);
  const got: number[] = [];
  for await (const x of q) got.push(x);
  assert.deepEqual(got, [1, 2]);

  const f = new AsyncQueue<number>();
  f.push(1);
  f.fail(new Error('boom'));
  const seen: number[] = [];
  await assert.rejects(async () => {
    for await (const x of f) seen.push(x);
  }, /boom/);
  assert.deepEqual(seen, [1]);
});

test('Pool reuses, caps, queues FIFO, times out and replaces discarded items', async () => {
  let made = 0;
  const destroyed: number[] = [];
  const pool = new Pool<number>({
    max: 2,
    create: async () => ++made,
    destroy: (n) => void destroyed.push(n),
  });
  const a = await pool.acquire();
  const b = await pool.acquire();
  assert.deepEqual([a, b], [1, 2]);
  await assert.rejects(pool.acquire(20), PoolTimeoutError);
  const waiting = pool.acquire(1000);
  const controller = new AbortController();
  const aborted = pool.acquire(1000, controller.signal);
  controller.abort(new Error('gone'));
  await assert.rejects(aborted, /gone/);
  pool.release(a);
  assert.equal(await waiting, 1, 'the waiter got the released item');
  const next = pool.acquire(1000);
  pool.discard(b);
  assert.equal(await next, 3, 'a discarded item is replaced for the waiter');
  assert.deepEqual(destroyed, [2]);
  pool.release(1);
  pool.release(3);
  assert.deepEqual(pool.stats, { alive: 2, idle: 2, waiting: 0, max: 2 });
  await pool.close();
  assert.deepEqual(destroyed.sort(), [1, 2, 3]);
  await assert.rejects(pool.acquire(), /closed/);
});

test('error codes are registered with a status, and wrapping keeps VoiceErrors', () => {
  for (const code of [
    'invalid_audio',
    'stt_unavailable',
    'tts_unavailable',
    'speech_capacity_exceeded',
  ] as const) {
    assert.ok(ERROR_CODES[code].status >= 400);
  }
  const e = new VoiceError('tts_unavailable', 'x');
  assert.equal(toVoiceError(e), e);
  assert.equal(toVoiceError(new Error('y'), 'stt_unavailable').code, 'stt_unavailable');
  assert.equal(new VoiceError('internal_error', 'z').recoverable, false);
});
