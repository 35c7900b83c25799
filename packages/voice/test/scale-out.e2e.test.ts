import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEY, JWT_SECRET, createSession, VoiceClient } from './helpers/service.ts';
import { freePort } from '@hikma/service-kit/testing';
import { REDIS_MISSING, RedisServer } from './helpers/redis.ts';

// Two instances of the real service (src/main.ts as its own process, as `npm run voice`
// starts it) behind no load balancer, sharing one real redis-server.

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;
const LEASE_TTL_MS = 1500;
const TENANT_LIMIT = 3;

const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach(kill));

/** SIGKILL to the instance's process group: it dies at once, with nothing cleaned up. */
function kill(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

interface Instance {
  id: string;
  http: string;
  child: ChildProcess;
  /** The process's log (pino JSON lines), for failure messages and log assertions. */
  output: () => string;
}

async function startInstance(id: string, redisUrl: string, dataDir: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      VOICE_PORT: String(port),
      VOICE_DATA_DIR: join(dataDir, id),
      VOICE_API_KEYS: `${API_KEY}:tenant-a`,
      VOICE_JWT_SECRET: JWT_SECRET,
      VOICE_TENANT_MAX_SESSIONS: String(TENANT_LIMIT),
      VOICE_REDIS_URL: redisUrl,
      VOICE_REDIS_PREFIX: 'e2e:',
      VOICE_REDIS_TIMEOUT_MS: '300',
      VOICE_LEASE_TTL_MS: String(LEASE_TTL_MS),
      VOICE_INSTANCE_ID: id,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a kill takes tsx's helper processes along, as in a container.
    detached: true,
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const instance = { id, http: `http://127.0.0.1:${port}`, child, output: () => output };
  await until(`instance ${id} is ready`, async () => (await readyz(instance)) === 200, 30_000);
  return instance;
}

async function readyz(instance: Instance): Promise<number> {
  try {
    return (await fetch(`${instance.http}/readyz`)).status;
  } catch {
    return 0;
  }
}

async function healthz(instance: Instance): Promise<any> {
  return (await fetch(`${instance.http}/healthz`)).json();
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

/** The handle with its socket URL pointed at another instance (same token, same session). */
function at(handle: any, instance: Instance): any {
  const url = new URL(handle.ws_url);
  return { ...handle, ws_url: `ws://${new URL(instance.http).host}${url.pathname}${url.search}` };
}

describe('two instances sharing one Redis', { skip: REDIS_MISSING }, () => {
  let redis: RedisServer;
  let a: Instance;
  let b: Instance;
  const dataDir = mkdtempSync(join(tmpdir(), 'voice-scale-out-'));
  const sessionsOnA: any[] = [];
  const sessionsOnB: any[] = [];
  const clients: VoiceClient[] = [];

  before(async () => {
    redis = await RedisServer.start();
    [a, b] = await Promise.all([
      startInstance('a', redis.url, dataDir),
      startInstance('b', redis.url, dataDir),
    ]);
  });

  after(async () => {
    for (const client of clients) client.ws.terminate();
    for (const instance of [a, b]) if (instance) kill(instance.child);
    await redis?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the tenant limit across both instances and shows the cluster in /healthz', async () => {
    const routed = await fetch(`${a.http}/v1/sessions?route=r-17`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: '{}',
    });
    assert.equal(routed.status, 201);
    const first = (await routed.json()) as any;
    assert.equal(
      first.ws_url,
      `ws://${new URL(a.http).host}/v1/voice?route=r-17`,
      'the routing key goes into ws_url',
    );
    sessionsOnA.push(first);
    const second = await createSession(a.http, { turn_detection: { type: 'none' } });
    assert.equal(second.status, 201);
    sessionsOnA.push(second.body);
    const third = await createSession(b.http, { turn_detection: { type: 'none' } });
    assert.equal(third.status, 201);
    sessionsOnB.push(third.body);

    for (const instance of [a, b]) {
      const refused = await createSession(instance.http);
      assert.equal(refused.status, 429, `a fourth session on ${instance.id}`);
      assert.equal(refused.body.error.code, 'tenant_session_limit');
    }

    await until('both report their sessions', async () => {
      const cluster = (await healthz(a)).cluster;
      return cluster.instances.length === 2 && cluster.totals.sessions === 3;
    });
    const cluster = (await healthz(b)).cluster;
    assert.equal(cluster.instance_id, 'b');
    assert.equal(cluster.redis, 'up');
    assert.deepEqual(
      cluster.instances.map((i: any) => [i.id, i.capacity, i.draining]),
      [
        ['a', 250, false],
        ['b', 250, false],
      ],
    );
    const metrics = await (await fetch(`${a.http}/metrics`)).text();
    assert.match(metrics, /shared_state_available\S* 1/);
    assert.match(metrics, /cluster_instances\S* 2/);
  });

  it('refuses a second socket for a session with 4409, on either instance', async () => {
    const handle = sessionsOnA[0];
    const live = await VoiceClient.connect(handle);
    clients.push(live);
    await live.waitFor('session.created');
    await until('the live-socket lease is visible', async () =>
      (await healthz(a)).cluster.instances.some((i: any) => i.id === 'a' && i.live_sockets === 1),
    );

    const sameInstance = await VoiceClient.connect(handle);
    assert.equal((await sameInstance.waitClosed()).code, 4409);
    const otherInstance = await VoiceClient.connect(at(handle, b));
    const closed = await otherInstance.waitClosed();
    assert.equal(closed.code, 4409, closed.reason);
    assert.match(closed.reason, /another instance/);

    // A session without a live socket is simply unknown elsewhere.
    const idle = await VoiceClient.connect(at(sessionsOnA[1], b));
    assert.equal((await idle.waitClosed()).code, 4401);
    assert.equal(live.closeCode, null, 'the first socket is untouched');
  });

  it('frees the slots of a SIGKILLed instance within the lease TTL', async () => {
    const exited = new Promise((resolve) => a.child.once('exit', resolve));
    kill(a.child);
    await exited;
    const killedAt = Date.now();
    assert.equal((await createSession(b.http)).status, 429, "a's two slots are still leased");

    await until('a session can be created again', async () => {
      const created = await createSession(b.http, { turn_detection: { type: 'none' } });
      if (created.status === 201) sessionsOnB.push(created.body);
      return created.status === 201;
    });
    const freedAfterMs = Date.now() - killedAt;
    assert.ok(freedAfterMs <= LEASE_TTL_MS + 500, `freed ${freedAfterMs} ms after the kill`);
    const another = await createSession(b.http, { turn_detection: { type: 'none' } });
    assert.equal(another.status, 201, "both of the dead instance's slots came free");
    sessionsOnB.push(another.body);
    assert.equal((await createSession(b.http)).status, 429, 'and the limit holds again');
    await until('a left the cluster view', async () =>
      (await healthz(b)).cluster.instances.every((i: any) => i.id !== 'a'),
    );
  });

  it('with Redis down refuses new sessions (503) and goes unready, while a live session completes a turn', async () => {
    const client = await VoiceClient.connect(sessionsOnB[0]);
    clients.push(client);
    await client.waitFor('session.created');

    await redis.stop();
    await until('b is not ready', async () => (await readyz(b)) === 503, 5000);
    const started = Date.now();
    const refused = await createSession(b.http);
    assert.equal(refused.status, 503);
    assert.equal(refused.body.error.code, 'shared_state_unavailable');
    assert.ok(Date.now() - started < 1000, 'answered at once, not after a hang');
    assert.equal((await fetch(`${b.http}/healthz`)).status, 200, 'still alive');
    assert.equal((await healthz(b)).cluster.redis, 'down');

    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'hello there' },
    });
    const done = await client.waitFor('response.done');
    assert.equal(done.status, 'completed');
    assert.ok(client.frames.length > 0, 'the reply was spoken');
    assert.match(b.output(), /counted by this instance alone/);

    // Its socket closes while Redis is away: the slot is freed here and simply not renewed.
    client.close();
    await client.waitClosed();
  });

  it('takes new sessions again once Redis is back, without a restart', async () => {
    await redis.start(); // empty: the heartbeat restores the leases of b's sessions
    await until('b is ready again', async () => (await readyz(b)) === 200);
    const created = await createSession(b.http);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const refused = await createSession(b.http);
    assert.equal(refused.status, 429, 'two restored slots and the new one make the limit');
    assert.equal((await healthz(b)).cluster.redis, 'up');
    assert.match(b.output(), /redis is reachable again/);
  });
});
