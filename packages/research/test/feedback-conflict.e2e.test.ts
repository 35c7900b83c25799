import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, GatedLLM, readSse, startService } from './helpers.ts';

test('feedback to a running run is 409 and changes nothing; at the pause it is 200', async () => {
  const llm = new GatedLLM('research.ideation');
  const svc = await startService({}, { llm });
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'gus' });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'gus',
      topic: 'erosion of river banks',
    });
    const runId = run.body.run_id;
    await new Promise((r) => setTimeout(r, 50));
    const snap = await call('GET', `${svc.api}/runs/${runId}`);
    assert.equal(snap.body.status, 'running');
    assert.equal(snap.body.current_stage, 'ideation');

    const early = await call('POST', `${svc.api}/runs/${runId}/feedback`, { text: 'too early' });
    assert.equal(early.status, 409);
    assert.match(early.body.detail, /not awaiting_feedback/);
    assert.equal((await call('GET', `${svc.api}/runs/${runId}`)).body.status, 'running');

    llm.release();
    await readSse(`${svc.api}/runs/${runId}/stream`, {
      stopWhen: (m) =>
        m.event === 'status_changed' &&
        (m.data.data as { status: string }).status === 'awaiting_feedback',
    });
    const ok = await call('POST', `${svc.api}/runs/${runId}/feedback`, { text: 'continue' });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.status, 'running');
    const again = await call('POST', `${svc.api}/runs/${runId}/feedback`, { text: 'continue' });
    assert.ok(
      again.status === 409 || again.status === 200,
      'a second answer is accepted only at the next pause',
    );
  } finally {
    await svc.close();
  }
});
