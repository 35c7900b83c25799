// The intent model as it ships: the action classifier and the slot tagger in one versioned
// JSON file (intent-model.json beside this module), written by scripts/train-intent.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ResearchError } from '../../errors.ts';
import { INTENT_ACTIONS, type IntentAction, type IntentSession } from '../schema.ts';
import { SoftmaxClassifier, type ClassifierJSON } from './classifier.ts';
import { FEATURE_VERSION, messageFeatures, tokenFeatures } from './features.ts';
import { LevelReader, type LevelReaderJSON } from './level-reader.ts';
import { SlotTagger, type TaggerJSON } from './tagger.ts';
import { TAGS } from './tags.ts';
import { loadEnglishWords } from './english-words.ts';
import { lexiconClass } from './lexicon.ts';
import { correctTypos, tokenize, type Token } from './tokens.ts';
import { wordClasses } from './word-classes.ts';

/** Version of the model file; an unknown version is refused, never guessed at. */
export const INTENT_MODEL_SCHEMA_VERSION = 2;

export const SHIPPED_MODEL_PATH = fileURLToPath(new URL('./intent-model.json', import.meta.url));

/** Raised when a model file cannot be used; codes from the service's registry. */
export class IntentModelError extends ResearchError<'model_version_unsupported' | 'model_invalid'> {
  constructor(code: 'model_version_unsupported' | 'model_invalid', message: string) {
    super(code, message);
    this.name = 'IntentModelError';
  }
}

const EncodedTable = z.object({
  width: z.number().int().positive(),
  rows: z.number().int().min(0),
  stored: z.number().int().min(0),
  scale: z.number().finite().positive(),
  keys: z.string(),
  masks: z.string(),
  weights: z.string(),
});

/** A softmax classifier as `SoftmaxClassifier.toJSON()` writes it. */
const Classifier = z.object({
  classes: z.array(z.string()),
  temperature: z.number().finite().positive(),
  bias: z.array(z.number().finite()),
  table: EncodedTable,
});

const ModelJSON = z.object({
  schema_version: z.literal(INTENT_MODEL_SCHEMA_VERSION),
  feature_version: z.number().int(),
  actions: z.array(z.string()),
  tags: z.array(z.string()),
  /** Words of the training data (in two phrasings or more, or a filler), lower-cased. */
  vocabulary: z.array(z.string()),
  /** What the model was trained from, so a stale model file can be told apart. */
  trained_on: z.object({
    examples: z.number().int().min(0),
    sha256: z.string(),
    seed: z.number().int(),
  }),
  classifier: Classifier,
  tagger: z.object({
    tags: z.number().int().positive(),
    transitions: z.array(z.number().finite()),
    table: EncodedTable,
  }),
  /** The level of a risk or strictness span (see level-reader.ts). */
  levels: z.object({ risk_preference: Classifier, baseline_strictness: Classifier }),
});
export type IntentModelJSON = z.infer<typeof ModelJSON>;
export type TrainedOn = IntentModelJSON['trained_on'];

/** One action with the model's probability for it. */
export interface ActionScore {
  action: IntentAction;
  p: number;
}

export class IntentModel {
  private readonly known: Set<string>;

  constructor(
    readonly classifier: SoftmaxClassifier,
    readonly tagger: SlotTagger,
    readonly levels: LevelReader,
    readonly vocabulary: readonly string[],
    readonly trainedOn: TrainedOn,
  ) {
    this.known = new Set(vocabulary);
    // The features read the English word list; read it now rather than on the first message.
    loadEnglishWords();
  }

  /** The message as the model reads it: tokens, with typos of command words corrected. */
  read(text: string): Token[] {
    return readMessage(text, this.known);
  }

  /** Every action with its probability, most likely first. */
  classify(text: string, tokens: Token[], session: IntentSession): ActionScore[] {
    const p = this.classifier.probabilities(messageFeatures(text, tokens, session));
    return INTENT_ACTIONS.map((action, i) => ({ action, p: p[i]! })).sort((a, b) => b.p - a.p);
  }

  /** True when at least one word of the message was seen in training. */
  knowsAnyWord(text: string, tokens: Token[], session: IntentSession): boolean {
    const words = messageFeatures(text, tokens, session).filter((f) => f.startsWith('w='));
    return this.classifier.known(words) > 0;
  }

  /** BIO tag indices (see TAGS) of each token, given the action. */
  tag(tokens: Token[], action: IntentAction, session: IntentSession): number[] {
    return this.tagger.decode(tokenFeatures(tokens, action, session));
  }

  toJSON(): IntentModelJSON {
    return {
      schema_version: INTENT_MODEL_SCHEMA_VERSION,
      feature_version: FEATURE_VERSION,
      actions: [...INTENT_ACTIONS],
      tags: [...TAGS],
      vocabulary: [...this.vocabulary],
      trained_on: this.trainedOn,
      classifier: this.classifier.toJSON(),
      tagger: this.tagger.toJSON(),
      levels: this.levels.toJSON(),
    };
  }

  /** Restores a model from `toJSON()`; refuses other schema or feature versions. */
  static fromJSON(json: unknown): IntentModel {
    const version = (json as { schema_version?: unknown } | null)?.schema_version;
    if (version !== INTENT_MODEL_SCHEMA_VERSION) {
      throw new IntentModelError(
        'model_version_unsupported',
        `intent model schema version ${String(version)} is not supported (expected ${INTENT_MODEL_SCHEMA_VERSION}); retrain it with scripts/train-intent.ts`,
      );
    }
    const parsed = ModelJSON.safeParse(json);
    if (!parsed.success) {
      throw new IntentModelError('model_invalid', `invalid intent model: ${parsed.error.message}`);
    }
    const m = parsed.data;
    if (m.feature_version !== FEATURE_VERSION) {
      throw new IntentModelError(
        'model_version_unsupported',
        `intent model has feature version ${m.feature_version}; this build uses ${FEATURE_VERSION}`,
      );
    }
    const same = (a: readonly string[], b: readonly string[]) =>
      a.length === b.length && a.every((x, i) => x === b[i]);
    if (!same(m.actions, INTENT_ACTIONS) || !same(m.classifier.classes, INTENT_ACTIONS)) {
      throw new IntentModelError('model_invalid', 'intent model actions differ from this build');
    }
    if (!same(m.tags, TAGS) || m.tagger.tags !== TAGS.length) {
      throw new IntentModelError('model_invalid', 'intent model slot tags differ from this build');
    }
    try {
      return new IntentModel(
        SoftmaxClassifier.fromJSON(m.classifier as ClassifierJSON),
        SlotTagger.fromJSON(m.tagger as TaggerJSON),
        LevelReader.fromJSON(m.levels as LevelReaderJSON),
        m.vocabulary,
        m.trained_on,
      );
    } catch (error) {
      throw new IntentModelError('model_invalid', `invalid intent model: ${String(error)}`);
    }
  }
}

/** Reads a model file. */
export function loadIntentModel(path: string = SHIPPED_MODEL_PATH): IntentModel {
  return IntentModel.fromJSON(JSON.parse(readFileSync(path, 'utf8')));
}

/**
 * A message's tokens with typos corrected: a word is taken as written when the vocabulary,
 * a word class or the lexicon knows it, else read as the command word it is one edit from.
 */
export function readMessage(text: string, vocabulary: ReadonlySet<string>): Token[] {
  return correctTypos(
    tokenize(text),
    (word) =>
      vocabulary.has(word) || wordClasses(word).length > 0 || lexiconClass(word) !== undefined,
  );
}

let shipped: IntentModel | undefined;

/** The model that ships with the package, read once. */
export function shippedIntentModel(): IntentModel {
  shipped ??= loadIntentModel();
  return shipped;
}
