import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, readSse, startService } from './helpers.ts';

test('a run interrupted by a restart resumes from its last completed stage', async () => {
  const first = await startService();
  const { api, dataDir } = first;
  await call('POST', `${api}/users`, { user_id: 'dana', domain: 'hydrology' });
  const run = await call('POST', `${api}/runs`, {
    user_id: 'dana',
    topic: 'flood peaks in small catchments',
    pause_after: [],
  });
  const runId: string = run.body.run_id;

  // Stop the service while the experiment is executing (mid-stage).
  await new Promise<void>((resolve) => {
    const off = first.service.hub.subscribe(runId, (event) => {
      if (event.type === 'trajectory_event' && event.data.kind === 'execution_started') {
        off();
        resolve();
      }
    });
  });
  await first.close(true);

  const second = await startService({}, {}, dataDir);
  try {
    const interrupted = await call('GET', `${second.api}/runs/${runId}`);
    assert.equal(interrupted.body.status, 'running');
    assert.deepEqual(interrupted.body.stages_completed, ['ideation', 'planning']);
    assert.deepEqual(await second.service.engine.resumeInterrupted(), [runId]);

    const { messages } = await readSse(`${second.api}/runs/${runId}/stream`, {
      timeoutMs: 240_000,
    });
    const events = messages.map((m) => m.data);
    events.forEach((e, i) =>
      assert.equal(e.seq, i + 1, 'the audit trail has no gap across the restart'),
    );
    const done = events
      .filter((e) => e.type === 'stage_completed')
      .map((e) => (e.data as { stage: string }).stage);
    assert.deepEqual(
      done,
      ['ideation', 'planning', 'coding', 'analysis', 'writing', 'review'],
      'no stage completed twice',
    );
    assert.equal(events.filter((e) => e.type === 'run_started').length, 1);
    assert.equal(events.at(-1)!.type, 'stream_end');
    assert.equal((await call('GET', `${second.api}/runs/${runId}`)).body.status, 'completed');
  } finally {
    await second.close();
  }
});
