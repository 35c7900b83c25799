// The evaluation table as Markdown (the README's "Evaluation" table is pasted from it).
import {
  calibrationError,
  EVAL_SLOTS,
  passQuantile,
  quantile,
  type Evaluation,
  type Score,
} from './evaluate.ts';

export function pct(score: Score): string {
  if (score.total === 0) return '—';
  return `${((100 * score.correct) / score.total).toFixed(1)} % (${score.correct}/${score.total})`;
}

const HEAD = [
  'router',
  'action',
  ...EVAL_SLOTS,
  'action and all slots',
  'asked back (right one offered)',
  'wrong, not asked',
  'calibration error',
  'p50 ms',
  'p99 ms',
];

function row(name: string, e: Evaluation): string {
  const timed = e.latencies.length > 0;
  const ece = calibrationError(e.confidences);
  const cells = [
    name,
    pct(e.action),
    ...EVAL_SLOTS.map((s) => pct(e.slots[s])),
    pct(e.exact),
    e.clarified.total > 0 ? `${e.clarified.total} (${e.clarified.correct})` : '0',
    `${e.wrongUnasked}`,
    Number.isNaN(ece) ? '—' : ece.toFixed(3),
    timed ? quantile(e.latencies, 0.5).toFixed(2) : '—',
    timed ? passQuantile(e.latencies, e.passes ?? 1, 0.99).toFixed(2) : '—',
  ];
  return `| ${cells.join(' | ')} |`;
}

/** A Markdown table with one row per (name, evaluation). */
export function table(rows: readonly [string, Evaluation][]): string {
  return [
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map(() => '---').join('|')}|`,
    ...rows.map(([name, e]) => row(name, e)),
  ].join('\n');
}

/** Evaluations of disjoint parts (cross-validation folds) summed into one. */
export function sumEvaluations(parts: readonly Evaluation[]): Evaluation {
  const sum = (pick: (e: Evaluation) => Score): Score => ({
    correct: parts.reduce((n, e) => n + pick(e).correct, 0),
    total: parts.reduce((n, e) => n + pick(e).total, 0),
  });
  return {
    examples: parts.reduce((n, e) => n + e.examples, 0),
    action: sum((e) => e.action),
    slots: Object.fromEntries(
      EVAL_SLOTS.map((s) => [s, sum((e) => e.slots[s])]),
    ) as Evaluation['slots'],
    exact: sum((e) => e.exact),
    clarified: sum((e) => e.clarified),
    wrongUnasked: parts.reduce((n, e) => n + e.wrongUnasked, 0),
    latencies: [],
    confidences: parts.flatMap((e) => e.confidences),
    failures: parts.flatMap((e) => e.failures),
  };
}
