import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../src/testing/postgres.ts';
import { call, readSse, startService, type RunningService } from './helpers.ts';

// The service on Postgres in one process: the same API, pauses, papers and errors as on SQLite.
const skip = postgresSkipReason();
let pg: TestPostgres;
let svc: RunningService;

before(async () => {
  if (skip) return;
  pg = await startPostgres();
  svc = await startService({ RESEARCH_DATABASE_URL: pg.url, RESEARCH_QUEUE_LEASE_MS: '3000' });
});
after(async () => {
  await svc?.close();
  await pg?.stop();
});

test(
  'on Postgres a run pauses, resumes on feedback, completes, and its paper downloads',
  { skip },
  async () => {
    const { api } = svc;
    assert.equal(svc.service.store.backend, 'postgres');
    assert.equal(
      (await call('POST', `${api}/users`, { user_id: 'ada', domain: 'ecology' })).status,
      201,
    );
    const run = await call('POST', `${api}/runs`, {
      user_id: 'ada',
      topic: 'pollinator decline',
      pause_after: ['ideation'],
    });
    assert.equal(run.status, 201);
    const runId = run.body.run_id as string;
    await readSse(`${api}/runs/${runId}/stream`, {
      stopWhen: (m) => m.data.type === 'awaiting_feedback',
      timeoutMs: 60_000,
    });
    assert.equal((await call('GET', `${api}/runs/${runId}`)).body.status, 'awaiting_feedback');
    const fb = await call('POST', `${api}/runs/${runId}/feedback`, { text: 'looks good, go on' });
    assert.equal(fb.status, 200);
    assert.ok(['pending', 'running'].includes(fb.body.status), fb.body.status);
    const again = await call('POST', `${api}/runs/${runId}/feedback`, { text: 'twice' });
    assert.equal(again.status, 409);
    const { messages } = await readSse(`${api}/runs/${runId}/stream`, { timeoutMs: 120_000 });
    const types = messages.map((m) => m.data.type);
    assert.equal(types.at(-1), 'stream_end');
    assert.ok(types.includes('run_completed'), types.join(','));
    const seqs = messages.map((m) => m.data.seq);
    assert.deepEqual(
      seqs,
      seqs.map((_, i) => i + 1),
      'every event once, in order, from 1',
    );
    const pdf = await fetch(`${api}/runs/${runId}/paper.pdf`);
    assert.equal(pdf.status, 200);
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    const tex = await fetch(`${api}/runs/${runId}/paper.tex`);
    assert.match(await tex.text(), /\\documentclass/);
    assert.equal((await call('GET', `${api}/runs/run-nope`)).status, 404);
    const bad = await call('POST', `${api}/runs`, { user_id: 'ada' });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.detail[0].loc, ['body', 'topic']);
    const ready = await call('GET', `${api}/readyz`);
    assert.equal(ready.status, 200);
  },
);
