// Trains the intent model from labelled examples: the action classifier (with its softmax
// temperature fitted by cross-validation, so its probabilities are honest on phrasings it did
// not see) and the slot tagger. Deterministic for a given seed and data.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { seededRandom } from '@hikma/llm';
import { augment, readFillers, type AugmentOptions, type Fillers } from '../dataset/augment.ts';
import { outliers } from '../dataset/outliers.ts';
import { ENGLISH_FIELDS } from '../model/lexicons/fields.ts';
import { ENGLISH_ROLES } from '../model/lexicons/roles.ts';
import {
  FILLERS_PATH,
  readTrainingExamples,
  SESSIONS,
  spanTags,
  TRAINING_PATHS,
  type Example,
} from '../dataset/dataset.ts';
import {
  SoftmaxClassifier,
  type ClassifierTrainOptions,
  type LabelledFeatures,
} from '../model/classifier.ts';
import { messageFeatures, tokenFeatures } from '../model/features.ts';
import { inLexicons } from '../model/gazetteer.ts';
import { lexiconClass } from '../model/lexicon.ts';
import { negate } from '../model/negation.ts';
import { wordClasses } from '../model/word-classes.ts';
import { IntentModel, readMessage } from '../model/intent-model.ts';
import {
  LEVEL_SLOTS,
  LevelReader,
  firstSpan,
  levelFeatures,
  LEVELS,
  type LevelSlot,
} from '../model/level-reader.ts';
import { SlotTagger, type TaggerTrainOptions } from '../model/tagger.ts';
import { TAGS } from '../model/tags.ts';
import { tokenize, type Token } from '../model/tokens.ts';
import { INTENT_ACTIONS } from '../schema.ts';
import { averageModels } from './ensemble.ts';

export interface IntentTrainOptions {
  seed: number;
  augment: Omit<AugmentOptions, 'seed'>;
  classifier: Omit<ClassifierTrainOptions, 'seed'>;
  tagger: Omit<TaggerTrainOptions, 'seed'>;
  /** Folds of the cross-validation that fits the softmax temperature (0: temperature 1). */
  calibrationFolds: number;
  /** Messages that mean nothing, trained towards a flat distribution (see outliers.ts). */
  outliers: number;
  /**
   * Runs averaged into the model (ensemble.ts), with seeds `seed`, `seed + 1`, …; only the
   * first fits the temperature.
   */
  runs: number;
}

export const DEFAULT_INTENT_TRAIN_OPTIONS: IntentTrainOptions = {
  seed: 1,
  augment: {
    copies: 2,
    compositions: 300,
    lowercase: 0.25,
    typo: 0.2,
    lexiconShare: 0.5,
    slotTypo: 0.15,
    pausedCommands: 1,
  },
  classifier: { epochs: 20, learningRate: 0.05, l2: 0, minCount: 2, prune: 0.1 },
  tagger: { epochs: 10, prune: 0.3 },
  calibrationFolds: 5,
  outliers: 400,
  runs: 4,
};

/** Fields and roles from the lexicons, swapped into training phrasings beside the fillers. */
const LEXICON = { domain: ENGLISH_FIELDS, archetype: ENGLISH_ROLES };

export interface TrainReport {
  examples: number;
  augmented: number;
  temperature: number;
  duration_ms: number;
}

/**
 * The words taken as written: those of two phrasings or more, and the fillers'. A word of
 * one phrasing only may be a typo ("skils"), read as the command word it is one edit from,
 * in training as when routing.
 */
export function vocabularyOf(examples: readonly Example[], fillers: Fillers): Set<string> {
  const counts = new Map<string, number>();
  for (const e of examples) {
    for (const word of new Set(tokenize(e.text).map((t) => t.lower))) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const vocabulary = new Set([...counts].filter(([, n]) => n >= 2).map(([word]) => word));
  for (const value of Object.values(fillers).flat()) {
    for (const token of tokenize(value)) vocabulary.add(token.lower);
  }
  for (const word of vocabulary) if (!/[\p{L}\p{N}]/u.test(word)) vocabulary.delete(word);
  return vocabulary;
}

function classifierData(
  examples: readonly Example[],
  vocabulary: ReadonlySet<string>,
): LabelledFeatures[] {
  return examples.map((e) => ({
    features: messageFeatures(e.text, readMessage(e.text, vocabulary), SESSIONS[e.session]),
    label: INTENT_ACTIONS.indexOf(e.action),
  }));
}

/** The classifier's training data: the (augmented) examples and the outliers. */
function classifierTrainingData(
  data: readonly Example[],
  vocabulary: ReadonlySet<string>,
  options: IntentTrainOptions,
): LabelledFeatures[] {
  const useful = (word: string) =>
    vocabulary.has(word) ||
    wordClasses(word).length > 0 ||
    lexiconClass(word) !== undefined ||
    inLexicons(word);
  const noise = outliers(options.outliers, options.seed, useful).map((o) => ({
    features: messageFeatures(o.text, readMessage(o.text, vocabulary), SESSIONS[o.session]),
    label: -1,
  }));
  return [...classifierData(data, vocabulary), ...noise];
}

/** Trains the action classifier alone (augmenting its examples first). */
export function trainClassifier(
  examples: readonly Example[],
  fillers: Fillers,
  options: IntentTrainOptions,
): SoftmaxClassifier {
  const data = augment(examples, fillers, { ...options.augment, seed: options.seed }, LEXICON);
  const vocabulary = vocabularyOf(examples, fillers);
  return SoftmaxClassifier.train(
    INTENT_ACTIONS,
    classifierTrainingData(data, vocabulary, options),
    { ...options.classifier, seed: options.seed },
  );
}

/** Splits examples into `k` folds in a seeded order. */
export function folds<T>(items: readonly T[], k: number, seed: number): T[][] {
  const random = seededRandom(seed);
  const order = items.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const out: T[][] = Array.from({ length: k }, () => []);
  order.forEach((index, n) => out[n % k]!.push(items[index]!));
  return out;
}

/** The temperature that minimises the log loss of out-of-fold logits. */
function fitTemperature(
  examples: readonly Example[],
  fillers: Fillers,
  options: IntentTrainOptions,
): number {
  if (options.calibrationFolds < 2) return 1;
  const parts = folds(examples, options.calibrationFolds, options.seed);
  const outOfFold: { logits: Float64Array; label: number }[] = [];
  parts.forEach((held, k) => {
    const rest = parts.filter((_, j) => j !== k).flat();
    const classifier = trainClassifier(rest, fillers, options);
    for (const { features, label } of classifierData(held, vocabularyOf(rest, fillers))) {
      outOfFold.push({ logits: classifier.logits(features), label });
    }
  });
  let best = 1;
  let bestLoss = Infinity;
  for (let t = 0.25; t <= 6.001; t += 0.05) {
    let loss = 0;
    for (const { logits, label } of outOfFold) {
      let max = -Infinity;
      for (const z of logits) max = Math.max(max, z / t);
      let sum = 0;
      for (const z of logits) sum += Math.exp(z / t - max);
      loss -= logits[label]! / t - max - Math.log(sum);
    }
    if (loss < bestLoss) {
      bestLoss = loss;
      best = Math.round(t * 100) / 100;
    }
  }
  return best;
}

/**
 * Trains the whole model from examples, as the average of `options.runs` runs; `sha256`
 * identifies the data in the model file.
 */
export function trainIntentModel(
  examples: readonly Example[],
  fillers: Fillers,
  sha256: string,
  options: IntentTrainOptions = DEFAULT_INTENT_TRAIN_OPTIONS,
): { model: IntentModel; report: TrainReport } {
  const started = performance.now();
  const runs = Array.from({ length: Math.max(1, options.runs) }, (_, k) =>
    trainRun(examples, fillers, sha256, {
      ...options,
      seed: options.seed + k,
      calibrationFolds: k === 0 ? options.calibrationFolds : 0,
    }),
  );
  return {
    model: averageModels(runs.map((r) => r.model)),
    report: { ...runs[0]!.report, duration_ms: Math.round(performance.now() - started) },
  };
}

/** One run of training: the classifier, its temperature, the tagger and the level reader. */
function trainRun(
  examples: readonly Example[],
  fillers: Fillers,
  sha256: string,
  options: IntentTrainOptions,
): { model: IntentModel; report: TrainReport } {
  const started = performance.now();
  const temperature = fitTemperature(examples, fillers, options);
  const data = augment(examples, fillers, { ...options.augment, seed: options.seed }, LEXICON);
  const vocabulary = vocabularyOf(examples, fillers);
  const classifier = SoftmaxClassifier.train(
    INTENT_ACTIONS,
    classifierTrainingData(data, vocabulary, options),
    { ...options.classifier, seed: options.seed },
  );
  classifier.temperature = temperature;
  const tagged = data.map((e) => {
    const tokens = readMessage(e.text, vocabulary);
    return { example: e, tokens, tags: spanTags(e, tokens) };
  });
  const tagger = SlotTagger.train(
    TAGS.length,
    tagged.map(({ example: e, tokens, tags }) => ({
      features: tokenFeatures(tokens, e.action, SESSIONS[e.session]),
      tags,
    })),
    { ...options.tagger, seed: options.seed },
  );
  const levels = LevelReader.train(levelData(tagged), options.seed);
  const model = new IntentModel(classifier, tagger, levels, [...vocabulary].sort(), {
    examples: examples.length,
    sha256,
    seed: options.seed,
  });
  return {
    model,
    report: {
      examples: examples.length,
      augmented: data.length,
      temperature,
      duration_ms: Math.round(performance.now() - started),
    },
  };
}

/** Each risk or strictness span of the (augmented) examples, with the level it states. */
function levelData(
  tagged: readonly { example: Example; tokens: Token[]; tags: number[] }[],
): Record<LevelSlot, LabelledFeatures[]> {
  const data: Record<LevelSlot, LabelledFeatures[]> = {
    risk_preference: [],
    baseline_strictness: [],
  };
  for (const { example, tokens, tags } of tagged) {
    for (const slot of LEVEL_SLOTS) {
      const level = example.values?.[slot];
      const span = firstSpan(tags, slot);
      if (!level || !span) continue;
      const words = tokens.map((t) => t.lower);
      const { features, negated } = levelFeatures(words, ...span);
      // Learnt un-negated: "no long shots" (low) teaches that "long shots" is high.
      data[slot].push({ features, label: LEVELS.indexOf(negated ? negate(level) : level) });
    }
  }
  return data;
}

/** SHA-256 of the training data and fillers, as stored in the model file. */
export function dataFingerprint(
  trainPaths: readonly string[] = TRAINING_PATHS,
  fillersPath: string = FILLERS_PATH,
): string {
  const hash = createHash('sha256');
  for (const path of trainPaths) hash.update(readFileSync(path));
  return hash.update(readFileSync(fillersPath)).digest('hex');
}

/** Trains on the repository's training set, as scripts/train-intent.ts does. */
export function trainShippedModel(options: IntentTrainOptions = DEFAULT_INTENT_TRAIN_OPTIONS): {
  model: IntentModel;
  report: TrainReport;
} {
  return trainIntentModel(
    readTrainingExamples(),
    readFillers(FILLERS_PATH),
    dataFingerprint(),
    options,
  );
}
