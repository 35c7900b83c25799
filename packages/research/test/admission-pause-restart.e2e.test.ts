import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, GatedLLM, readSse, startService, type RunningService } from './helpers.ts';

const post = (svc: RunningService, user: string, topic: string, pause_after: string[] = []) =>
  call('POST', `${svc.api}/runs`, { user_id: user, topic, pause_after });

test('a paused run frees its slot; after feedback it waits for one like any other', async () => {
  const llm = new GatedLLM('research.code');
  const svc = await startService({ RESEARCH_MAX_ACTIVE_RUNS: '1' }, { llm });
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'cleo' });
    const first = await post(svc, 'cleo', 'lichen growth on roofs', ['ideation']);
    const second = await post(svc, 'cleo', 'moss on north walls');
    assert.equal(first.body.status, 'running');
    assert.equal(second.body.status, 'pending');
    assert.equal(second.body.queue_position, 1);

    await readSse(`${svc.api}/runs/${first.body.run_id}/stream`, {
      stopWhen: (m) => m.event === 'awaiting_feedback',
    });
    // The paused run gave up its slot: the second run has it (held in coding by the gate).
    const held = await readSse(`${svc.api}/runs/${second.body.run_id}/stream`, {
      stopWhen: (m) => m.event === 'stage_completed' && (m.data.data as any).stage === 'planning',
    });
    assert.ok(
      held.messages.some(
        (m) => m.event === 'status_changed' && (m.data.data as any).status === 'running',
      ),
    );

    const answered = await call('POST', `${svc.api}/runs/${first.body.run_id}/feedback`, {
      text: 'continue',
    });
    assert.equal(answered.status, 200);
    assert.equal(answered.body.status, 'pending');
    assert.equal(answered.body.queue_position, 1);

    llm.release();
    const { messages } = await readSse(`${svc.api}/runs/${first.body.run_id}/stream`, {
      timeoutMs: 55_000,
    });
    const statuses = messages
      .filter((m) => m.event === 'status_changed')
      .map((m) => (m.data.data as any).status);
    assert.deepEqual(statuses, ['running', 'awaiting_feedback', 'pending', 'running', 'completed']);
    const kinds = messages
      .filter((m) => m.event === 'trajectory_event')
      .map((m) => (m.data.data as any).kind);
    assert.ok(kinds.includes('queued'));
    assert.equal(
      (await call('GET', `${svc.api}/runs/${second.body.run_id}`)).body.status,
      'completed',
    );
  } finally {
    llm.release();
    await svc.close();
  }
});

test('pending runs stay pending across a restart and are admitted again, in order', async () => {
  const first = await startService({ RESEARCH_MAX_ACTIVE_RUNS: '1' });
  const { dataDir } = first;
  await call('POST', `${first.api}/users`, { user_id: 'dev' });
  const ids: string[] = [];
  for (const topic of ['peat bog depth', 'peat bog acidity', 'peat bog methane'])
    ids.push((await post(first, 'dev', topic)).body.run_id);
  await first.close(true);

  const second = await startService({ RESEARCH_MAX_ACTIVE_RUNS: '1' }, {}, dataDir);
  try {
    const before = await Promise.all(
      ids.map(async (id) => (await call('GET', `${second.api}/runs/${id}`)).body),
    );
    assert.deepEqual(
      before.slice(1).map((r) => r.status),
      ['pending', 'pending'],
    );
    assert.deepEqual(await second.service.engine.resumeInterrupted(), ids);
    const after = await Promise.all(
      ids.map(async (id) => (await call('GET', `${second.api}/runs/${id}`)).body),
    );
    assert.equal(after[0].status, 'running');
    assert.deepEqual(
      after.slice(1).map((r) => r.queue_position),
      [1, 2],
    );
    for (const id of ids) {
      const { messages } = await readSse(`${second.api}/runs/${id}/stream`, { timeoutMs: 50_000 });
      messages.forEach((m, i) => assert.equal(m.data.seq, i + 1, 'no gap in the audit trail'));
      assert.equal(messages.at(-1)!.event, 'stream_end');
      assert.equal((await call('GET', `${second.api}/runs/${id}`)).body.status, 'completed');
    }
  } finally {
    await second.close();
  }
});
