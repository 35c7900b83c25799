import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { SharedState } from '../src/cluster/shared-state.ts';
import { RedisSocketLeases } from '../src/cluster/socket-leases.ts';
import { RedisSessionSlots } from '../src/limits/redis-session-slots.ts';
import { RedisModelTokenBuckets } from '../src/limits/redis-token-bucket.ts';
import { TokenBucket } from '../src/limits/token-bucket.ts';
import { VoiceError } from '../src/errors.ts';
import { REDIS_MISSING, RedisServer } from './helpers/redis.ts';

// Real redis-server, real classes; nothing is mocked. Each test has its own server.

interface Instance {
  shared: SharedState;
  slots: RedisSessionSlots;
  leases: RedisSocketLeases;
  buckets: RedisModelTokenBuckets;
  logs: string[];
}

/** One "instance": the shared state and the Redis-backed limits, as the service wires them. */
function instance(
  url: string,
  id: string,
  options: { ttlMs?: number; tenantLimit?: number; perMinute?: number } = {},
): Instance {
  const logs: string[] = [];
  const shared = new SharedState(
    {
      redisUrl: url,
      keyPrefix: 'test:',
      timeoutMs: 500,
      leaseTtlMs: options.ttlMs ?? 1000,
      instanceId: id,
    },
    {
      info: (_obj, msg) => void logs.push(`info: ${msg}`),
      warn: (_obj, msg) => void logs.push(`warn: ${msg}`),
      debug: () => undefined,
    },
  );
  const slots = new RedisSessionSlots(shared, 100, () => options.tenantLimit ?? 5);
  const leases = new RedisSocketLeases(shared);
  const buckets = new RedisModelTokenBuckets(shared, options.perMinute ?? 600);
  shared.start(() => ({
    capacity: 100,
    sessions: slots.inUse(),
    live_sockets: leases.size,
    draining: false,
  }));
  return { shared, slots, leases, buckets, logs };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

/** Stops an instance the way a crash would: no release, no more heartbeats. */
function crash(i: Instance): void {
  i.shared.redis.disconnect();
}

const skip = REDIS_MISSING;

test(
  'tenant slots: concurrent acquires from two instances never exceed the limit',
  { skip },
  async () => {
    const redis = await RedisServer.start();
    const a = instance(redis.url, 'a', { tenantLimit: 5 });
    const b = instance(redis.url, 'b', { tenantLimit: 5 });
    const probe = new Redis(redis.url, { keyPrefix: 'test:' });
    try {
      await until('both are connected', () => a.shared.available && b.shared.available);
      const attempts = [...Array(20).keys()].flatMap((i) =>
        [a, b].map(async (who) => {
          const id = `sess_${who === a ? 'a' : 'b'}${i}`;
          return { who, id, result: await who.slots.acquire('acme', id) };
        }),
      );
      const outcomes = await Promise.all(attempts);
      const granted = outcomes.filter((o) => o.result.ok);
      assert.equal(granted.length, 5, 'exactly the limit is granted');
      for (const o of outcomes.filter((x) => !x.result.ok))
        assert.deepEqual(o.result, { ok: false, reason: 'tenant_session_limit' });
      assert.equal(await probe.zcard('tenant:acme:sessions'), 5);
      assert.equal(a.slots.inUse('acme') + b.slots.inUse('acme'), 5);
      assert.deepEqual(
        await a.slots.acquire('other', 'sess_o1'),
        { ok: true },
        'tenants are apart',
      );

      // Two slots released (on whichever instance holds them) are two slots for the other.
      for (const o of granted.slice(0, 2)) o.who.slots.release('acme', o.id);
      await until(
        'the releases reach Redis',
        async () => (await probe.zcard('tenant:acme:sessions')) === 3,
      );
      const again = await Promise.all(
        [...Array(4).keys()].map((i) => (i % 2 ? a : b).slots.acquire('acme', `sess_n${i}`)),
      );
      assert.equal(again.filter((r) => r.ok).length, 2);
    } finally {
      probe.disconnect();
      await Promise.all([a.shared.close(), b.shared.close()]);
      await redis.close();
    }
  },
);

test(
  'tenant slots of an instance that stops renewing come free within the lease TTL',
  { skip },
  async () => {
    const redis = await RedisServer.start();
    const ttlMs = 600;
    const a = instance(redis.url, 'a', { ttlMs, tenantLimit: 3 });
    const b = instance(redis.url, 'b', { ttlMs, tenantLimit: 3 });
    try {
      await until('both are connected', () => a.shared.available && b.shared.available);
      assert.deepEqual(await a.slots.acquire('acme', 'sess_1'), { ok: true });
      assert.deepEqual(await a.slots.acquire('acme', 'sess_2'), { ok: true });
      assert.deepEqual(await b.slots.acquire('acme', 'sess_3'), { ok: true });
      await until('b sees both instances', () => b.shared.describe().instances.length === 2);
      crash(a);
      const crashedAt = Date.now();
      assert.deepEqual(await b.slots.acquire('acme', 'sess_4'), {
        ok: false,
        reason: 'tenant_session_limit',
      });
      await until(
        "a's slots have expired",
        async () => (await b.slots.acquire('acme', 'sess_4')).ok,
        ttlMs * 4,
      );
      const freedAfter = Date.now() - crashedAt;
      assert.ok(freedAfter <= ttlMs + 300, `freed ${freedAfter} ms after the crash`);
      // b's own slot outlived several TTLs because its heartbeat renews it.
      await sleep(ttlMs * 2);
      assert.deepEqual(await b.slots.acquire('acme', 'sess_5'), { ok: true });
      assert.deepEqual(await b.slots.acquire('acme', 'sess_6'), {
        ok: false,
        reason: 'tenant_session_limit',
      });
      assert.deepEqual(
        b.shared.describe().instances.map((i) => i.id),
        ['b'],
        "a's report expired too",
      );
      await until(
        "the next report counts b's sessions",
        () => b.shared.describe().totals.sessions === 3,
      );
    } finally {
      await Promise.all([a.shared.close(), b.shared.close()]);
      await redis.close();
    }
  },
);

test(
  'live-socket leases: seen by other instances, released on close, expiring with a crashed holder',
  { skip },
  async () => {
    const redis = await RedisServer.start();
    const ttlMs = 600;
    const a = instance(redis.url, 'a', { ttlMs });
    const b = instance(redis.url, 'b', { ttlMs });
    try {
      await until('both are connected', () => a.shared.available && b.shared.available);
      a.leases.hold('sess_1');
      await until('b sees the lease', () => b.leases.heldElsewhere('sess_1'));
      assert.equal(await a.leases.heldElsewhere('sess_1'), false, 'the holder is not "elsewhere"');
      await sleep(ttlMs * 2);
      assert.equal(await b.leases.heldElsewhere('sess_1'), true, 'renewed by the heartbeat');
      // Only the holder's release deletes it.
      b.leases.release('sess_1');
      a.leases.hold('sess_2');
      await until('b sees the second lease', () => b.leases.heldElsewhere('sess_2'));
      assert.equal(await b.leases.heldElsewhere('sess_1'), true);
      a.leases.release('sess_1');
      await until(
        'the release reaches Redis',
        async () => !(await b.leases.heldElsewhere('sess_1')),
      );

      crash(a);
      const crashedAt = Date.now();
      await until(
        "the crashed holder's lease expired",
        async () => !(await b.leases.heldElsewhere('sess_2')),
        ttlMs * 4,
      );
      assert.ok(Date.now() - crashedAt <= ttlMs + 300);
    } finally {
      await Promise.all([a.shared.close(), b.shared.close()]);
      await redis.close();
    }
  },
);

test(
  'shared token bucket: TokenBucket arithmetic, one budget for all instances, atomic takes',
  { skip },
  async () => {
    const redis = await RedisServer.start();
    const a = instance(redis.url, 'a', { perMinute: 600 });
    const b = instance(redis.url, 'b', { perMinute: 600 });
    try {
      await until('both are connected', () => a.shared.available && b.shared.available);
      // 600 a minute is 10 a second: the few milliseconds between calls refill at most a token.
      const local = new TokenBucket(600);
      assert.equal(await a.buckets.for('m').tryTake(500), local.tryTake(500));
      assert.equal(
        await b.buckets.for('m').tryTake(200),
        local.tryTake(200),
        'b draws on the same budget',
      );
      const left = await b.buckets.for('m').available();
      assert.ok(left >= 100 && left <= 103, `${left} left`);
      a.buckets.for('m').charge(1000);
      await until('the charge is applied', async () => (await a.buckets.for('m').available()) < 0);
      const floor = await b.buckets.for('m').available();
      assert.ok(
        floor >= -600 && floor <= -597,
        `an overrun stops at minus the per-minute amount (${floor})`,
      );

      const takes = [...Array(30).keys()].flatMap(() => [
        a.buckets.for('n').tryTake(30),
        b.buckets.for('n').tryTake(30),
      ]);
      const granted = (await Promise.all(takes)).filter(Boolean).length;
      assert.equal(granted, 20, '600 tokens are 20 takes of 30, whoever asks');
      assert.equal(
        a.logs.filter((l) => l.includes('alone')).length,
        0,
        'no fallback while Redis is up',
      );
    } finally {
      await Promise.all([a.shared.close(), b.shared.close()]);
      await redis.close();
    }
  },
);

test(
  'Redis down at start, lost and back: new slots fail fast, buckets fall back, leases are restored',
  { skip },
  async () => {
    const redis = await RedisServer.start();
    await redis.stop();
    const a = instance(redis.url, 'a', { ttlMs: 600, perMinute: 600 });
    const probe = new Redis(redis.url, { keyPrefix: 'test:', lazyConnect: true });
    try {
      const refusedWithin = async () => {
        const started = Date.now();
        await assert.rejects(
          a.slots.acquire('acme', `sess_${Date.now()}`),
          (err: unknown) => err instanceof VoiceError && err.code === 'shared_state_unavailable',
        );
        return Date.now() - started;
      };
      assert.equal(a.shared.available, false);
      assert.ok((await refusedWithin()) < 100, 'refused at once while Redis was never there');
      assert.equal(await a.buckets.for('m').tryTake(500), true, "this instance's own bucket");
      assert.equal(await a.buckets.for('m').tryTake(500), false, 'which counts too');

      await redis.start();
      await until('connected', () => a.shared.available);
      assert.deepEqual(await a.slots.acquire('acme', 'sess_1'), { ok: true });
      a.leases.hold('sess_1');
      assert.equal(await a.buckets.for('m').tryTake(500), true, 'the shared bucket is a new one');

      await redis.stop();
      await until('the loss is noticed', () => !a.shared.available);
      assert.ok((await refusedWithin()) < 100, 'refused at once after the loss');
      assert.equal(await a.buckets.for('m').tryTake(1), true, 'falls back again');

      await redis.start(); // empty: nothing was persisted
      await until('reconnected', () => a.shared.available);
      await probe.connect();
      assert.deepEqual(
        await probe.zrange('tenant:acme:sessions', '0', '-1'),
        ['sess_1'],
        'slot restored',
      );
      assert.equal(await probe.get('session:sess_1:socket'), 'a', 'lease restored');
      assert.ok(await probe.hget('instances', 'a'), 'report restored');
      assert.deepEqual(await a.slots.acquire('acme', 'sess_2'), { ok: true });
      assert.equal(await a.buckets.for('m').tryTake(1), true);
      const logs = a.logs.join('\n');
      assert.match(logs, /redis is not reachable: new sessions are refused/);
      assert.match(logs, /redis connected/);
      assert.match(logs, /redis is unavailable: new sessions are refused/);
      assert.match(logs, /redis is reachable again/);
      assert.match(logs, /counted by this instance alone/);
      assert.match(logs, /counted across instances again/);
    } finally {
      probe.disconnect();
      await a.shared.close();
      await redis.close();
    }
  },
);

test(
  'a Redis that stops answering is noticed within the timeout: nothing waits on it for longer',
  { skip },
  async () => {
    const redis = await RedisServer.start();
    const a = instance(redis.url, 'a', { ttlMs: 600 });
    try {
      await until('connected', () => a.shared.available);
      redis.pause();
      const started = Date.now();
      await assert.rejects(
        a.slots.acquire('acme', 'sess_1'),
        (err: unknown) => err instanceof VoiceError && err.code === 'shared_state_unavailable',
      );
      const waited = Date.now() - started;
      assert.ok(waited < 500 + 300, `refused after ${waited} ms (timeout 500 ms)`);
      await until('the failed heartbeat marks it unavailable', () => !a.shared.available, 2000);
      const refusedAt = Date.now();
      await assert.rejects(a.slots.acquire('acme', 'sess_2'));
      assert.ok(Date.now() - refusedAt < 100, 'then refused without waiting at all');
      assert.equal(await a.buckets.for('m').tryTake(1), true, 'the bucket falls back');

      redis.resume();
      await until('available again', () => a.shared.available, 5000);
      assert.deepEqual(await a.slots.acquire('acme', 'sess_3'), { ok: true });
    } finally {
      redis.resume();
      await a.shared.close();
      await redis.close();
    }
  },
);
