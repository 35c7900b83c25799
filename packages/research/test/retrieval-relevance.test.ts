import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../src/store/store.ts';

// A small labelled set: skills from several kinds of work, and stage queries (topic + stage +
// domain, as the engine builds them) labelled with the skill that should come first.
const SKILLS = [
  {
    name: 'Power analysis for field plots',
    procedure:
      'Estimate variance from a pilot survey, then choose the number of plots for 80% power.',
    stage: 'planning',
  },
  {
    name: 'Bootstrap confidence intervals',
    procedure:
      'Resample the measured values with replacement 2000 times and report percentile intervals.',
    stage: 'analysis',
  },
  {
    name: 'Ablation design',
    procedure:
      'Remove one component of the proposed method at a time and compare with the full method.',
    stage: 'planning',
  },
  {
    name: 'Stratified sampling of households',
    procedure: 'Split households by income band and sample each band in proportion to its size.',
    stage: 'planning',
  },
  {
    name: 'Vectorised NumPy simulation',
    procedure:
      'Draw all seeds and samples as arrays at once instead of Python loops to keep runs fast.',
    stage: 'coding',
  },
  {
    name: 'Welch t-test between conditions',
    procedure:
      'Compare the proposed condition with the strongest baseline using Welch t-test with unequal variances.',
    stage: 'analysis',
  },
  {
    name: 'LaTeX tables with booktabs',
    procedure: 'Generate tables from results with booktabs rules and right-aligned numbers.',
    stage: 'writing',
  },
  {
    name: 'Reaction kinetics fitting',
    procedure:
      'Fit Arrhenius rate constants to concentration curves with least squares on the log scale.',
    stage: 'analysis',
  },
  {
    name: 'Reviewer rebuttal checklist',
    procedure: 'List each weakness a reviewer raised and point to the section that addresses it.',
    stage: 'review',
  },
  {
    name: 'Hypothesis from literature gaps',
    procedure:
      'Scan recent findings for contradictions and turn the sharpest one into a testable hypothesis.',
    stage: 'ideation',
  },
];

const QUERIES: [string, string][] = [
  ['how many plots to survey for bird richness planning ecology', 'Power analysis for field plots'],
  ['uncertainty intervals by resampling analysis economics', 'Bootstrap confidence intervals'],
  ['remove a component to see its effect planning machine learning', 'Ablation design'],
  ['household income survey sampling planning sociology', 'Stratified sampling of households'],
  ['speed up the simulation code with arrays coding physics', 'Vectorised NumPy simulation'],
  ['significance test proposed method versus baseline analysis', 'Welch t-test between conditions'],
  ['results tables in the paper writing', 'LaTeX tables with booktabs'],
  ['rate constants from concentration curves analysis chemistry', 'Reaction kinetics fitting'],
  ['answer the reviewer weaknesses review', 'Reviewer rebuttal checklist'],
  [
    'find a hypothesis where recent findings contradict ideation',
    'Hypothesis from literature gaps',
  ],
];

test('retrieval puts the relevant skill first for a labelled set of stage queries', async (t) => {
  const store = Store.open(':memory:');
  await store.users.upsert({
    user_id: 'u',
    archetype: 'a',
    domain: 'd',
    risk_preference: 'medium',
    baseline_strictness: 'medium',
    persona_brief: '',
  });
  for (const s of SKILLS)
    await store.skills.add('u', { ...s, description: s.name, source_run_id: null });
  let top1 = 0;
  let top3 = 0;
  for (const [query, expected] of QUERIES) {
    const names = (await store.skills.retrieve('u', query, 3)).map((s) => s.name);
    if (names[0] === expected) top1++;
    if (names.includes(expected)) top3++;
  }
  t.diagnostic(`precision@1 ${top1}/${QUERIES.length}, recall@3 ${top3}/${QUERIES.length}`);
  assert.ok(top1 / QUERIES.length >= 0.8, `precision@1 ${top1}/${QUERIES.length}`);
  assert.equal(top3, QUERIES.length);
});
