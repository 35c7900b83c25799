import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  FEATURE_DIM,
  NUMERIC_FEATURES,
  TEXT_BUCKETS,
  extractFeatures,
  featureName,
  profilePrior,
  riskLevel,
  type BlueprintCandidate,
  type HypothesisCandidate,
} from './features.ts';
import { contentStems, fnv1a, stem } from './text.ts';

const hypothesis: HypothesisCandidate = {
  title: 'Thermal stress drives coral reef bleaching thresholds',
  statement: 'Bleaching onset depends on the cumulative heat exposure of reefs.',
  rationale: 'Heatwaves are getting longer.',
  novelty: 0.7,
  feasibility: 0.4,
};

const blueprint: BlueprintCandidate = {
  title: 'Simulated heat exposure experiment',
  conditions: [
    { name: 'control', description: 'constant temperature' },
    { name: 'pulse', description: 'short heat pulses' },
  ],
  metrics: [{ name: 'bleaching_rate', description: 'share of bleached colonies' }],
  procedure: ['Simulate reefs', 'Apply heat', 'Count bleached colonies'],
};

const value = (x: Float64Array, name: string) => x[TEXT_BUCKETS + NUMERIC_FEATURES.indexOf(name)]!;

test('features are deterministic and fixed-length', () => {
  const profile = { risk_preference: 'high', domain: 'marine biology' };
  const a = extractFeatures(hypothesis, profile);
  const b = extractFeatures(structuredClone(hypothesis), { ...profile });
  assert.equal(a.length, FEATURE_DIM);
  assert.deepEqual(Array.from(a), Array.from(b));
  assert.equal(extractFeatures(blueprint).length, FEATURE_DIM);
  assert.ok(a.every(Number.isFinite));
  // The hash is a fixed function, not seeded per process.
  assert.equal(fnv1a('u:coral'), 1372474035); // reference FNV-1a value
  assert.equal(featureName(0), 'text[0]');
  assert.equal(featureName(TEXT_BUCKETS), 'novelty');
});

test('text block: unit norm, stop words ignored, plurals merged', () => {
  const x = extractFeatures(hypothesis);
  let norm = 0;
  for (let i = 0; i < TEXT_BUCKETS; i++) norm += x[i]! ** 2;
  assert.ok(Math.abs(norm - 1) < 1e-12);

  const withStopWords = extractFeatures({
    ...hypothesis,
    statement: `The ${hypothesis.statement} It is what it is.`,
  });
  assert.deepEqual(
    Array.from(withStopWords.slice(0, TEXT_BUCKETS)),
    Array.from(x.slice(0, TEXT_BUCKETS)),
  );

  assert.equal(stem('reefs'), stem('reef'));
  assert.equal(stem('bleaching'), stem('bleached'));
  assert.equal(stem('modelling'), 'model');
  assert.equal(stem('increases'), stem('increased'));
  assert.deepEqual(contentStems('The reefs, and the Reef!'), ['reef', 'reef']);
});

test('numeric features and profile interactions', () => {
  const low = extractFeatures(hypothesis, { risk_preference: 'low' });
  const high = extractFeatures(hypothesis, { risk_preference: 'high' });
  assert.equal(value(low, 'novelty'), 0.7);
  assert.equal(value(low, 'feasibility'), 0.4);
  assert.equal(value(low, 'risk_x_novelty'), 0);
  assert.equal(value(high, 'risk_x_novelty'), 0.7);
  assert.equal(value(low, 'caution_x_feasibility'), 0.4);
  assert.equal(value(low, 'is_hypothesis'), 1);
  // The bilinear grid is a partition of unity over (novelty, feasibility).
  const grid = NUMERIC_FEATURES.filter((n) => n.startsWith('grid_'));
  assert.ok(Math.abs(grid.reduce((s, n) => s + value(low, n), 0) - 1) < 1e-12);

  const plan = extractFeatures(blueprint, { baseline_strictness: 'high' });
  assert.equal(value(plan, 'conditions'), 0.2);
  assert.equal(value(plan, 'metrics'), 0.1);
  assert.equal(value(plan, 'procedure_steps'), 0.3);
  assert.equal(value(plan, 'strictness_x_rigour'), 3 / 8);
  assert.equal(value(plan, 'novelty'), 0);

  const marine = extractFeatures(hypothesis, { domain: 'coral reef ecology' });
  assert.ok(value(marine, 'domain_overlap') > 0.5);
  assert.equal(value(extractFeatures(hypothesis, { domain: 'linguistics' }), 'domain_overlap'), 0);
});

test('profile prior: risk preference weights novelty against feasibility', () => {
  assert.equal(riskLevel({ risk_preference: 'low' }), 0);
  assert.equal(riskLevel({ risk_preference: 'Medium' }), 0.5);
  assert.equal(riskLevel({ risk_preference: 'high' }), 1);
  assert.equal(riskLevel({ risk_preference: 'risk-averse' }), 0);
  assert.equal(riskLevel({ risk_preference: '0.8' }), 0.8);
  assert.equal(riskLevel({}), 0.5);
  const bold = { ...hypothesis, novelty: 0.9, feasibility: 0.3 };
  const safe = { ...hypothesis, novelty: 0.3, feasibility: 0.9 };
  const low = { risk_preference: 'low' };
  const high = { risk_preference: 'high' };
  assert.ok(profilePrior(safe, low) > profilePrior(bold, low));
  assert.ok(profilePrior(bold, high) > profilePrior(safe, high));
  assert.ok(Math.abs(profilePrior(bold, {}) - 0.6) < 1e-12);
});
