import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MODEL_SCHEMA_VERSION,
  PreferenceModel,
  pairwiseObjective,
  seededRandom,
  type FeaturePair,
  type PreferencePair,
} from './preference-model.ts';
import { PlannerError } from './errors.ts';
import { feedbackToPairs, ideationCandidates } from './feedback-to-pairs.ts';
import {
  SyntheticUser,
  heldOutPairs,
  syntheticIdeation,
  type SyntheticHypothesis,
} from './testing.ts';
import type { FeedbackEntry } from '../store/types.ts';

const profile = { risk_preference: 'medium' };
const likesCoral = (h: SyntheticHypothesis) => (h.theme === 'coral' ? 1 : 0);

/** Pairs from a synthetic user's feedback on `runs` fresh artefacts. */
function feedbackPairs(runs: number, seed: number): PreferencePair[] {
  const random = seededRandom(seed);
  const user = new SyntheticUser(likesCoral, seed + 1, 0.1, 0.1);
  const artefacts = Array.from({ length: runs }, () => syntheticIdeation(random, profile));
  const entries: FeedbackEntry[] = artefacts.map((a, i) => ({
    id: i + 1,
    run_id: `run-${i}`,
    user_id: 'u',
    stage: 'ideation',
    text: user.respond(a),
    created_at: '',
    consumed_at: null,
  }));
  return feedbackToPairs(entries, (e) => ideationCandidates(artefacts[e.id - 1]!)).pairs;
}

function accuracy(model: PreferenceModel, pairs: [SyntheticHypothesis, SyntheticHypothesis][]) {
  return pairs.filter(([a, b]) => model.prefer(a, b, profile) > 0.5).length / pairs.length;
}

test('gradient check: analytic gradient matches central differences', () => {
  const random = seededRandom(3);
  const dim = 6;
  const vec = () => Float64Array.from({ length: dim }, () => random() * 2 - 1);
  const pairs: FeaturePair[] = Array.from({ length: 5 }, (_, i) => ({
    diff: vec(),
    priorDiff: random() - 0.5,
    weight: 0.5 + i / 4,
  }));
  const w = vec();
  const anchor = vec();
  const precision = Float64Array.from({ length: dim }, () => 0.5 + random());
  const { grad } = pairwiseObjective(w, pairs, anchor, precision);
  const h = 1e-6;
  for (let j = 0; j < dim; j++) {
    const plus = Float64Array.from(w);
    const minus = Float64Array.from(w);
    plus[j]! += h;
    minus[j]! -= h;
    const numeric =
      (pairwiseObjective(plus, pairs, anchor, precision).loss -
        pairwiseObjective(minus, pairs, anchor, precision).loss) /
      (2 * h);
    assert.ok(Math.abs(numeric - grad[j]!) < 1e-7, `d/dw${j}: ${numeric} vs ${grad[j]}`);
  }
});

test('an untrained model ranks by the profile prior', () => {
  const bold = { title: 'a', statement: 'b', rationale: 'c', novelty: 0.9, feasibility: 0.3 };
  const safe = { title: 'a', statement: 'b', rationale: 'c', novelty: 0.3, feasibility: 0.9 };
  const model = PreferenceModel.neutral();
  assert.equal(model.rank([bold, safe], { risk_preference: 'low' })[0]!.candidate, safe);
  assert.equal(model.rank([bold, safe], { risk_preference: 'high' })[0]!.candidate, bold);
  assert.equal(model.prefer(bold, bold), 0.5);
  assert.ok(model.prefer(bold, safe, { risk_preference: 'high' }) > 0.5);
});

test('serialisation round trip keeps every score', () => {
  const model = PreferenceModel.neutral();
  model.train(feedbackPairs(20, 5), profile);
  const json = JSON.parse(JSON.stringify(model.toJSON()));
  assert.equal(json.schema_version, MODEL_SCHEMA_VERSION);
  const restored = PreferenceModel.fromJSON(json);
  assert.deepEqual(restored.toJSON(), model.toJSON());
  const probe = syntheticIdeation(seededRandom(9), profile).hypotheses;
  for (const h of probe) assert.equal(restored.score(h, profile), model.score(h, profile));
  assert.equal(restored.pairsTrained, model.pairsTrained);
});

test('unknown or inconsistent model versions are refused', () => {
  const good = PreferenceModel.neutral().toJSON();
  const refused = (json: unknown, code: PlannerError['code'], message: RegExp) =>
    assert.throws(
      () => PreferenceModel.fromJSON(json),
      (err: unknown) =>
        err instanceof PlannerError && err.code === code && message.test(err.message),
    );
  refused({ ...good, schema_version: 2 }, 'model_version_unsupported', /schema version 2/);
  refused({ ...good, schema_version: undefined }, 'model_version_unsupported', /undefined/);
  refused(null, 'model_version_unsupported', /schema version/);
  refused({ ...good, feature_version: 99 }, 'model_version_unsupported', /feature version 99/);
  refused({ ...good, dim: 3 }, 'model_version_unsupported', /3 features/);
  refused({ ...good, weights: [1, 2] }, 'model_invalid', /dimension/);
  refused({ ...good, weights: 'x' }, 'model_invalid', /invalid planner model/);
  refused({ ...good, precision: good.precision.map(() => 0) }, 'model_invalid', /invalid/);
});

// Speed is reported, not asserted: a shared machine makes wall time unreliable.
test('training is deterministic and converges', (t) => {
  const pairs = [...feedbackPairs(60, 21), ...feedbackPairs(60, 22), ...feedbackPairs(60, 23)];
  assert.ok(pairs.length >= 250, `${pairs.length} pairs`);
  const a = PreferenceModel.neutral();
  const b = PreferenceModel.neutral();
  const report = a.train(pairs, profile);
  b.train(pairs, profile);
  assert.deepEqual(a.toJSON(), b.toJSON());
  t.diagnostic(
    `${pairs.length} pairs: ${report.epochs} epochs in ${report.duration_ms.toFixed(0)} ms`,
  );
  assert.ok(report.loss_after < report.loss_before);
  assert.ok(report.train_accuracy > 0.9, `train accuracy ${report.train_accuracy}`);
});

test('warm start keeps what earlier sessions learned', (t) => {
  const held = heldOutPairs(seededRandom(77), profile, likesCoral, 200);
  const first = feedbackPairs(40, 31);
  const second = feedbackPairs(8, 32);

  const warm = PreferenceModel.neutral();
  warm.train(first, profile);
  const afterFirst = accuracy(warm, held);
  const restored = PreferenceModel.fromJSON(JSON.parse(JSON.stringify(warm.toJSON())));
  restored.train(second, profile);

  const cold = PreferenceModel.neutral();
  cold.train(second, profile);

  const warmAccuracy = accuracy(restored, held);
  const coldAccuracy = accuracy(cold, held);
  t.diagnostic(
    `held-out accuracy: after session 1 ${afterFirst.toFixed(3)}; session 2 warm ${warmAccuracy.toFixed(3)} vs cold ${coldAccuracy.toFixed(3)}`,
  );
  assert.ok(warmAccuracy >= coldAccuracy + 0.05, `warm ${warmAccuracy} vs cold ${coldAccuracy}`);
  assert.ok(warmAccuracy >= afterFirst - 0.03, 'session 2 does not undo session 1');
  assert.equal(restored.pairsTrained, first.length + second.length);
});

test('no pairs: training changes nothing', () => {
  const model = PreferenceModel.neutral();
  const before = JSON.stringify(model.toJSON());
  const report = model.train([], profile);
  assert.equal(report.pairs, 0);
  assert.equal(report.epochs, 0);
  assert.equal(JSON.stringify(model.toJSON()), before);
});
