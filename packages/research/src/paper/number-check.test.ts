import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PaperDraft } from '../domain/artefacts.ts';
import {
  AllowedNumbers,
  allowedNumbers,
  checkNumbers,
  enforceNumbers,
  extractNumbers,
  sentenceSpans,
} from './number-check.ts';
import { sampleDraft } from './testing.ts';

/** An experiment: two conditions, one metric, five seeds, a Welch test, a curve figure. */
function experiment(): AllowedNumbers {
  return allowedNumbers({
    statistics: [
      { condition: 'warm_up', metric: 'accuracy', mean: 0.6823, std: 0.0121, n: 5 },
      { condition: 'constant', metric: 'accuracy', mean: 0.6512, std: 0.0153, n: 5 },
    ],
    pValues: [0.0034],
    tStatistics: [4.12],
    seeds: [0, 1, 2, 3, 4],
    trustedText: ['Train for 1000 steps with learning rate 0.001 and batch size 64.'],
    draft: {
      tables: [
        {
          label: 'tab:results',
          caption: 'Mean ± std over 5 seeds.',
          columns: ['Condition', 'accuracy'],
          rows: [
            ['warm up', '0.6823 ± 0.0121'],
            ['constant', '0.6512 ± 0.0153'],
          ],
        },
      ],
      figures: [
        {
          label: 'fig:curves',
          caption: '',
          x_label: 'step',
          y_label: 'loss',
          series: [
            {
              name: 'a',
              points: [
                [0, 2.31],
                [500, 0.9],
                [1000, 0.55],
              ],
            },
          ],
        },
      ],
      references: [{ key: 'v', title: 'T', authors: [], year: 2017, venue: null, url: null }],
      sections: [1, 2, 3, 4, 5].map((i) => ({ heading: `S${i}`, body: 'x' })),
    },
  });
}

/** [sentence, the numbers it states that the experiment does not support]. */
const CASES: [string, string[]][] = [
  ['Accuracy reached 0.6823 with warm-up.', []],
  ['Accuracy reached 0.68 with warm-up.', []], // rounded to two decimals
  ['Accuracy reached 0.7 with warm-up.', []], // rounded to one decimal
  ['Accuracy reached 0.6824 with warm-up.', ['0.6824']], // more digits than measured, and wrong
  ['Accuracy reached 0.91 with warm-up.', ['0.91']], // invented
  ['Accuracy reached 68% with warm-up.', []], // a percentage of 0.6823
  ['Accuracy reached 68.2% with warm-up.', []],
  ['Accuracy reached 69 percent with warm-up.', ['69 percent']],
  ['Warm-up is ahead by 0.031.', []], // difference of the means
  ['The baseline trails by -0.031.', []], // the difference the other way round
  ['Warm-up is ahead by 3.1 percentage points.', []],
  ['Warm-up is ahead by 4.8% relative to the baseline.', []], // relative change
  ['Accuracy was −0.68 in log space.', ['−0.68']], // a sign is part of the claim
  ['The difference is significant (p = 0.0034).', []],
  ['The difference is significant (p = 0.003).', []],
  ['The difference is significant (p < 0.05).', []], // the test's significance level
  ['The difference is significant (p = 0.04).', ['0.04']],
  ['Welch t = 4.12 and t = -4.12 are the same test.', []],
  ['Accuracy was 0.6823 ± 0.0121.', []],
  ['Accuracy was 0.6823 ± 0.09.', ['0.09']],
  ['We ran 5 seeds per condition (n = 5).', []],
  ['We ran 12 seeds per condition.', ['12']],
  ['Seeds 3–5 converged early.', []], // a range: two numbers, no negative
  ['Seeds 3–15 converged early.', ['15']],
  ['The first condition and the second one differ.', []], // ordinals in words
  ['The 2nd seed was the slowest.', []],
  ['The 27th seed was the slowest.', ['27th']],
  ['Transformers [@vaswani2017] appeared in 2017.', []], // a reference's year
  ['This changed in 2019.', ['2019']],
  ['See @tab:results, @fig:curves2 and fig:12 for details.', []], // labels
  ['Unlike CIFAR-10, GPT-4, ResNet50 or x86-64 setups.', []], // identifiers
  ['Models trained for 1,000 steps.', []], // thousands separator, from the plan
  ['Models trained for 12,500 steps.', ['12,500']],
  ['The learning rate was 1e-3.', []], // scientific notation of the planned 0.001
  ['The learning rate was $1 \\times 10^{-3}$.', []],
  ['The learning rate was 2.5e-4.', ['2.5e-4']],
  ['Section 3 gives the details.', []],
  ['Batch size 64 on a 3.7x larger model.', ['3.7x']], // a ratio is a value, not a count
  ['Seed 3 of 5 used 3x the compute.', ['3x']], // 3 is a count, 3x is a ratio
  ['Training took 50k steps.', ['50k']],
  ['The loss fell from 2.31 to 0.55.', []], // the figure's first and last points
  ['Code is at https://example.org/v2/run-2024 and doi 10.1234/abc.567.', []],
  ['The variable `seed_42` and $x_{12}^{3}$ hold no claims.', []],
  ['Accuracy was 0.68, 0.65 and 0.99 for the three runs.', ['0.99']],
  ['Accuracy was 0.68/0.65 for the two schedules.', []],
  ['Accuracy was 65–68% across conditions.', []], // a range of percentages
  ['Accuracy was 61–68% across conditions.', ['61']],
  ['About 0.4 of the runs diverged.', ['0.4']],
  ['About 0.5 of the runs diverged.', []], // 0.55 (a figure point) rounds half-even to 0.5
];

for (const [sentence, unknown] of CASES) {
  test(`numbers: ${sentence}`, () => {
    const draft: PaperDraft = {
      ...sampleDraft(),
      abstract: sentence,
      sections: [{ heading: 'S', body: 'Nothing numeric here.' }],
    };
    const { findings } = checkNumbers(draft, experiment());
    assert.deepEqual(
      findings.flatMap((f) => f.unknown),
      unknown,
    );
  });
}

test('extractNumbers reads values, rounding tolerance and percentages', () => {
  const [a, b, c, d] = extractNumbers('0.50 and 68% and −1,234 and 2.5e-4');
  assert.deepEqual(a, {
    text: '0.50',
    value: 0.5,
    tolerance: 0.005,
    percent: false,
    plainInteger: false,
  });
  assert.deepEqual(b, {
    text: '68%',
    value: 68,
    tolerance: 0.5,
    percent: true,
    plainInteger: false,
  });
  assert.deepEqual(c, {
    text: '−1,234',
    value: -1234,
    tolerance: 0.5,
    percent: false,
    plainInteger: true,
  });
  assert.equal(d?.text, '2.5e-4');
  assert.ok(Math.abs(d!.value - 2.5e-4) < 1e-18 && Math.abs(d!.tolerance - 5e-6) < 1e-18);
});

test('sentences split after . ! ? but not after abbreviations or inside decimals', () => {
  const text =
    'First, e.g. 5 runs. Second 0.5 ratio! Third et al. say so?\n\n- item one. Item two\n# Heading 2';
  const sentences = sentenceSpans(text).map((s) => text.slice(s.start, s.end));
  assert.deepEqual(sentences, [
    'First, e.g. 5 runs.',
    'Second 0.5 ratio!',
    'Third et al. say so?',
    'item one.',
    'Item two',
    'Heading 2',
  ]);
  // Unicode's rule: no sentence starts with a lower-case word, which also keeps abbreviations
  // no list knows ("approx. three") inside their sentence.
  const more =
    'It took approx. three runs. As Dr. Smith found, it\nwraps over lines. Then **it ends.** Done';
  assert.deepEqual(
    sentenceSpans(more).map((s) => more.slice(s.start, s.end)),
    [
      'It took approx. three runs.',
      'As Dr. Smith found, it\nwraps over lines.',
      'Then **it ends.**',
      'Done',
    ],
  );
});

test('checkNumbers reports the sentence, its place and the count of numbers checked', () => {
  const draft = sampleDraft();
  draft.abstract = 'Warm-up wins. It reaches 0.99 accuracy.';
  draft.sections = [
    { heading: 'A', body: 'Over 5 seeds.' },
    { heading: 'B', body: 'Gains of 7.5 points.' },
  ];
  const result = checkNumbers(draft, experiment());
  assert.equal(result.checked, 3);
  assert.deepEqual(result.findings, [
    { location: 'abstract', sentence: 'It reaches 0.99 accuracy.', unknown: ['0.99'] },
    { location: 1, sentence: 'Gains of 7.5 points.', unknown: ['7.5 points'] },
  ]);
});

function draftWithClaims(): PaperDraft {
  return {
    ...sampleDraft(),
    abstract: 'Warm-up reaches 0.68 accuracy. It beats everything by 9.9 points. It is robust.',
    sections: [
      {
        heading: 'Results',
        body:
          'Accuracy was 0.6823 ± 0.0121 over 5 seeds. Peak accuracy was 0.97.\n\n' +
          '- a gain of 0.031;\n- a speed-up of 3.7x;\n- stable training.',
      },
      { heading: 'Extra', body: 'We also saw 0.123 once.' },
      { heading: 'Conclusion', body: 'Warm-up helps (p = 0.0034).' },
    ],
  };
}

test('enforceNumbers without a rewriter removes offending sentences, items and empty sections', async () => {
  const { draft, report } = await enforceNumbers(draftWithClaims(), experiment());
  assert.equal(draft.abstract, 'Warm-up reaches 0.68 accuracy. It is robust.');
  assert.equal(
    draft.sections[0]!.body,
    'Accuracy was 0.6823 ± 0.0121 over 5 seeds.\n\n- a gain of 0.031;\n- stable training.',
  );
  assert.deepEqual(
    draft.sections.map((s) => s.heading),
    ['Results', 'Conclusion'],
  );
  assert.deepEqual(
    report.removed.map((r) => [r.location, r.sentence, r.reason]),
    [
      ['abstract', 'It beats everything by 9.9 points.', 'no_rewrite'],
      [0, 'Peak accuracy was 0.97.', 'no_rewrite'],
      [0, 'a speed-up of 3.7x;', 'no_rewrite'],
      [1, 'We also saw 0.123 once.', 'no_rewrite'],
    ],
  );
  assert.deepEqual(report.rewritten, []);
  assert.equal(report.checked, 10);
  assert.deepEqual(checkNumbers(draft, experiment()).findings, []);
});

test('enforceNumbers uses rewrites whose numbers check out, and removes the others', async () => {
  const calls: [string, string[]][] = [];
  const rewrite = async (sentence: string, unknown: string[]): Promise<string | null> => {
    calls.push([sentence, unknown]);
    if (sentence.includes('9.9')) return 'It beats the constant schedule by\n3.1 points.';
    if (sentence.includes('0.97')) return 'Peak accuracy was 0.96.'; // still invented
    if (sentence.includes('3.7x')) throw new Error('model unavailable');
    return null;
  };
  const { draft, report } = await enforceNumbers(draftWithClaims(), experiment(), rewrite);
  assert.equal(calls.length, 4);
  assert.deepEqual(calls[0], ['It beats everything by 9.9 points.', ['9.9 points']]);
  assert.equal(
    draft.abstract,
    'Warm-up reaches 0.68 accuracy. It beats the constant schedule by 3.1 points. It is robust.',
  );
  assert.deepEqual(report.rewritten, [
    {
      location: 'abstract',
      before: 'It beats everything by 9.9 points.',
      after: 'It beats the constant schedule by 3.1 points.',
    },
  ]);
  assert.deepEqual(
    report.removed.map((r) => [r.sentence, r.reason, r.error]),
    [
      ['Peak accuracy was 0.97.', 'still_unknown', undefined],
      ['a speed-up of 3.7x;', 'no_rewrite', 'Error: model unavailable'],
      ['We also saw 0.123 once.', 'no_rewrite', undefined],
    ],
  );
  assert.deepEqual(checkNumbers(draft, experiment()).findings, []);
});

test('enforceNumbers calls the rewriter at most maxRewrites times', async () => {
  let calls = 0;
  const { report } = await enforceNumbers(
    draftWithClaims(),
    experiment(),
    async () => {
      calls++;
      return null;
    },
    { maxRewrites: 1 },
  );
  assert.equal(calls, 1);
  assert.deepEqual(
    report.removed.map((r) => r.reason),
    ['no_rewrite', 'limit', 'limit', 'limit'],
  );
});

test('a draft built from the experiment passes unchanged', async () => {
  const draft = sampleDraft();
  const allowed = allowedNumbers({
    statistics: [
      { condition: 'constant', metric: 'accuracy', mean: 0.812, std: 0.004, n: 3 },
      { condition: 'warm_up', metric: 'accuracy', mean: 0.833, std: 0.003, n: 3 },
    ],
    seeds: [0, 1, 2],
    draft,
  });
  const { draft: after, report } = await enforceNumbers(draft, allowed);
  assert.deepEqual(after, draft);
  assert.deepEqual(report.removed, []);
});
