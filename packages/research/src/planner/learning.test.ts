/**
 * The planner learns a synthetic user's hidden preference from the words of their feedback:
 * feedback text → queue → pairs → model → ranking, measured on held-out pairs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../store/store.ts';
import type { UserProfile } from '../store/types.ts';
import { Planner } from './planner.ts';
import { seededRandom } from './preference-model.ts';
import {
  SyntheticUser,
  heldOutPairs,
  seedRun,
  syntheticIdeation,
  type SyntheticHypothesis,
} from './testing.ts';

const TRAINING_RUNS = 60;
const HELD_OUT_PAIRS = 200;

async function experiment(
  profile: UserProfile,
  utility: (h: SyntheticHypothesis) => number,
  seed: number,
) {
  const store = Store.open(':memory:');
  await store.users.upsert(profile);
  const planner = new Planner({ store });
  const random = seededRandom(seed);
  // 10 % off-topic answers and 10 % answers naming a random candidate.
  const user = new SyntheticUser(utility, seed + 1, 0.1, 0.1);
  for (let i = 0; i < TRAINING_RUNS; i++) {
    const ideation = syntheticIdeation(random, profile);
    await seedRun(store, profile, `run-${i}`, ideation);
    await store.feedback.enqueue({
      run_id: `run-${i}`,
      user_id: profile.user_id,
      stage: 'ideation',
      text: user.respond(ideation),
    });
  }
  const held = heldOutPairs(seededRandom(seed + 1000), profile, utility, HELD_OUT_PAIRS);
  const accuracy = async () => {
    let correct = 0;
    for (const [better, worse] of held) {
      const { ranked } = await planner.rank(profile.user_id, profile, [worse, better]);
      if (ranked[0]!.candidate === better) correct++;
    }
    return correct / held.length;
  };

  const before = await accuracy();
  const started = performance.now();
  const result = await planner.train(profile.user_id);
  const ms = performance.now() - started;
  const after = await accuracy();
  return { before, after, result, ms };
}

test('headline: held-out preference accuracy goes from chance to well above it', async (t) => {
  const profile: UserProfile = {
    user_id: 'reef-fan',
    archetype: 'researcher',
    domain: 'general science',
    risk_preference: 'medium',
    baseline_strictness: 'medium',
    persona_brief: '',
  };
  // Hidden preference: hypotheses about coral reefs, whatever their novelty or feasibility —
  // unrelated to the risk-preference prior, so the untrained planner is at chance.
  const { before, after, result, ms } = await experiment(
    profile,
    (h) => (h.theme === 'coral' ? 1 : 0),
    7,
  );
  t.diagnostic(
    `theme preference: held-out accuracy ${before.toFixed(3)} before → ${after.toFixed(3)} after ` +
      `(${HELD_OUT_PAIRS} held-out pairs; ${TRAINING_RUNS} runs × 3 candidates; ` +
      `${result.feedback_used}/${result.feedback_consumed} feedback used, ${result.pairs} pairs, ` +
      `train accuracy ${result.train_accuracy?.toFixed(3)}, ${ms.toFixed(0)} ms)`,
  );
  assert.ok(Math.abs(before - 0.5) <= 0.1, `untrained at chance, got ${before}`);
  assert.ok(after >= 0.8, `trained ≥ 0.8, got ${after}`);
  assert.equal(result.version, 1);
});

test('a conditional preference on novelty and feasibility is learned too', async (t) => {
  const profile: UserProfile = {
    user_id: 'bold-but-practical',
    archetype: 'researcher',
    domain: 'general science',
    risk_preference: 'high',
    baseline_strictness: 'medium',
    persona_brief: '',
  };
  // Prefers high novelty, but only once feasibility is at least 0.5; below that, the more
  // feasible the better. The high-risk prior agrees only partly.
  const { before, after, result } = await experiment(
    profile,
    (h) => (h.feasibility >= 0.5 ? 1 + h.novelty : h.feasibility),
    7,
  );
  t.diagnostic(
    `novel-once-feasible preference: held-out accuracy ${before.toFixed(3)} before → ` +
      `${after.toFixed(3)} after (${result.pairs} pairs)`,
  );
  assert.ok(after >= before + 0.05, `${before} → ${after}`);
  assert.ok(after >= 0.8, `trained ≥ 0.8, got ${after}`);
});
