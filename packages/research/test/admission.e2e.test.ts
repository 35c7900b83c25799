import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STAGES } from '../src/pipeline/stages/index.ts';
import { call, startService, type RunningService } from './helpers.ts';
import { metricValue, pollUntilDone } from './metrics-helpers.ts';

const post = (svc: RunningService, user: string, topic: string, pause_after: string[] = []) =>
  call('POST', `${svc.api}/runs`, { user_id: user, topic, pause_after });

test('20 runs from two users against 2 run slots: never more than 2 running, fair, all complete', async () => {
  // The real stages up to the experiment: admission is the subject here, and twenty whole
  // papers would spend the file's time budget on LaTeX (work-slots.e2e runs whole ones).
  const svc = await startService(
    { RESEARCH_MAX_ACTIVE_RUNS: '2', RESEARCH_MAX_EXPERIMENTS: '1' },
    { stages: DEFAULT_STAGES.slice(0, 3) },
  );
  try {
    for (const user of ['ana', 'ben']) await call('POST', `${svc.api}/users`, { user_id: user });
    const posts = await Promise.all(
      Array.from({ length: 19 }, (_, i) => post(svc, 'ana', `soil microbes, variant ${i}`)),
    );
    const ben = await post(svc, 'ben', 'tidal marsh carbon');
    const ids = [...posts.map((p) => p.body.run_id as string), ben.body.run_id as string];
    const benId = ids.at(-1)!;
    assert.equal(ben.status, 201);
    assert.equal(ben.body.status, 'pending');
    assert.ok(ben.body.queue_position <= 2, `ben is near the front: ${ben.body.queue_position}`);

    const positions = new Map<string, number[]>();
    let startedBeforeBen: number | null = null;
    let samples = 0;
    await pollUntilDone(svc, 25, 55_000, async (runs, metrics) => {
      samples++;
      const running = runs.filter((r) => r.status === 'running').length;
      assert.ok(running <= 2, `${running} runs running at once`);
      assert.ok(metricValue(metrics, 'research_slots_in_use', { kind: 'run' })! <= 2);
      assert.ok(metricValue(metrics, 'research_slots_in_use', { kind: 'experiment' })! <= 1);
      for (const r of runs) {
        if (r.queue_position !== null)
          positions.set(r.run_id, [...(positions.get(r.run_id) ?? []), r.queue_position]);
        else assert.notEqual(r.status, 'pending', 'a pending run has a queue position');
      }
      const benRun = runs.find((r) => r.run_id === benId)!;
      if (startedBeforeBen === null && benRun.status !== 'pending')
        startedBeforeBen = runs.filter((r) => r.user_id === 'ana' && r.status !== 'pending').length;
      return runs.every((r) => r.status === 'completed' || r.status === 'failed');
    });

    const final = (await call('GET', `${svc.api}/runs`)).body as {
      run_id: string;
      status: string;
    }[];
    assert.deepEqual(
      final.filter((r) => ids.includes(r.run_id)).map((r) => r.status),
      ids.map(() => 'completed'),
    );
    assert.ok(samples > 20, `sampled ${samples} times`);
    assert.ok(
      startedBeforeBen !== null && startedBeforeBen <= 4,
      `ana had ${startedBeforeBen} runs started before ben's`,
    );
    // Positions only go down (no one new arrives), and the last run posted waited longest.
    for (const [id, seen] of positions)
      seen.forEach((p, i) => i === 0 || assert.ok(p <= seen[i - 1]!, `${id}: ${seen.join(' → ')}`));
    assert.ok(Math.max(...[...positions.values()].map((s) => s[0]!)) >= 15);

    // A run that had to wait says so in its trajectory, narrated.
    const events = (await call('GET', `${svc.api}/runs/${ids[18]}/events`)).body as any[];
    const queued = events.findIndex(
      (e) => e.type === 'trajectory_event' && e.data.kind === 'queued',
    );
    assert.ok(queued > 0, 'a queued trajectory event');
    assert.ok(events[queued].data.metadata.position >= 1);
    assert.equal(events[queued + 1].type, 'narration');
    assert.match(
      events[queued + 1].data.text,
      /run slots are busy, so your run is number \d+ in the queue/,
    );
    const statuses = events.filter((e) => e.type === 'status_changed').map((e) => e.data.status);
    assert.deepEqual(statuses, ['running', 'completed']);

    const metrics = await (await fetch(`${svc.api}/metrics`)).text();
    assert.equal(metricValue(metrics, 'research_run_queue_wait_seconds_count', {}), 20);
    assert.equal(metricValue(metrics, 'research_runs', { status: 'completed' }), 20);
    assert.equal(metricValue(metrics, 'research_run_queue_depth', {}), 0);
    assert.ok(
      metricValue(metrics, 'research_stage_duration_seconds_count', {
        stage: 'coding',
        outcome: 'completed',
      })! >= 20,
    );
  } finally {
    await svc.close();
  }
});
