import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiKeyVerifier, parseApiKeys } from '../src/auth/api-keys.ts';
import { TokenService, bearerFromUpgrade } from '../src/auth/tokens.ts';
import { TokenBucket } from '../src/limits/token-bucket.ts';
import { SessionSlots } from '../src/limits/session-slots.ts';
import { Semaphore } from '../src/limits/semaphore.ts';
import { loadConfig } from '../src/config.ts';

test('API keys map to tenants; unknown and empty keys do not', () => {
  const v = new ApiKeyVerifier(parseApiKeys(' k1:alpha , k:2:beta '));
  assert.equal(v.tenantFor('k1'), 'alpha');
  assert.equal(v.tenantFor('k:2'), 'beta', 'the last colon separates the tenant');
  assert.equal(v.tenantFor('k1 '), undefined);
  assert.equal(v.tenantFor(''), undefined);
  assert.equal(v.tenantFor(undefined), undefined);
  assert.throws(() => parseApiKeys('nokey'), /pairs/);
  assert.throws(() => parseApiKeys(''), /no key/);
});

test('tokens: issued, verified, refused when tampered', async () => {
  const tokens = new TokenService('x'.repeat(32));
  const { token } = await tokens.issue('alpha', 'sess_1');
  const ok = await tokens.verify(token);
  assert.ok(ok.ok && ok.claims.sub === 'alpha' && ok.claims.sid === 'sess_1');
  const [h, p, s] = token.split('.');
  const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
  const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'beta' })).toString('base64url')}.${s}`;
  assert.deepEqual(await tokens.verify(tampered), { ok: false, reason: 'invalid token' });
  assert.equal((await tokens.verify('a'.repeat(5000))).ok, false);
  assert.throws(() => new TokenService('short'), /32 bytes/);
  assert.deepEqual(bearerFromUpgrade({ authorization: 'Bearer abc' }), {
    token: 'abc',
    subprotocol: null,
  });
  assert.deepEqual(bearerFromUpgrade({ 'sec-websocket-protocol': 'json, bearer.xyz' }), {
    token: 'xyz',
    subprotocol: 'bearer.xyz',
  });
  assert.deepEqual(bearerFromUpgrade({}), { token: null, subprotocol: null });
});

test('token bucket refills per minute', () => {
  let now = 0;
  const b = new TokenBucket(600, () => now);
  assert.ok(b.tryTake(600));
  assert.ok(!b.tryTake(1));
  now = 1000; // one second refills 10 tokens
  assert.ok(b.tryTake(10));
  assert.ok(!b.tryTake(1));
  b.charge(100);
  now = 11_000;
  assert.equal(b.available, 0);
});

test('session slots and semaphores', () => {
  const slots = new SessionSlots(3, (t) => (t === 'big' ? 3 : 1));
  assert.deepEqual(slots.acquire('a'), { ok: true });
  assert.deepEqual(slots.acquire('a'), { ok: false, reason: 'tenant_session_limit' });
  assert.deepEqual(slots.acquire('big'), { ok: true });
  assert.deepEqual(slots.acquire('big'), { ok: true });
  assert.deepEqual(slots.acquire('big'), { ok: false, reason: 'capacity_exceeded' });
  slots.release('a');
  slots.release('a');
  assert.equal(slots.inUse(), 2);
  const sem = new Semaphore(1);
  const release = sem.tryAcquire();
  assert.ok(release);
  assert.equal(sem.tryAcquire(), null);
  release();
  release();
  assert.equal(sem.inUse, 0);
});

test('configuration: development defaults warn; production requires secrets; bad values are named', () => {
  const dev = loadConfig({});
  assert.equal(dev.apiKeys.get('dev-local-key'), 'dev');
  assert.ok(dev.warnings.some((w) => w.includes('VOICE_API_KEYS')));
  assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /VOICE_API_KEYS/);
  assert.throws(() => loadConfig({ VOICE_PORT: 'eighty' }), /VOICE_PORT/);
  assert.throws(() => loadConfig({ VOICE_TENANT_LIMITS: '{bad' }), /VOICE_TENANT_LIMITS/);
  const limited = loadConfig({
    VOICE_TENANT_LIMITS: '{"t1":{"max_sessions":9,"max_session_minutes":1}}',
  });
  assert.equal(limited.limits.tenantMaxSessions('t1'), 9);
  assert.equal(limited.limits.tenantMaxSessions('t2'), 5);
  assert.equal(limited.limits.maxSessionMs('t1'), 60_000);
  assert.equal(limited.limits.maxSessionMs('t2'), 30 * 60_000);
  assert.equal(limited.limits.maxFrameBytes, 32 * 1024);
});
