// Evaluates the learned intent router against the old rule router on the held-out set.
// Usage: npm run eval:intent [-- --failures] [-- --cv]
//   --failures  list every held-out phrasing a router got wrong
//   --cv        also 5-fold cross-validation of the learned router on the training set
import { availableParallelism, loadavg } from 'node:os';
import { readFillers } from '../dataset/augment.ts';
import { FILLERS_PATH, HELDOUT_PATH, readExamples, TRAIN_PATH } from '../dataset/dataset.ts';
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

/** The learned router as POST /intent uses it, without an LLM. */
function learned(model: IntentModel): Router {
  return (request) => {
    const route = routeLearned(request, model);
    const clarified = !route.understood || route.confidence < DEFAULT_CONFIDENCE_THRESHOLD;
    const options = route.ranked.slice(0, 2).map((r) => r.action);
    return { intent: route.intent, clarified, guess: route.ranked[0]?.action, options };
  };
}

/** The old rules (local-router.ts), kept for this comparison only. */
const rules: Router = (request) => ({ intent: routeLocally(request).intent });

function pct(score: Score): string {
  if (score.total === 0) return '—';
  return `${((100 * score.correct) / score.total).toFixed(1)} % (${score.correct}/${score.total})`;
}

function row(name: string, e: Evaluation, timed: boolean): string {
  const cells = [
    name,
    pct(e.action),
    ...EVAL_SLOTS.map((s) => pct(e.slots[s])),
    pct(e.exact),
    e.clarified.total > 0 ? `${e.clarified.total} (${e.clarified.correct})` : '0',
    `${e.wrongUnasked}`,
    timed ? quantile(e.latencies, 0.5).toFixed(2) : '—',
    timed ? quantile(e.latencies, 0.99).toFixed(2) : '—',
  ];
  return `| ${cells.join(' | ')} |`;
}

function table(rows: [string, Evaluation][], timed: boolean): string {
  const head = [
    'router',
    'action',
    ...EVAL_SLOTS,
    'action and all slots',
    'asked back (right one offered)',
    'wrong, not asked',
    'p50 ms',
    'p99 ms',
  ];
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map(([name, e]) => row(name, e, timed)),
  ].join('\n');
}

const heldout = readExamples(HELDOUT_PATH);
const train = readExamples(TRAIN_PATH);
const loadStarted = performance.now();
const model = loadIntentModel();
const loadMs = performance.now() - loadStarted;

const results: [string, Evaluation][] = [
  ['learned', evaluate(heldout, learned(model))],
  ['rules (old)', evaluate(heldout, rules)],
];
// Latency: five timed passes after a warm-up pass, rather than the scoring pass's cold calls.
results[0]![1].latencies = timeRouting(heldout, learned(model));
results[1]![1].latencies = timeRouting(heldout, rules);

const share = (100 * heldout.length) / (heldout.length + train.length);
console.log(
  `Held-out set: ${heldout.length} phrasings (training set: ${train.length}; ` +
    `${share.toFixed(1)} % held out). Model loaded in ${loadMs.toFixed(0)} ms; ` +
    `confidence threshold ${DEFAULT_CONFIDENCE_THRESHOLD}; load average ` +
    `${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.`,
);
if (model.trainedOn.sha256 !== dataFingerprint()) {
  console.log('WARNING: the model file was trained on other data: run npm run train:intent');
}
console.log(`\n${table(results, true)}\n`);
console.log(
  'Slots are scored over the phrasings where the expected or the routed intent has them. ' +
    '"Asked back": clarifying questions instead of an action (in brackets, how many offered ' +
    'the right action among the two); the action scored is then the best guess. Latency: ' +
    'one routing call, over five passes of the held-out set after a warm-up pass.',
);

if (args.has('--failures')) {
  for (const [name, e] of results) {
    console.log(`\n${name}: ${e.failures.length} phrasings not fully right`);
    for (const f of e.failures) console.log(`  ${f}`);
  }
}

if (args.has('--cv')) {
  const fillers = readFillers(FILLERS_PATH);
  const parts = folds(train, 5, 7);
  const perFold = parts.map((held, k) => {
    const rest = parts.filter((_, j) => j !== k).flat();
    const options = { ...DEFAULT_INTENT_TRAIN_OPTIONS, calibrationFolds: 3 };
    const { model: foldModel } = trainIntentModel(rest, fillers, 'cv', options);
    return evaluate(held, learned(foldModel));
  });
  const sum = (pick: (e: Evaluation) => Score): Score => ({
    correct: perFold.reduce((n, e) => n + pick(e).correct, 0),
    total: perFold.reduce((n, e) => n + pick(e).total, 0),
  });
  const cv: Evaluation = {
    examples: train.length,
    action: sum((e) => e.action),
    slots: Object.fromEntries(
      EVAL_SLOTS.map((s) => [s, sum((e) => e.slots[s])]),
    ) as Evaluation['slots'],
    exact: sum((e) => e.exact),
    clarified: sum((e) => e.clarified),
    wrongUnasked: perFold.reduce((n, e) => n + e.wrongUnasked, 0),
    latencies: [],
    failures: perFold.flatMap((e) => e.failures),
  };
  console.log('\n5-fold cross-validation of the learned router on the training set:\n');
  console.log(table([['learned (cv)', cv]], false));
  if (args.has('--failures')) for (const f of cv.failures) console.log(`  cv ${f}`);
}
