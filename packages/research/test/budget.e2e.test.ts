import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, readSse, startService } from './helpers.ts';

test('token usage is reported per stage; a run over its token budget stops cleanly', async () => {
  const svc = await startService({ RESEARCH_RUN_TOKEN_BUDGET: '4000' });
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'ivy' });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'ivy',
      topic: 'soil moisture sensing',
      pause_after: [],
    });
    const { messages } = await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, {
      timeoutMs: 120_000,
    });
    const failed = messages.find((m) => m.event === 'run_failed');
    assert.ok(failed, 'the run fails when the budget runs out');
    assert.match(
      (failed.data.data as { error: string }).error,
      /token budget of 4000 was exceeded/,
    );
    assert.equal(messages.at(-1)!.event, 'stream_end');
    const usage = (await call('GET', `${svc.api}/runs/${run.body.run_id}/usage`)).body;
    assert.equal(usage.budget, 4000);
    assert.ok(usage.total.prompt_tokens + usage.total.completion_tokens > 4000);
    assert.ok(usage.stages.ideation.prompt_tokens > 0, 'per-stage figures');
    assert.equal((await call('GET', `${svc.api}/runs/${run.body.run_id}`)).body.status, 'failed');
  } finally {
    await svc.close();
  }
});

test('a run within its budget reports what each stage used', async () => {
  const svc = await startService();
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'jo' });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'jo',
      topic: 'wind turbine wakes',
      pause_after: [],
    });
    await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, { timeoutMs: 120_000 });
    const usage = (await call('GET', `${svc.api}/runs/${run.body.run_id}/usage`)).body;
    assert.deepEqual(Object.keys(usage.stages).sort(), [
      'analysis',
      'coding',
      'ideation',
      'planning',
      'review',
      'writing',
    ]);
    const sum = Object.values(usage.stages as Record<string, { prompt_tokens: number }>).reduce(
      (s, u) => s + u.prompt_tokens,
      0,
    );
    assert.equal(usage.total.prompt_tokens, sum);
    assert.equal(usage.budget, 2_000_000);
    const review = (await call('GET', `${svc.api}/runs/${run.body.run_id}/artefacts`)).body.review;
    assert.equal(review.reviews.length, 3, 'three reviewer personas');
    assert.deepEqual(
      review.reviews.map((r: any) => r.persona),
      ['methodologist', 'domain_expert', 'clarity'],
    );
    assert.ok(review.meta.summary.length > 20);
    assert.equal(
      review.meta.overall,
      Math.round((review.reviews.reduce((s: number, r: any) => s + r.overall, 0) / 3) * 10) / 10,
    );
  } finally {
    await svc.close();
  }
});
