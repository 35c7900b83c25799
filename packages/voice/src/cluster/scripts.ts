import type { Redis, Result } from 'ioredis';

// Every script reads the clock with Redis `TIME`, so expiry scores and token refills do not
// depend on the instances' clocks agreeing. Scripts run atomically: no other command runs
// between a script's read and its write.
const NOW_MS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

// A key shared by several instances is never given a shorter life than it has.
const EXTEND = `
local function extend(key, ttl)
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
`;

/**
 * Tenant slot: KEYS[1] a sorted set of the tenant's session ids scored by lease expiry.
 * ARGV: session id, limit, TTL. Drops expired leases, then adds this one if the count is
 * under the limit (or the session already holds one). Returns 1 when the slot is held.
 */
const SLOT_ACQUIRE = `${NOW_MS}${EXTEND}
local ttl = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
extend(KEYS[1], ttl)
return 1
`;

/**
 * Renews an instance's slots of one tenant: KEYS[1] the tenant's set; ARGV: TTL, session
 * ids. A lease that already expired is added back: its session is still running, so it
 * still counts (e.g. after Redis restarted empty).
 */
const SLOT_RENEW = `${NOW_MS}${EXTEND}
local ttl = tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + ttl, ARGV[i]) end
extend(KEYS[1], ttl)
return #ARGV - 1
`;

/**
 * Live-socket lease: KEYS[1] the session's lease; ARGV: owner (instance id), TTL. SET NX PX,
 * or a renewal when the owner already holds it. Returns 0 when another owner holds it.
 */
const LEASE_CLAIM = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/** Deletes KEYS[1] only if ARGV[1] holds it. */
const LEASE_RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * Instance heartbeat: KEYS[1] a hash id → report (JSON), KEYS[2] a sorted set id → expiry.
 * ARGV: id, report ('' to only read), TTL. Writes this instance's report, forgets instances
 * whose report expired, and returns the hash (the cluster view).
 */
const INSTANCE_BEAT = `${NOW_MS}${EXTEND}
local ttl = tonumber(ARGV[3])
if ARGV[2] ~= '' then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
  extend(KEYS[1], ttl)
  extend(KEYS[2], ttl)
end
local gone = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
for _, id in ipairs(gone) do redis.call('HDEL', KEYS[1], id) end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
return redis.call('HGETALL', KEYS[1])
`;

/**
 * Tokens-per-minute bucket, the same arithmetic as `TokenBucket`: KEYS[1] a hash {tokens,
 * at}; ARGV: tokens per minute, op (take | charge | peek), n. Refills continuously up to the
 * per-minute amount; take succeeds only if n tokens are there; charge may go down to minus
 * the per-minute amount. Returns {1 or 0, tokens after}.
 */
const TOKEN_BUCKET = `${NOW_MS}
local rate = tonumber(ARGV[1])
local n = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = rate
  at = now
end
if now > at then
  tokens = math.min(rate, tokens + (now - at) * rate / 60000)
  at = now
end
local ok = 1
if ARGV[2] == 'take' then
  if n > tokens then ok = 0 else tokens = tokens - n end
elseif ARGV[2] == 'charge' then
  tokens = math.max(-rate, tokens - n)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
-- From its lowest (minus the per-minute amount) a bucket is full again after two minutes,
-- and a full bucket is the same as no bucket.
redis.call('PEXPIRE', KEYS[1], 120000)
return { ok, tostring(tokens) }
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    voiceSlotAcquire(
      key: string,
      sessionId: string,
      limit: number,
      ttlMs: number,
    ): Result<number, Context>;
    voiceSlotRenew(key: string, ttlMs: number, ...sessionIds: string[]): Result<number, Context>;
    voiceLeaseClaim(key: string, owner: string, ttlMs: number): Result<number, Context>;
    voiceLeaseRelease(key: string, owner: string): Result<number, Context>;
    voiceInstanceBeat(
      reportsKey: string,
      expiriesKey: string,
      id: string,
      report: string,
      ttlMs: number,
    ): Result<string[], Context>;
    voiceTokenBucket(
      key: string,
      perMinute: number,
      op: 'take' | 'charge' | 'peek',
      n: number,
    ): Result<[number, string], Context>;
  }
}

/**
 * Defines the scripts as commands of a client. ioredis sends EVALSHA and falls back to EVAL
 * on a connection that does not know a script yet (a new connection, a restarted Redis),
 * in pipelines too.
 */
export function defineScripts(redis: Redis): void {
  redis.defineCommand('voiceSlotAcquire', { numberOfKeys: 1, lua: SLOT_ACQUIRE });
  redis.defineCommand('voiceSlotRenew', { numberOfKeys: 1, lua: SLOT_RENEW });
  redis.defineCommand('voiceLeaseClaim', { numberOfKeys: 1, lua: LEASE_CLAIM });
  redis.defineCommand('voiceLeaseRelease', { numberOfKeys: 1, lua: LEASE_RELEASE });
  redis.defineCommand('voiceInstanceBeat', { numberOfKeys: 2, lua: INSTANCE_BEAT });
  redis.defineCommand('voiceTokenBucket', { numberOfKeys: 1, lua: TOKEN_BUCKET });
}
