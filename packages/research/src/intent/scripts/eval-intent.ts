// Evaluates the learned intent router against the old rule router on the held-out set.
// Usage: npm run eval:intent [-- --failures] [-- --cv]
//   --failures  list every held-out example either router got wrong
//   --cv        also 5-fold cross-validation on the training set (what tuning may look at)
import { readExamples, HELDOUT_PATH, TRAIN_PATH, type Example } from '../dataset/dataset.ts';
import { readFillers } from '../dataset/augment.ts';
import { FILLERS_PATH } from '../dataset/dataset.ts';
import { routeLearned } from '../learned-router.ts';
import { routeLocally } from '../local-router.ts';
import { loadIntentModel, type IntentModel } from '../model/intent-model.ts';
import { DEFAULT_CONFIDENCE_THRESHOLD } from '../router.ts';
import {
  EVAL_SLOTS,
  evaluate,
  quantile,
  timeRouting,
  type Evaluation,
  type Router,
  type Score,
} from '../training/evaluate.ts';
import {
  dataFingerprint,
  DEFAULT_INTENT_TRAIN_OPTIONS,
  folds,
  trainIntentModel,
} from '../training/train.ts';

const args = new Set(process.argv.slice(2));

function learned(model: IntentModel): Router {
  return (request) => {
    const route = routeLearned(request, model);
    const clarified = !route.understood || route.confidence < DEFAULT_CONFIDENCE_THRESHOLD;
    return { intent: route.intent, clarified, guess: route.ranked[0]?.action };
  };
}

const rules: Router = (request) => ({ intent: routeLocally(request).intent });

function pct(score: Score): string {
  if (score.total === 0) return '—';
  return `${((100 * score.correct) / score.total).toFixed(1)} % (${score.correct}/${score.total})`;
}

function row(name: string, e: Evaluation): string {
  const cells = [
    name,
    pct(e.action),
    ...EVAL_SLOTS.map((s) => pct(e.slots[s])),
    pct(e.exact),
    `${e.clarified}`,
    `${e.wrongUnasked}`,
    quantile(e.latencies, 0.5).toFixed(2),
    quantile(e.latencies, 0.99).toFixed(2),
  ];
  return `| ${cells.join(' | ')} |`;
}

function table(rows: [string, Evaluation][]): string {
  const head = [
    'router',
    'action',
    ...EVAL_SLOTS,
    'action and all slots',
    'asked back',
    'wrong, not asked',
    'p50 ms',
    'p99 ms',
  ];
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map(([name, e]) => row(name, e)),
  ].join('\n');
}

const heldout = readExamples(HELDOUT_PATH);
const train = readExamples(TRAIN_PATH);
const loadStarted = performance.now();
const model = loadIntentModel();
const loadMs = performance.now() - loadStarted;
const stale = model.trainedOn.sha256 !== dataFingerprint();

const results: [string, Evaluation][] = [
  ['learned', evaluate(heldout, learned(model))],
  ['rules (old)', evaluate(heldout, rules)],
];
// Latency over five timed passes after a warm-up pass, not the scoring pass's cold calls.
results[0]![1].latencies = timeRouting(heldout, learned(model));
results[1]![1].latencies = timeRouting(heldout, rules);
console.log(
  `Held-out set: ${heldout.length} phrasings (training set: ${train.length}; ` +
    `${((100 * heldout.length) / (heldout.length + train.length)).toFixed(1)} % held out). ` +
    `Model loaded in ${loadMs.toFixed(0)} ms; threshold ${DEFAULT_CONFIDENCE_THRESHOLD}.`,
);
if (stale) console.log('WARNING: the model file was trained on other data; run train-intent.ts');
console.log(`\n${table(results)}\n`);
console.log(
  'Slots are scored over the phrasings where the expected or the routed intent has them; ' +
    '"asked back" counts clarifying questions (the action scored is the best guess).',
);

if (args.has('--cv')) {
  const fillers = readFillers(FILLERS_PATH);
  const parts = folds(train, 5, 7);
  const merged: Evaluation[] = parts.map((held, k) => {
    const rest = parts.filter((_, j) => j !== k).flat();
    const { model: foldModel } = trainIntentModel(rest, fillers, 'cv', {
      ...DEFAULT_INTENT_TRAIN_OPTIONS,
      calibrationFolds: 0,
    });
    return evaluate(held, learned(foldModel));
  });
  const sum = (pick: (e: Evaluation) => Score): Score => ({
    correct: merged.reduce((n, e) => n + pick(e).correct, 0),
    total: merged.reduce((n, e) => n + pick(e).total, 0),
  });
  const cv: Evaluation = {
    examples: train.length,
    action: sum((e) => e.action),
    slots: Object.fromEntries(
      EVAL_SLOTS.map((s) => [s, sum((e) => e.slots[s])]),
    ) as Evaluation['slots'],
    exact: sum((e) => e.exact),
    clarified: merged.reduce((n, e) => n + e.clarified, 0),
    wrongUnasked: merged.reduce((n, e) => n + e.wrongUnasked, 0),
    latencies: merged.flatMap((e) => e.latencies),
    failures: merged.flatMap((e) => e.failures),
  };
  console.log(`\n5-fold cross-validation on the training set (temperature 1):\n`);
  console.log(table([['learned (cv)', cv]]));
  if (args.has('--failures')) for (const f of cv.failures) console.log(`  cv  ${f}`);
}

if (args.has('--failures') && !args.has('--cv')) {
  for (const [name, e] of results) {
    console.log(`\n${name}: ${e.failures.length} phrasings not fully right`);
    for (const f of e.failures) console.log(`  ${f}`);
  }
}

export type { Example };
