// Evaluates the learned intent router against the old rule router on the held-out sets and
// on messages that mean nothing to the app.
// Usage: npm run eval:intent [-- --failures] [-- --cv]
//   --failures  list every phrasing a router got wrong in the development sets and in
//               cross-validation; the test sets (HELDOUT_SETS in dataset/dataset.ts) are
//               scored only
//   --cv        also 5-fold cross-validation of the learned router on the training set
import { availableParallelism, loadavg } from 'node:os';
import { readFillers } from '../dataset/augment.ts';
import {
  AGREEMENT_READERS,
  FILLERS_PATH,
  HELDOUT_SETS,
  readExamples,
  type Example,
  readNonsense,
  readTrainingExamples,
  WRITTEN_SETS,
} from '../dataset/dataset.ts';
import { routeLearned } from '../learned-router.ts';
import { routeLocally } from '../local-router.ts';
import { loadIntentModel, type IntentModel } from '../model/intent-model.ts';
import { DEFAULT_CONFIDENCE_THRESHOLD } from '../router.ts';
import {
  evaluate,
  evaluateNonsense,
  quantile,
  TIMED_PASSES,
  timeRouting,
  type Evaluation,
  type NonsenseScore,
  type Router,
} from '../training/evaluate.ts';
import { agreementRows } from '../training/agreement.ts';
import { sumEvaluations, table } from '../training/report.ts';
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
    return {
      intent: route.intent,
      clarified,
      // The action scored: the best guess when it asked back, else the action routed (which
      // may differ from the classifier's first choice, as an introduction's does).
      guess: clarified ? route.ranked[0]?.action : undefined,
      options,
      confidence: route.ranked[0]?.p ?? 0,
    };
  };
}

/** The old rules (local-router.ts), kept for this comparison only. */
const rules: Router = (request) => ({ intent: routeLocally(request).intent });

const train = readTrainingExamples();
const folded = WRITTEN_SETS.filter((set) => set.trained).map((set) => set.label);
/** The first held-out split, the test sets (scored, never listed), the development sets. */
const [FIRST, ...LATER] = HELDOUT_SETS;
const SETS = [FIRST!, ...LATER.filter((set) => set.test), ...LATER.filter((set) => !set.test)];
const sets = SETS.map((set) => ({ ...set, examples: readExamples(set.path) }));
const nonsense = readNonsense();
const loadStarted = performance.now();
const model = loadIntentModel();
const loadMs = performance.now() - loadStarted;

/** Scores a router on a set, then times it: five passes after a warm-up pass. */
function scored(examples: Example[], route: Router): Evaluation {
  const result = evaluate(examples, route);
  result.latencies = timeRouting(examples, route, TIMED_PASSES);
  result.passes = TIMED_PASSES;
  return result;
}

const results: [string, Evaluation][] = sets.flatMap(({ label, examples }) => [
  [`learned, ${label}`, scored(examples, learned(model))] as [string, Evaluation],
  [`rules (old), ${label}`, scored(examples, rules)] as [string, Evaluation],
]);
const testRows = new Set(
  sets
    .filter((set) => set.test)
    .flatMap((set) => [`learned, ${set.label}`, `rules (old), ${set.label}`]),
);

const held = sets.reduce((n, set) => n + set.examples.length, 0);
const share = (100 * held) / (held + train.length);
const counts = sets.map((set) => `${set.label}: ${set.examples.length}`);
console.log(
  `Training set: ${train.length} phrasings (train.jsonl and the development sets ` +
    `${folded.join(', ')}); ${counts.join(', ')} (${held} held out in all, ` +
    `${share.toFixed(1)} % of all phrasings); nonsense: ${nonsense.length}. ` +
    `Model loaded in ${loadMs.toFixed(0)} ms; confidence threshold ` +
    `${DEFAULT_CONFIDENCE_THRESHOLD}; load average ${loadavg()[0]!.toFixed(1)} on ` +
    `${availableParallelism()} cores.`,
);
if (model.trainedOn.sha256 !== dataFingerprint()) {
  console.log('WARNING: the model file was trained on other data: run npm run train:intent');
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
  const cv = sumEvaluations(perFold);
  cv.latencies = [];
  results.push(['learned, 5-fold cross-validation on the training set', cv]);
}

console.log(`\n${table(results)}\n`);
// every timed call of the learned router on the held-out sets, with every pause it met
const learnedTimes = results
  .filter(([name]) => name.startsWith('learned, held-out'))
  .flatMap(([, e]) => e.latencies);
console.log(
  `p99 is the median of the ${TIMED_PASSES} timed passes' own p99. Over all ` +
    `${learnedTimes.length} timed calls of the learned router on the held-out sets ` +
    `together: p50 ${quantile(learnedTimes, 0.5).toFixed(2)} ms, p99 ` +
    `${quantile(learnedTimes, 0.99).toFixed(2)} ms, p99.9 ` +
    `${quantile(learnedTimes, 0.999).toFixed(2)} ms, slowest ` +
    `${Math.max(...learnedTimes).toFixed(2)} ms.\n`,
);
const declined = (name: string, score: NonsenseScore) =>
  `${name} ${score.declined}/${score.total}` +
  (Number.isNaN(score.meanConfidence)
    ? ''
    : ` (mean confidence of its best guess ${score.meanConfidence.toFixed(2)})`);
console.log(
  `Messages that mean nothing, asked back or answered with the help text: ` +
    `${declined('learned', evaluateNonsense(nonsense, learned(model)))}; ` +
    `${declined('rules (old)', evaluateNonsense(nonsense, rules))}.\n`,
);
const readers = AGREEMENT_READERS.map(
  (path, i) => [`reader ${'AB'[i]}`, readExamples(path, false)] as [string, Example[]],
);
const development = sets.filter((set) => !set.test).flatMap((set) => set.examples);
const agreement = agreementRows(development, readers, learned(model));
console.log(
  `Agreement of labellers: two readers given only the labelling conventions relabelled ` +
    `${readers[0]![1].length} phrasings of five development sets, each on their own; ` +
    `one labelling is scored as a router against another.\n\n${table(agreement)}\n`,
);
console.log(
  'Slots are scored over the phrasings where the expected or the routed intent has them. ' +
    '"Asked back": clarifying questions instead of an action (in brackets, how many offered ' +
    'the right action among the two); the action scored is then the best guess. Calibration ' +
    'error: the gap between the best guess’s probability and how often it is right (10 bins). ' +
    'Latency: one routing call, over five passes of the set after a warm-up pass.',
);

if (args.has('--failures')) {
  for (const [name, e] of results) {
    if (testRows.has(name)) continue;
    console.log(`\n${name}: ${e.failures.length} phrasings not fully right`);
    for (const f of e.failures) console.log(`  ${f}`);
  }
  const tests = sets.filter((set) => set.test).map((set) => set.label);
  console.log(`\n(Test sets, whose failures are not listed: ${tests.join('; ')}.)`);
}
