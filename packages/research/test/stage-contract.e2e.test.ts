import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PipelineStage, StageContext } from '../src/pipeline/stage.ts';
import { DEFAULT_STAGES } from '../src/pipeline/stages/index.ts';
import { call, runWithoutPauses, startService } from './helpers.ts';

const ideation = DEFAULT_STAGES[0]!;

/** Runs the real ideation stage, then a planning stage that misbehaves as `plan` says. */
async function runWith(plan: PipelineStage['run']) {
  const planning: PipelineStage = {
    name: 'planning',
    needs: ['ideation'],
    produces: ['blueprint'],
    run: plan,
  };
  const svc = await startService({}, { stages: [ideation, planning] });
  try {
    const { runId, messages, snapshot } = await runWithoutPauses(svc, 'ada', 'soil moisture');
    const artefacts = (await call('GET', `${svc.api}/runs/${runId}/artefacts`)).body;
    return { snap: snapshot, artefacts, events: messages.map((m) => m.event) };
  } finally {
    await svc.close();
  }
}

test('a stage that reads a kind it did not declare fails the run with the contract named', async () => {
  const { snap, artefacts } = await runWith(async (ctx: StageContext<'ideation' | 'analysis'>) => {
    ctx.artefact('analysis');
    throw new Error('not reached');
  });
  assert.equal(snap.status, 'failed');
  assert.match(snap.error, /^planning failed: stage contract: planning read the 'analysis'/);
  assert.deepEqual(Object.keys(artefacts), ['ideation']);
});

test('a stage that returns a kind it did not declare stores nothing of it', async () => {
  // The types refuse these outputs; the engine refuses them from code that gets past the types.
  const { snap, artefacts, events } = await runWith(async () => ({
    artefacts: { review: {} } as never,
    summary: 'wrong kind',
  }));
  assert.equal(snap.status, 'failed');
  assert.match(snap.error, /planning returned a 'review' artefact, which it does not declare/);
  assert.deepEqual(Object.keys(artefacts), ['ideation']);
  assert.equal(events.filter((e) => e === 'stage_completed').length, 1, 'only ideation completed');
  assert.deepEqual(events.filter((e) => e !== 'narration').slice(-3), [
    'status_changed',
    'run_failed',
    'stream_end',
  ]);
});

test('a stage whose artefact fails its schema fails the run, naming the field', async () => {
  const { snap, artefacts } = await runWith(async () => ({
    artefacts: { blueprint: { title: 'half a plan' } } as never,
    summary: 'invalid',
  }));
  assert.equal(snap.status, 'failed');
  assert.match(snap.error, /planning returned a 'blueprint' artefact that fails its schema/);
  assert.match(snap.error, /objective/);
  assert.deepEqual(Object.keys(artefacts), ['ideation']);
});

test('a stage that leaves out a kind it declared fails the run', async () => {
  const { snap } = await runWith(async () => ({ artefacts: {}, summary: 'nothing' }));
  assert.equal(snap.status, 'failed');
  assert.match(snap.error, /planning did not return its 'blueprint' artefact/);
});
