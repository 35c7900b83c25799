import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  feedbackToPairs,
  ideationCandidates,
  interpretFeedback,
  type CandidateSet,
  type PairRule,
} from './feedback-to-pairs.ts';
import type { HypothesisCandidate } from './features.ts';
import type { FeedbackEntry } from '../store/types.ts';
import type { IdeationArtefacts } from '../domain/artefacts.ts';

const soil: HypothesisCandidate = {
  title: 'Nutrient pulses reshape soil microbiome diversity',
  statement: 'Periodic nitrogen pulses increase bacterial turnover in soil.',
  rationale: 'Fertiliser is applied in pulses.',
  novelty: 0.4,
  feasibility: 0.8,
};
const coral: HypothesisCandidate = {
  title: 'Thermal stress drives coral reef bleaching thresholds',
  statement: 'Bleaching onset depends on cumulative heat exposure of reefs.',
  rationale: 'Heatwaves are getting longer.',
  novelty: 0.7,
  feasibility: 0.5,
};
const urban: HypothesisCandidate = {
  title: 'Urban heat islands amplify pollen season length',
  statement: 'Cities lengthen the pollen season through local warming.',
  rationale: 'Allergies are rising.',
  novelty: 0.9,
  feasibility: 0.3,
};

const set = (selected: string): CandidateSet => ({
  items: [
    { id: 'h1', candidate: soil },
    { id: 'h2', candidate: coral },
    { id: 'h3', candidate: urban },
  ],
  selected_id: selected,
});

interface Row {
  text: string;
  rule: PairRule | 'none';
  /** Expected pairs as "winner>loser", in any order. */
  pairs: string[];
  /** Selected hypothesis (default h1: the safe soil one). */
  selected?: string;
}

const CHOSE = (id: string) => ['h1', 'h2', 'h3'].filter((o) => o !== id).map((o) => `${id}>${o}`);
const REJECTED = (id: string) =>
  ['h1', 'h2', 'h3'].filter((o) => o !== id).map((o) => `${o}>${id}`);

const TABLE: Row[] = [
  // Approval of the selected one.
  { text: 'ok', rule: 'approval', pairs: CHOSE('h1') },
  { text: 'Continue.', rule: 'approval', pairs: CHOSE('h1') },
  { text: 'Looks good to me, go ahead!', rule: 'approval', pairs: CHOSE('h1') },
  { text: 'LGTM', rule: 'approval', pairs: CHOSE('h1') },
  { text: 'yes please', rule: 'approval', pairs: CHOSE('h1') },
  { text: 'No changes, proceed.', rule: 'approval', pairs: CHOSE('h1') },
  { text: 'I like this one.', rule: 'approval', pairs: CHOSE('h1') },
  { text: 'Not bad, carry on', rule: 'approval', pairs: CHOSE('h1') },
  // Explicit references: id, index, ordinal, title words.
  { text: 'go with h2', rule: 'explicit', pairs: CHOSE('h2') },
  { text: 'H3', rule: 'explicit', pairs: CHOSE('h3') },
  { text: 'option 3', rule: 'explicit', pairs: CHOSE('h3') },
  { text: 'Hypothesis #2 please', rule: 'explicit', pairs: CHOSE('h2') },
  { text: 'the second one', rule: 'explicit', pairs: CHOSE('h2') },
  { text: 'Take the last one.', rule: 'explicit', pairs: CHOSE('h3') },
  { text: 'I prefer the one about coral reefs', rule: 'explicit', pairs: CHOSE('h2') },
  { text: "I'd rather do the coral one.", rule: 'explicit', pairs: CHOSE('h2') },
  { text: 'No, something about urban pollen instead.', rule: 'explicit', pairs: CHOSE('h3') },
  { text: 'h2 or h3', rule: 'explicit', pairs: ['h2>h1', 'h3>h1'] },
  { text: 'go with h1', rule: 'explicit', pairs: CHOSE('h1') },
  // Rejections of a named one, and comparisons.
  { text: "I don't like the soil one", rule: 'explicit', pairs: REJECTED('h1') },
  { text: 'not h3', rule: 'explicit', pairs: REJECTED('h3') },
  { text: 'not h1, go with h3', rule: 'explicit', pairs: ['h3>h1'] },
  { text: 'Not h1 but h3.', rule: 'explicit', pairs: ['h3>h1'] },
  { text: 'prefer h2 over h1', rule: 'explicit', pairs: ['h2>h1'] },
  { text: 'I prefer h2 to h3', rule: 'explicit', pairs: ['h2>h3'] },
  { text: 'h2 is better than h3', rule: 'explicit', pairs: ['h2>h3'] },
  { text: 'h2 is worse than h3', rule: 'explicit', pairs: ['h3>h2'] },
  { text: 'go with h3 instead of h1', rule: 'explicit', pairs: ['h3>h1'] },
  { text: 'h1 is not great so h2', rule: 'explicit', pairs: ['h2>h1'] },
  { text: 'The first one is too safe - the third one.', rule: 'explicit', pairs: ['h3>h1'] },
  { text: 'not this one, h2 please', rule: 'explicit', pairs: ['h2>h1'] },
  // Attribute words, relative to the selected one.
  { text: 'more ambitious', rule: 'attribute', pairs: ['h2>h1', 'h3>h1'] },
  { text: 'Not ambitious enough.', rule: 'attribute', pairs: ['h2>h1', 'h3>h1'] },
  { text: 'This is boring.', rule: 'attribute', pairs: ['h2>h1', 'h3>h1'] },
  { text: 'Be bolder!', rule: 'attribute', pairs: ['h2>h1', 'h3>h1'] },
  { text: 'too safe', rule: 'attribute', pairs: ['h2>h1', 'h3>h1'] },
  { text: 'too risky', rule: 'attribute', pairs: ['h1>h3', 'h2>h3'], selected: 'h3' },
  { text: 'No, something simpler.', rule: 'attribute', pairs: ['h1>h3', 'h2>h3'], selected: 'h3' },
  { text: 'less ambitious please', rule: 'attribute', pairs: ['h1>h3', 'h2>h3'], selected: 'h3' },
  { text: "Let's play it safe", rule: 'attribute', pairs: ['h1>h3', 'h2>h3'], selected: 'h3' },
  { text: 'this one is unrealistic', rule: 'attribute', pairs: ['h1>h3', 'h2>h3'], selected: 'h3' },
  { text: 'too far-fetched', rule: 'attribute', pairs: ['h1>h3', 'h2>h3'], selected: 'h3' },
  // Asking for what no candidate offers: recognised, but no pairs.
  { text: 'too risky', rule: 'attribute', pairs: [] },
  { text: 'more ambitious but still feasible', rule: 'attribute', pairs: [] },
  // Plain rejection of the selected one.
  { text: 'nope', rule: 'rejection', pairs: REJECTED('h1') },
  { text: 'Something else, please.', rule: 'rejection', pairs: REJECTED('h1') },
  { text: "I don't like it", rule: 'rejection', pairs: REJECTED('h1') },
  { text: 'Try a different direction.', rule: 'rejection', pairs: REJECTED('h1') },
  // Nothing usable: no pairs rather than guesses.
  { text: 'Can you add a control group?', rule: 'none', pairs: [] },
  { text: 'None of these work for me', rule: 'none', pairs: [] },
  { text: 'I like this one but make it bolder', rule: 'none', pairs: [] },
  { text: '', rule: 'none', pairs: [] },
  { text: '?!', rule: 'none', pairs: [] },
  { text: 'go with h9', rule: 'none', pairs: [] },
  { text: 'the one about heat', rule: 'none', pairs: [] },
  { text: 'go with h1 not h1', rule: 'none', pairs: [] },
  { text: 'Please report confidence intervals.', rule: 'none', pairs: [] },
];

test(`feedback parsing table (${TABLE.length} phrasings)`, () => {
  const failures: string[] = [];
  for (const row of TABLE) {
    const got = interpretFeedback(row.text, set(row.selected ?? 'h1'));
    const pairs = got.pairs.map((p) => `${p.winner}>${p.loser}`).sort();
    const want = [...row.pairs].sort();
    if (got.rule !== row.rule || JSON.stringify(pairs) !== JSON.stringify(want)) {
      failures.push(
        `${JSON.stringify(row.text)}: want ${row.rule} [${want}], got ${got.rule} [${pairs}] (${got.reason})`,
      );
    }
  }
  assert.deepEqual(failures, []);
});

test('pairs are weighted by how much their rule says', () => {
  const weight = (text: string) => interpretFeedback(text, set('h1')).pairs[0]!.weight;
  assert.ok(weight('go with h2') > weight('more ambitious'));
  assert.ok(weight('more ambitious') > weight('ok'));
});

test('ids in other shapes, and sets that cannot yield pairs', () => {
  const shaped: CandidateSet = {
    items: [
      { id: 'hyp-a', candidate: soil },
      { id: 'hyp-b', candidate: coral },
    ],
    selected_id: 'hyp-a',
  };
  assert.deepEqual(
    interpretFeedback('Go with HYP-B.', shaped).pairs.map((p) => `${p.winner}>${p.loser}`),
    ['hyp-b>hyp-a'],
  );
  const numeric: CandidateSet = {
    items: [
      { id: '2', candidate: soil },
      { id: '1', candidate: coral },
    ],
    selected_id: '2',
  };
  assert.deepEqual(
    interpretFeedback('option 1', numeric).pairs.map((p) => `${p.winner}>${p.loser}`),
    ['1>2'],
    'an option number that is also an id means the id',
  );
  const single: CandidateSet = { items: [{ id: 'h1', candidate: soil }], selected_id: 'h1' };
  assert.equal(interpretFeedback('ok', single).rule, 'none');
  assert.equal(interpretFeedback('ok', { ...set('h1'), selected_id: 'zz' }).rule, 'none');
});

test('blueprint options: "simpler" orders by procedure length', () => {
  const plan = (title: string, steps: number) => ({
    title,
    conditions: ['control', 'treatment'],
    metrics: ['accuracy'],
    procedure: Array.from({ length: steps }, (_, i) => `step ${i}`),
  });
  const plans: CandidateSet = {
    items: [
      { id: 'p1', candidate: plan('Full factorial sweep', 12) },
      { id: 'p2', candidate: plan('Two-arm comparison', 3) },
    ],
    selected_id: 'p1',
  };
  assert.deepEqual(
    interpretFeedback('too complicated', plans).pairs.map((p) => `${p.winner}>${p.loser}`),
    ['p2>p1'],
  );
  assert.deepEqual(interpretFeedback('more ambitious', plans).pairs, [], 'plans have no novelty');
});

test('feedbackToPairs: loads candidates per entry, reports what it used', () => {
  const ideation: IdeationArtefacts = {
    research_question: 'q',
    hypotheses: [
      { id: 'h1', ...soil },
      { id: 'h2', ...coral },
      { id: 'h3', ...urban },
    ],
    selected_id: 'h1',
    selection_reason: 'r',
  };
  const entry = (id: number, text: string, stage: FeedbackEntry['stage'] = 'ideation') => ({
    id,
    run_id: 'run-1',
    user_id: 'u',
    stage,
    text,
    created_at: '',
    consumed_at: null,
  });
  const out = feedbackToPairs(
    [entry(1, 'go with h2'), entry(2, 'add a control group'), entry(3, 'ok', 'planning')],
    (e) => (e.stage === 'ideation' ? ideationCandidates(ideation) : undefined),
  );
  assert.deepEqual(out.used, [1]);
  assert.equal(out.pairs.length, 2);
  assert.equal(out.pairs[0]!.winner, ideation.hypotheses[1]);
  assert.equal(out.pairs[0]!.rule, 'explicit');
  assert.equal(out.pairs[0]!.feedback_id, 1);
  assert.deepEqual(
    out.interpretations.map((i) => [i.feedback_id, i.rule, i.pairs]),
    [
      [1, 'explicit', 2],
      [2, 'none', 0],
      [3, 'none', 0],
    ],
  );
});
