import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, startService } from './helpers.ts';
import { metricValue, pollUntilDone } from './metrics-helpers.ts';

test('sandbox runs and LaTeX compiles hold to their limits across runs, and a wait is traced', async () => {
  const svc = await startService({
    RESEARCH_MAX_ACTIVE_RUNS: '4',
    RESEARCH_MAX_EXPERIMENTS: '1',
    RESEARCH_MAX_COMPILES: '1',
  });
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'gil' });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const run = await call('POST', `${svc.api}/runs`, {
        user_id: 'gil',
        topic: `glacier retreat, valley ${i}`,
        pause_after: [],
      });
      ids.push(run.body.run_id);
    }
    let sawWaiting = 0;
    let peak = { experiment: 0, compile: 0, run: 0 };
    await pollUntilDone(svc, 10, 55_000, (runs, metrics) => {
      for (const kind of ['experiment', 'compile', 'run'] as const) {
        const inUse = metricValue(metrics, 'research_slots_in_use', { kind })!;
        peak = { ...peak, [kind]: Math.max(peak[kind], inUse) };
      }
      sawWaiting +=
        metricValue(metrics, 'research_slots_waiting', { kind: 'experiment' })! > 0 ? 1 : 0;
      return runs.every((r) => r.status === 'completed' || r.status === 'failed');
    });
    assert.deepEqual([peak.experiment, peak.compile], [1, 1], 'each limit reached, never passed');
    assert.ok(peak.run <= 4);

    const statuses = await Promise.all(
      ids.map(async (id) => (await call('GET', `${svc.api}/runs/${id}`)).body.status),
    );
    assert.deepEqual(statuses, ['completed', 'completed', 'completed', 'completed']);
    const metrics = await (await fetch(`${svc.api}/metrics`)).text();
    const waits = metricValue(metrics, 'research_slot_wait_seconds_count', { kind: 'experiment' })!;
    assert.ok(waits >= 4, `${waits} sandbox runs went through the slot`);

    // Runs that reached the sandbox together waited for it, and their trajectory says so.
    const waited: string[] = [];
    for (const id of ids) {
      const events = (await call('GET', `${svc.api}/runs/${id}/events`)).body as any[];
      if (events.some((e) => e.data.kind === 'waiting_for_slot')) waited.push(id);
    }
    assert.ok(sawWaiting > 0, 'four runs at once had to share the one sandbox slot');
    assert.ok(waited.length > 0, 'a run that waited for the sandbox says so in its trajectory');
  } finally {
    await svc.close();
  }
});
