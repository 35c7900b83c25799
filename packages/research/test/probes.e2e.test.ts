import { Store } from '../src/store/store.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, readSse, startService } from './helpers.ts';
import { metricValue } from './metrics-helpers.ts';

test('readyz: ready while the store answers and the engine takes runs; 503 {detail} while stopping', async () => {
  const svc = await startService();
  try {
    const ready = await call('GET', `${svc.api}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ready' });

    await svc.service.engine.stop();
    const stopping = await call('GET', `${svc.api}/readyz`);
    assert.equal(stopping.status, 503);
    assert.match(stopping.body.detail, /stopping/);
    assert.equal((await call('GET', `${svc.api}/health`)).status, 200, 'still alive');
  } finally {
    await svc.close();
  }
});

test('readyz: 503 {detail} when the store cannot be reached', async () => {
  const svc = await startService();
  try {
    (svc.service.store as Store).db.close();
    const res = await call('GET', `${svc.api}/readyz`);
    assert.equal(res.status, 503);
    assert.match(res.body.detail, /store/);
  } finally {
    await svc.close();
  }
});

test('metrics: Prometheus text with runs by status, queue, stage durations, slots and SSE subscribers', async () => {
  const svc = await startService({
    RESEARCH_MAX_ACTIVE_RUNS: '3',
    RESEARCH_MAX_EXPERIMENTS: '2',
    RESEARCH_MAX_COMPILES: '1',
  });
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'fay' });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'fay',
      topic: 'dune migration',
      pause_after: ['ideation'],
    });
    let subscribers: number | null = null;
    await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, {
      onEvent: async (m) => {
        if (subscribers === null && m.event === 'run_started') {
          const text = await (await fetch(`${svc.api}/metrics`)).text();
          subscribers = metricValue(text, 'research_sse_subscribers', {});
        }
      },
      stopWhen: (m) => m.event === 'awaiting_feedback',
    });
    assert.equal(subscribers, 1);

    const res = await fetch(`${svc.api}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    assert.equal(metricValue(text, 'research_runs', { status: 'awaiting_feedback' }), 1);
    assert.equal(metricValue(text, 'research_runs', { status: 'pending' }), 0);
    assert.equal(metricValue(text, 'research_run_queue_depth', {}), 0);
    assert.equal(metricValue(text, 'research_run_queue_wait_seconds_count', {}), 1);
    assert.equal(
      metricValue(text, 'research_stage_duration_seconds_count', {
        stage: 'ideation',
        outcome: 'completed',
      }),
      1,
    );
    assert.equal(metricValue(text, 'research_slots_in_use', { kind: 'run' }), 0, 'paused: no slot');
    for (const [kind, limit] of [
      ['run', 3],
      ['experiment', 2],
      ['compile', 1],
    ] as const)
      assert.equal(metricValue(text, 'research_slots_limit', { kind }), limit, kind);
    assert.equal(metricValue(text, 'research_sse_slow_disconnects_total', {}), null, 'none yet');
  } finally {
    await svc.close();
  }
});
