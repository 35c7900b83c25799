import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, readSse, startService } from './helpers.ts';

test('audit group commit: what was emitted is readable over HTTP at once, and what was streamed is in the trail', async () => {
  const svc = await startService();
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'ines', domain: 'ecology' });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'ines',
      topic: 'seed dispersal by ants',
      pause_after: ['ideation'],
    });
    const runId: string = run.body.run_id;
    await svc.service.engine.idle(runId);
    const { hub, store, app } = svc.service;

    // Five events in one tick, still queued when the request is handled.
    const emitted = Array.from(
      { length: 5 },
      (_, i) =>
        hub.emit(runId, 'trajectory_event', {
          kind: 'note',
          label: `note ${i}`,
          detail: '',
          metadata: {},
        }).seq,
    );
    assert.ok(store.events.queued >= 5, 'not committed yet');
    const res = await app.inject({
      method: 'GET',
      url: `/api/runs/${runId}/events?after=${emitted[0]! - 1}`,
    });
    assert.equal(res.statusCode, 200);
    const seqs = (res.json() as { seq: number }[]).map((e) => e.seq);
    for (const seq of emitted) assert.ok(seqs.includes(seq), `event ${seq} is readable`);

    // A client that reconnects with Last-Event-ID while events are queued gets them once,
    // and every event it is sent is already in the audit trail.
    const checked: Promise<void>[] = [];
    const after = emitted.at(-1)!;
    const more = [1, 2, 3].map(
      (i) =>
        hub.emit(runId, 'trajectory_event', {
          kind: 'note',
          label: `more ${i}`,
          detail: '',
          metadata: {},
        }).seq,
    );
    const stream = readSse(`${svc.api}/runs/${runId}/stream`, {
      headers: { 'last-event-id': String(after) },
      onEvent: (m) =>
        void checked.push(
          call('GET', `${svc.api}/runs/${runId}/events?after=${m.data.seq - 1}`).then((r) =>
            assert.equal(r.body[0]?.seq, m.data.seq),
          ),
        ),
      stopWhen: (m) => m.data.seq === more.at(-1),
      timeoutMs: 10_000,
    });
    const { messages } = await stream;
    await Promise.all(checked);
    assert.deepEqual(
      messages.map((m) => m.data.seq),
      more,
    );
  } finally {
    await svc.close();
  }
});
