import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Blueprint } from './artefacts.ts';
import { checkResults, parsePythonJson } from './results-check.ts';

const BLUEPRINT: Blueprint = {
  title: 't',
  objective: 'o',
  hypothesis: 'h',
  conditions: [
    { name: 'proposed', description: 'p' },
    { name: 'baseline', description: 'b' },
  ],
  metrics: [
    { name: 'accuracy', description: 'a', higher_is_better: true },
    { name: 'error', description: 'e', higher_is_better: false },
  ],
  primary_metric: 'accuracy',
  seeds: [0, 1, 2],
  procedure: ['p'],
  expected_outcome: 'e',
  risks: [],
};

const good = () => ({
  conditions: {
    proposed: { accuracy: [0.9, 0.8, 0.85], error: [0.1, 0.2, 0.15] },
    baseline: { accuracy: [0.7, 0.6, 0.65], error: [0.3, 0.4, 0.35] },
  },
  curves: { proposed: [[1, 0.5]], baseline: [[1, 0.4]] },
});

function problem(json: unknown): string {
  const out = checkResults(json, BLUEPRINT);
  assert.ok('error' in out, 'the check fails');
  return out.error;
}

test('results that match the blueprint pass and are typed', () => {
  const out = checkResults(good(), BLUEPRINT);
  assert.ok('results' in out);
  assert.deepEqual(Object.keys(out.results.conditions), ['proposed', 'baseline']);
});

test("Python's NaN and Infinity parse, then fail the check with a plain message", () => {
  const text =
    '{"conditions": {"proposed": {"accuracy": [NaN, 0.8, 0.85], "error": [0.1, Infinity, -Infinity]},' +
    ' "baseline": {"accuracy": [0.7, 0.6, 0.65], "error": [0.3, 0.4, 0.35]}}, "curve_x_label": "NaN"}';
  const parsed = parsePythonJson(text);
  assert.ok(parsed.ok);
  assert.equal(
    (parsed.value as { curve_x_label: string }).curve_x_label,
    'NaN',
    'strings are kept',
  );
  const why = problem(parsed.value);
  assert.match(why, /condition "proposed" metric "accuracy" has NaN or Infinity values/);
  assert.match(why, /condition "proposed" metric "error" has NaN or Infinity values/);
  assert.equal(parsePythonJson('{"a": [1,}').ok, false);
});

test('conditions or metrics that do not match the blueprint fail the attempt, saying which', () => {
  const json = good() as { conditions: Record<string, unknown> };
  json.conditions.extra = json.conditions.baseline;
  delete json.conditions.baseline;
  const why = problem(json);
  assert.match(why, /no results for the condition\(s\) "baseline"/);
  assert.match(why, /condition\(s\) the blueprint does not have: "extra"/);

  const metrics = good();
  (metrics.conditions.proposed as Record<string, number[]>).loss = [1, 2, 3];
  delete (metrics.conditions.proposed as Partial<Record<string, number[]>>).error;
  assert.match(
    problem(metrics),
    /"proposed" has no values for "error".*metric\(s\) the blueprint does not have: "loss"/,
  );

  const seeds = good();
  seeds.conditions.baseline.error = [0.3];
  assert.match(problem(seeds), /has 1 value\(s\); the blueprint has 3 seeds/);
  assert.match(
    problem({ conditions: {} }),
    /no results for the condition\(s\) "proposed", "baseline"/,
  );
  assert.match(problem({}), /must be an object with a "conditions" object/);
  assert.match(problem([1, 2]), /must be an object/);
});

test('curve points must be finite pairs', () => {
  const json = good() as { curves: Record<string, unknown[]> };
  json.curves.proposed = [[1, null]];
  assert.match(problem(json), /"curves" has points that are not two finite numbers/);
});
