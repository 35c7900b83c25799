import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../src/testing/postgres.ts';
import { call, readSse, type SseMessage } from './helpers.ts';
import {
  startResearchProcess,
  type ResearchProcess as Instance,
} from '../src/testing/service-process.ts';
import { metricValue } from './metrics-helpers.ts';

// Several service processes on one Postgres, as a deployment runs them: any instance serves
// any run, a worker's death hands its run to another, and Postgres may restart under them.
const skip = postgresSkipReason();
let pg: TestPostgres;
const started: Instance[] = [];

const instance = async (name: string, env: Record<string, string> = {}) => {
  const it = await startResearchProcess({
    name,
    env: {
      RESEARCH_DATABASE_URL: pg.url,
      RESEARCH_QUEUE_LEASE_MS: '2000',
      RESEARCH_MAX_ACTIVE_RUNS: '2',
      RESEARCH_PAUSE_AFTER: '',
      ...env,
    },
  });
  started.push(it);
  return it;
};

before(async () => {
  if (!skip) pg = await startPostgres();
});
after(async () => {
  await Promise.allSettled(started.map((i) => i.stop()));
  await pg?.stop();
});

/** This instance's runs executing now (its run slots in use). */
async function runsExecuting(instance: Instance): Promise<number> {
  const text = await fetch(`${instance.api}/metrics`).then((r) => r.text());
  return metricValue(text, 'research_slots_in_use', { kind: 'run' }) ?? NaN;
}

const events = async (i: Instance, runId: string) =>
  (await call('GET', `${i.api}/runs/${runId}/events`)).body as { seq: number }[];

test(
  'two instances, 30 runs: at most 2 per worker, all complete, the same trail from either',
  { skip },
  async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    for (const user of ['ana', 'ben', 'cy'])
      assert.equal((await call('POST', `${a.api}/users`, { user_id: user })).status, 201);
    const runIds: string[] = [];
    for (let i = 0; i < 30; i++) {
      const target = i % 2 === 0 ? a : b;
      const res = await call('POST', `${target.api}/runs`, {
        user_id: ['ana', 'ben', 'cy'][i % 3],
        topic: `soil microbes and drought, variant ${i}`,
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      runIds.push(res.body.run_id);
    }
    const most = { a: 0, b: 0 };
    const deadline = Date.now() + 600_000;
    for (;;) {
      most.a = Math.max(most.a, await runsExecuting(a));
      most.b = Math.max(most.b, await runsExecuting(b));
      const runs = (await call('GET', `${b.api}/runs`)).body as { status: string }[];
      const failed = runs.filter((r) => r.status === 'failed');
      assert.deepEqual(failed, [], 'no run fails');
      if (runs.length === 30 && runs.every((r) => r.status === 'completed')) break;
      assert.ok(Date.now() < deadline, `not all complete: ${runs.map((r) => r.status).join(',')}`);
      await sleep(200);
    }
    assert.ok(
      most.a <= 2 && most.b <= 2,
      `runs executing at once per worker: ${JSON.stringify(most)}`,
    );
    assert.ok(most.a > 0 && most.b > 0, `both workers took runs: ${JSON.stringify(most)}`);
    for (const runId of runIds) {
      const [fromA, fromB] = [await events(a, runId), await events(b, runId)];
      assert.deepEqual(fromA, fromB, `${runId}: the same trail from both instances`);
      assert.deepEqual(
        fromA.map((e) => e.seq),
        fromA.map((_, i) => i + 1),
      );
    }
    await Promise.all([a.stop(), b.stop()]);
  },
);

test(
  'a worker killed in the coding stage: the other finishes the run, the trail has no gap or duplicate',
  { skip },
  async () => {
    // One worker and one API instance, so the run is on the worker; a second worker joins later.
    const api = await instance('api', { RESEARCH_ROLE: 'api' });
    const doomed = await instance('doomed', { RESEARCH_ROLE: 'worker' });
    assert.equal((await call('POST', `${api.api}/users`, { user_id: 'dee' })).status, 201);
    const run = await call('POST', `${api.api}/runs`, {
      user_id: 'dee',
      topic: 'urban heat islands',
    });
    const runId = run.body.run_id as string;
    let survivor: Instance | undefined;
    const seen: SseMessage[] = [];
    await readSse(`${api.api}/runs/${runId}/stream`, {
      timeoutMs: 240_000,
      onEvent: async (m) => {
        seen.push(m);
        const d = m.data as {
          type: string;
          data: { kind?: string; metadata?: { stage?: string } };
        };
        if (!survivor && d.type === 'trajectory_event' && d.data.metadata?.stage === 'coding') {
          doomed.kill();
          survivor = await instance('survivor', { RESEARCH_ROLE: 'worker' });
        }
      },
    });
    assert.ok(survivor, 'the coding stage started and the worker was killed in it');
    const types = seen.map((m) => m.data.type);
    assert.equal(types.at(-1), 'stream_end');
    assert.ok(types.includes('run_completed'), types.join(','));
    const trail = await events(api, runId);
    assert.deepEqual(
      trail.map((e) => e.seq),
      trail.map((_, i) => i + 1),
      'no gap, no duplicate',
    );
    assert.deepEqual(
      seen.map((m) => m.data.seq),
      trail.map((e) => e.seq),
      'the stream saw the whole trail',
    );
    const stages = (trail as unknown as { type: string; data: { stage?: string } }[])
      .filter((e) => e.type === 'stage_completed')
      .map((e) => e.data.stage);
    assert.deepEqual(stages, [...new Set(stages)], 'no completed stage ran again');
    assert.equal((await call('GET', `${api.api}/runs/${runId}`)).body.status, 'completed');
    const pdf = await fetch(`${api.api}/runs/${runId}/paper.pdf`);
    assert.equal(pdf.status, 200, 'the paper made on another machine is served here');
    await Promise.all([api.stop(), survivor!.stop()]);
  },
);

test(
  'Postgres restarted mid-run: the instance reports unready, recovers without a restart, loses no run',
  { skip },
  async () => {
    const one = await instance('one');
    assert.equal((await call('POST', `${one.api}/users`, { user_id: 'eve' })).status, 201);
    const run = await call('POST', `${one.api}/runs`, { user_id: 'eve', topic: 'coral bleaching' });
    const runId = run.body.run_id as string;
    // Down in the middle of the run: once it has completed a stage and before it ends.
    let before = run.body;
    while (before.stages_completed.length === 0 && before.status !== 'completed') {
      await sleep(20);
      before = (await call('GET', `${one.api}/runs/${runId}`)).body;
    }
    await pg.kill();
    assert.equal(before.status, 'running', 'Postgres went down while the run was running');
    let unready = false;
    for (let i = 0; i < 50 && !unready; i++) {
      unready = (await call('GET', `${one.api}/readyz`)).status === 503;
      if (!unready) await sleep(100);
    }
    assert.ok(unready, 'readyz is 503 while Postgres is down');
    await sleep(1500);
    await pg.start();
    const deadline = Date.now() + 180_000;
    let status = '';
    while (Date.now() < deadline) {
      const ready = await call('GET', `${one.api}/readyz`);
      const snap = ready.status === 200 ? await call('GET', `${one.api}/runs/${runId}`) : null;
      status = snap?.body.status ?? status;
      if (status === 'completed' || status === 'failed') break;
      await sleep(250);
    }
    assert.equal(status, 'completed', one.stderr().slice(-3000));
    const trail = await events(one, runId);
    assert.deepEqual(
      trail.map((e) => e.seq),
      trail.map((_, i) => i + 1),
    );
    await one.stop();
  },
);
