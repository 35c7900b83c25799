// Reads the level (low / medium / high) that a risk or strictness span states, learned from
// the spans of the training phrasings. A lexicon lists words ("bold", "lenient"); people say
// "swing for the fences", "nothing too out there", "go easy on me". The classifier weighs a
// span's words and word pairs, the lexicon's reading of each word (negated or not) and the
// words just before the span, so an idiom seen in training carries over to its variants and
// a lexicon word still counts where no phrasing had it.
import { SoftmaxClassifier, type ClassifierJSON, type LabelledFeatures } from './classifier.ts';
import { levelMarks, type Level } from './lexicon.ts';
import { negate, negates } from './negation.ts';
import { ratingLevel } from './rating.ts';
import { spanRuns, type SpanSlot } from './tags.ts';
import type { Token } from './tokens.ts';

export const LEVELS: readonly Level[] = ['low', 'medium', 'high'];
export const LEVEL_SLOTS = ['risk_preference', 'baseline_strictness'] as const;
export type LevelSlot = (typeof LEVEL_SLOTS)[number];

/** Words before a span read with it: a negation or a qualifier often stands there. */
const CONTEXT = 3;

/**
 * How the span `first..last` of `words` (folded) reads, with any negation taken out: its
 * features, and whether a negation stands in it or just before it ("no long shots", "I'm
 * not a risk taker", "less strict"). The reader learns what the words say un-negated and
 * flips high and low itself, so that "long shots" learnt from one phrasing reads right
 * under "no" in another.
 */
export function levelFeatures(
  words: readonly string[],
  first: number,
  last: number,
): { features: string[]; negated: boolean } {
  const features: string[] = [];
  const marks = levelMarks(words);
  let negated = false;
  for (let i = Math.max(0, first - CONTEXT); i < first; i++) {
    if (negates(words, marks, i)) negated = true;
    else features.push(`ctx=${words[i]}`);
  }
  let previous: string | undefined;
  for (let i = first; i <= last; i++) {
    if (negates(words, marks, i)) {
      negated = true;
      previous = undefined;
      continue;
    }
    for (const word of words[i]!.split('-')) {
      features.push(`w=${word}`);
      if (previous !== undefined) features.push(`b=${previous}_${word}`);
      previous = word;
    }
    const mark = marks[i];
    if (mark?.first) features.push(`lex=${mark.level}`, `lex=${mark.cls}:${mark.level}`);
  }
  return { features, negated };
}

/** The first tagged span of `slot` as a token range, if the tagger found one. */
export function firstSpan(tags: readonly number[], slot: SpanSlot): [number, number] | null {
  const run = spanRuns(tags).find((r) => r.slot === slot);
  return run ? [run.first, run.last] : null;
}

export interface LevelReaderJSON {
  risk_preference: ClassifierJSON;
  baseline_strictness: ClassifierJSON;
}

export class LevelReader {
  constructor(private readonly classifiers: Record<LevelSlot, SoftmaxClassifier>) {}

  /**
   * The level the span `first..last` states for `slot`, or null when the model knows none of
   * its features (then the lexicon reading of the whole message stands).
   */
  read(slot: LevelSlot, tokens: readonly Token[], first: number, last: number): Level | null {
    const words = tokens.map((t) => t.lower);
    // a mark on a scale, in the span or just after it ("strictness: 9/10")
    const rated = ratingLevel(words, first, Math.min(last + 2, words.length - 1));
    if (rated !== null) return rated;
    const { features, negated } = levelFeatures(words, first, last);
    const classifier = this.classifiers[slot];
    if (classifier.known(features) === 0) return null;
    const p = classifier.probabilities(features);
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
    return negated ? negate(LEVELS[best]!) : LEVELS[best]!;
  }

  static train(data: Record<LevelSlot, LabelledFeatures[]>, seed: number): LevelReader {
    const options = { epochs: 30, learningRate: 0.1, l2: 0, minCount: 1, prune: 0.01, seed };
    return new LevelReader({
      risk_preference: SoftmaxClassifier.train(LEVELS, data.risk_preference, options),
      baseline_strictness: SoftmaxClassifier.train(LEVELS, data.baseline_strictness, options),
    });
  }

  toJSON(): LevelReaderJSON {
    return {
      risk_preference: this.classifiers.risk_preference.toJSON(),
      baseline_strictness: this.classifiers.baseline_strictness.toJSON(),
    };
  }

  static fromJSON(json: LevelReaderJSON): LevelReader {
    const same = (c: SoftmaxClassifier) =>
      c.classes.length === LEVELS.length && c.classes.every((x, i) => x === LEVELS[i]);
    const reader = new LevelReader({
      risk_preference: SoftmaxClassifier.fromJSON(json.risk_preference),
      baseline_strictness: SoftmaxClassifier.fromJSON(json.baseline_strictness),
    });
    if (!same(reader.classifiers.risk_preference) || !same(reader.classifiers.baseline_strictness))
      throw new Error('level reader classes differ from this build');
    return reader;
  }
}
