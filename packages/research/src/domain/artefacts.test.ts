import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Blueprint, IdeationArtefacts, TEXT_LIMITS } from './artefacts.ts';

test('a runaway string in model output fails validation, so the model is asked again', () => {
  const huge = 'The effect holds. '.repeat(12_000);
  const blueprint = {
    title: 't',
    objective: huge,
    hypothesis: 'h',
    conditions: [
      { name: 'a', description: 'a' },
      { name: 'b', description: 'b' },
    ],
    metrics: [{ name: 'm', description: 'm', higher_is_better: true }],
    primary_metric: 'm',
    seeds: [0],
    procedure: ['p'],
    expected_outcome: 'e',
    risks: [],
  };
  const result = Blueprint.safeParse(blueprint);
  assert.equal(result.success, false);
  assert.match(result.error!.message, new RegExp(`${TEXT_LIMITS.paragraph}`));
  assert.equal(Blueprint.safeParse({ ...blueprint, objective: 'o' }).success, true);
  const ideation = {
    research_question: 'q',
    hypotheses: [
      { id: 'h', title: huge, statement: 's', rationale: 'r', novelty: 0.5, feasibility: 0.5 },
    ],
    selected_id: 'h',
    selection_reason: 'r',
  };
  assert.equal(IdeationArtefacts.safeParse(ideation).success, false);
});
