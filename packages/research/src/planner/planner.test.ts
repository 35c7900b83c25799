import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../store/store.ts';
import type { UserProfile } from '../store/types.ts';
import type { IdeationArtefacts } from '../domain/artefacts.ts';
import { Planner } from './planner.ts';
import { PlannerError } from './errors.ts';
import { seededRandom } from './preference-model.ts';
import { seedRun, syntheticIdeation } from './testing.ts';

const profile: UserProfile = {
  user_id: 'ada',
  archetype: 'researcher',
  domain: 'ecology',
  risk_preference: 'medium',
  baseline_strictness: 'medium',
  persona_brief: '',
};

async function setup() {
  const store = Store.open(':memory:');
  await store.users.upsert(profile);
  const planner = new Planner({ store });
  const random = seededRandom(42);
  let n = 0;
  /** A paused run with a fresh ideation artefact, and the user's feedback on it. */
  const feedback = async (
    text: string,
    ideation: IdeationArtefacts = syntheticIdeation(random, profile),
  ) => {
    const runId = `run-${++n}`;
    await seedRun(store, profile, runId, ideation);
    await store.feedback.enqueue({
      run_id: runId,
      user_id: profile.user_id,
      stage: 'ideation',
      text,
    });
    return ideation;
  };
  return { store, planner, feedback, models: store.plannerModels };
}

test('an untrained user gets the neutral model: ranked by the profile prior', async () => {
  const { planner } = await setup();
  const bold = { title: 'Bold', statement: 's', rationale: 'r', novelty: 0.9, feasibility: 0.2 };
  const safe = { title: 'Safe', statement: 's', rationale: 'r', novelty: 0.2, feasibility: 0.9 };
  const low = await planner.rank('ada', { risk_preference: 'low' }, [bold, safe]);
  assert.equal(low.version, 0);
  assert.deepEqual(
    low.ranked.map((r) => r.candidate.title),
    ['Safe', 'Bold'],
  );
  const high = await planner.rank('ada', { risk_preference: 'high' }, [bold, safe]);
  assert.deepEqual(
    high.ranked.map((r) => [r.candidate.title, r.index]),
    [
      ['Bold', 0],
      ['Safe', 1],
    ],
  );
  const status = await planner.status('ada');
  assert.equal(status.version, 0);
  assert.equal(status.trained, false);
  assert.equal(status.metrics, null);
  assert.deepEqual(status.top_features, []);
});

test('train: consumes the queue, stores a new version; nothing pending is a no-op', async () => {
  const { store, planner, feedback, models } = await setup();
  await feedback('go with h2');
  await feedback('ok');
  await feedback('Can you add a control group?');
  assert.equal((await planner.status('ada')).pending_feedback, 3);

  const first = await planner.train('ada');
  assert.equal(first.version, 1);
  assert.equal(first.trained, true);
  assert.equal(first.pairs, 4);
  assert.equal(first.feedback_used, 2);
  assert.equal(first.feedback_consumed, 3);
  assert.equal(typeof first.train_accuracy, 'number');
  assert.deepEqual(
    first.interpretations.map((i) => i.rule),
    ['explicit', 'approval', 'none'],
  );
  assert.deepEqual(await store.feedback.pending('ada'), []);
  assert.ok((await store.feedback.list({ userId: 'ada' })).every((f) => f.consumed_at !== null));

  const stored = await models.list('ada');
  assert.equal(stored.length, 1);
  assert.equal(stored[0]!.pairs, 4);
  assert.deepEqual(stored[0]!.metrics.rules, { explicit: 2, approval: 2 });
  assert.equal(stored[0]!.metrics.feedback_used, 2);

  const again = await planner.train('ada');
  assert.equal(again.version, 1, 'version unchanged');
  assert.equal(again.trained, false);
  assert.equal(again.pairs, 0);
  assert.equal(again.train_accuracy, null);
  assert.equal((await models.list('ada')).length, 1, 'no new row');

  await feedback('the third one');
  const second = await planner.train('ada');
  assert.equal(second.version, 2);
  const status = await planner.status('ada');
  assert.equal(status.version, 2);
  assert.equal(status.pairs, 2);
  assert.equal(status.pairs_total, 6, 'warm start: the model carries the earlier pairs');
  assert.equal(status.pending_feedback, 0);
  assert.ok(status.trained_at);
  assert.equal((await planner.rank('ada', profile, [])).version, 2);
});

test('feedback with nothing usable is consumed without a new version', async () => {
  const { store, planner, feedback } = await setup();
  await feedback('please report confidence intervals');
  await store.feedback.enqueue({ run_id: 'run-1', user_id: 'ada', stage: 'planning', text: 'ok' });
  const result = await planner.train('ada');
  assert.equal(result.version, 0);
  assert.equal(result.trained, false);
  assert.equal(result.feedback_consumed, 2);
  assert.deepEqual(await store.feedback.pending('ada'), []);
});

test('feedback is read against the ideation version the user saw, not a later revision', async () => {
  const { store, planner, feedback } = await setup();
  const seen = await feedback('go with h2');
  // The revision keeps a single hypothesis: read against it, the feedback would yield nothing.
  const revised = {
    ...seen,
    hypotheses: [{ ...seen.hypotheses[0]!, id: 'r1' }],
    selected_id: 'r1',
  };
  await store.artefacts.save('run-1', 'ideation', 'ideation', revised);
  store.db
    .prepare("UPDATE artefacts SET created_at = '2999-01-01T00:00:00.000Z' WHERE version = 2")
    .run();
  const result = await planner.train('ada');
  assert.equal(result.pairs, 2, 'read against the three hypotheses the user saw');
});

test('a stored model of an unknown version is refused loudly and the queue kept', async () => {
  const { store, planner, feedback } = await setup();
  store.db
    .prepare(
      "INSERT INTO planner_models (user_id, version, weights_json, trained_at, pairs, metrics_json) VALUES ('ada', 1, ?, '2026-01-01T00:00:00.000Z', 0, '{}')",
    )
    .run(JSON.stringify({ schema_version: 99 }));
  await feedback('ok');
  const refused = (err: unknown) =>
    err instanceof PlannerError && err.code === 'model_version_unsupported';
  await assert.rejects(planner.rank('ada', profile, []), refused);
  await assert.rejects(planner.train('ada'), refused);
  assert.equal((await store.feedback.pending('ada')).length, 1, 'feedback not consumed');
});

test('unknown users are refused; a custom candidate loader is honoured', async () => {
  const { store, feedback } = await setup();
  const plans = {
    items: [
      {
        id: 'p1',
        candidate: { title: 'Sweep', conditions: ['a', 'b'], metrics: ['m'], procedure: ['1'] },
      },
      {
        id: 'p2',
        candidate: { title: 'Pair', conditions: ['a', 'b'], metrics: ['m'], procedure: ['1'] },
      },
    ],
    selected_id: 'p1',
  };
  const planner = new Planner({ store, loadCandidates: () => plans });
  await assert.rejects(
    planner.train('nobody'),
    (err: unknown) => err instanceof PlannerError && err.code === 'user_not_found',
  );
  await assert.rejects(planner.status('nobody'), PlannerError);
  await feedback('go with p2');
  const result = await planner.train('ada');
  assert.equal(result.pairs, 1);
  const { ranked } = await planner.rank(
    'ada',
    profile,
    plans.items.map((i) => i.candidate),
  );
  assert.equal(ranked[0]!.candidate.title, 'Pair');
});
