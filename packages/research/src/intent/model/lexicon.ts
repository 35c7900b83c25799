// Looks up the words that say how much risk a user wants or how strict baselines should be
// (lexicons/levels.ts): which words of a message are such words or inside such an idiom, and
// which setting a word names (level-reading.ts reads the levels from these marks). The value
// slots risk_preference and baseline_strictness are stored as low / medium / high; the
// tagger, the classifier and the level reader also see these marks as features.
import {
  FEATURE_WORDS,
  LEVEL_PHRASES,
  LEVEL_WORDS,
  LOWERING,
  NOT_LEVEL_PHRASES,
  RAISING,
  RISK_CUE_WORDS,
  STRICT_CUE_WORDS,
  type Level,
  type LexiconClass,
} from './lexicons/levels.ts';
import { OTHER_LANGUAGES } from './lexicons/levels-languages.ts';
import { fold, foldedSet } from './tokens.ts';
import { namedScale, scaleMark } from './rating.ts';
import { arabicStems, formLookUp } from './word-forms.ts';

export type { Level, LexiconClass };

interface Entry {
  cls: LexiconClass;
  level: Level;
}

const LEXICON = new Map<string, Entry>();
for (const [cls, level, words] of [...LEVEL_WORDS, ...OTHER_LANGUAGES]) {
  for (const word of words.split(' ')) LEXICON.set(fold(word), { cls, level });
}

const FEATURES = new Map<string, LexiconClass>();
for (const [cls, , words] of FEATURE_WORDS) {
  for (const word of words.split(' ')) FEATURES.set(fold(word), cls);
}

/** The class the models see as a feature of a folded word (see FEATURE_WORDS). */
export function featureClass(word: string): LexiconClass | undefined {
  return FEATURES.get(word);
}

/** A phrase's words, as a message's tokens split at hyphens give them. */
function phraseWords(phrase: string): string[] {
  return fold(phrase)
    .split(/[\s-]+/)
    .filter(Boolean);
}

/** Idioms by first word, longest first. */
const PHRASES = new Map<string, { words: string[]; entry: Entry }[]>();
for (const [cls, level, phrases] of LEVEL_PHRASES) {
  for (const phrase of phrases.split('|')) {
    const words = phraseWords(phrase);
    const list = PHRASES.get(words[0]!) ?? [];
    list.push({ words, entry: { cls, level } });
    PHRASES.set(words[0]!, list);
  }
}
for (const list of PHRASES.values()) list.sort((a, b) => b.words.length - a.words.length);

const NOT_LEVEL = new Map<string, string[][]>();
for (const phrase of NOT_LEVEL_PHRASES.split('|')) {
  const words = phraseWords(phrase);
  NOT_LEVEL.set(words[0]!, [...(NOT_LEVEL.get(words[0]!) ?? []), words]);
}

/** Folded tokens that say no level where they stand ("high school"): NOT_LEVEL_PHRASES. */
export function noLevelWords(tokens: readonly string[]): boolean[] {
  const out = tokens.map(() => false);
  tokens.forEach((token, i) => {
    const phrase = NOT_LEVEL.get(token)?.find((words) =>
      words.every((w, n) => tokens[i + n] === w),
    );
    if (phrase) out.fill(true, i, i + phrase.length);
  });
  return out;
}

/**
 * How many of `parts` from `k` on an idiom's words match, 0 when they do not; its "*" takes
 * one word, or two when the idiom goes on only after them.
 */
function matchLength(words: readonly string[], parts: readonly { word: string }[], k: number) {
  let at = k;
  for (let n = 0; n < words.length; n++) {
    const w = words[n]!;
    if (w !== '*') {
      if (parts[at]?.word !== w) return 0;
      at++;
      continue;
    }
    if (!parts[at]) return 0;
    const next = words[n + 1];
    at +=
      next !== undefined && parts[at + 1]?.word !== next && parts[at + 2]?.word === next ? 2 : 1;
  }
  return at - k;
}

/** A word as the lexicon lists it, or as one of its other forms (word-forms.ts). */
const lookUp = formLookUp(LEXICON);

/**
 * A hyphenated level and setting ("low-stakes", "medium-risk") or a hedged level
 * ("medium-ish", "lenient-ish") reads as its level; other hyphenated words do not
 * ("high-energy physics", "low-income housing").
 */
function levelBeforeCue(token: string): Entry | undefined {
  if (!token.includes('-')) return undefined;
  const [head, ...rest] = token.split('-');
  const entry = head ? lookUp(head) : undefined;
  // "medium-ish", "low-ish", "medium-level"
  const hedged = rest.length === 1 && (rest[0] === 'ish' || rest[0] === 'level');
  if (hedged) return entry;
  return entry?.cls === 'level' && rest.some((p) => cueOf(p)) ? entry : undefined;
}

/** What the lexicon says of one token of a message. */
export interface LevelMark extends Entry {
  /** Inside an idiom: a negation in it is part of it ("no mercy"). */
  idiom: boolean;
  /** The first token of its idiom (or a single word): where the idiom counts once. */
  first: boolean;
}

/**
 * The lexicon's mark of each folded token: an idiom (longest first) or a word, looked up
 * whole ("risk-free") or by its first part that is listed ("low-stakes").
 */
export function levelMarks(tokens: readonly string[]): readonly (LevelMark | undefined)[] {
  // the rules of one message ask again and again for the marks of its words: the last
  // answer is kept
  const key = tokens.join('\u0000');
  if (key === lastKey) return lastMarks;
  lastMarks = markLevels(tokens);
  lastKey = key;
  return lastMarks;
}
let lastKey: string | undefined;
let lastMarks: readonly (LevelMark | undefined)[] = [];

function markLevels(tokens: readonly string[]): (LevelMark | undefined)[] {
  const parts: { word: string; token: number }[] = [];
  tokens.forEach((token, i) => {
    for (const word of token.split('-')) if (word) parts.push({ word, token: i });
  });
  const marks: (LevelMark | undefined)[] = tokens.map(() => undefined);
  const noLevel = noLevelWords(tokens);
  for (let k = 0; k < parts.length;) {
    let length = 0;
    const match = PHRASES.get(parts[k]!.word)?.find(
      (p) => (length = matchLength(p.words, parts, k)) > 0,
    );
    const first = parts[k]!.token;
    // "not too much risky" is "not too risky": a held-back idiom before a word of the
    // setting is no idiom
    const next = parts[k + length]?.word;
    // unless it is a balance of both ("ni muy ni poco | estricto")
    const balance = match !== undefined && match.words[0] === match.words[2];
    const before =
      match?.entry.cls === 'level' && !balance && next !== undefined && settingWord(next);
    if (!match || noLevel[first] || before) {
      k++;
      continue;
    }
    for (let n = 0; n < length; n++) {
      const at = parts[k + n]!.token;
      marks[at] ??= { ...match.entry, idiom: true, first: at === first };
    }
    k += length;
  }
  markScales(tokens, marks);
  tokens.forEach((token, i) => {
    if (marks[i] || noLevel[i]) return;
    // Egyptian "قوي" after a level word is "very" ("مش مجنونة قوي"), not "strong"
    if (token === 'قوي' && marks[i - 1]) return;
    const entry = lookUp(token) ?? levelBeforeCue(token) ?? direction(tokens, i);
    if (entry) marks[i] = { ...entry, idiom: false, first: true };
  });
  return marks;
}

/** True when a folded word is a risk or strictness word with a level of its own ("risky"). */
const settingWord = (word: string) => {
  const entry = lookUp(word);
  return entry !== undefined && entry.cls !== 'level';
};

/**
 * "risk 8/10", "strictness 1 out of 5", "un 9" on "una escala del 1 al 10": a bare level read
 * by its share of the scale (model/rating.ts).
 */
function markScales(tokens: readonly string[], marks: (LevelMark | undefined)[]): void {
  const scale = namedScale(tokens);
  tokens.forEach((_, i) => {
    const mark = marks[i] ? null : scaleMark(tokens, i, scale);
    if (!mark) return;
    for (let k = 0; k < mark.length; k++)
      marks[i + k] = { cls: 'level', level: mark.level, idiom: true, first: k === 0 };
  });
}

const RAISING_WORDS = foldedSet(RAISING);
const LOWERING_WORDS = foldedSet(LOWERING);

/** "more risk", "crank up the rigour", "dial the risk way back": a direction by a setting. */
function direction(tokens: readonly string[], i: number): Entry | undefined {
  const word = tokens[i]!;
  const level = RAISING_WORDS.has(word) ? 'high' : LOWERING_WORDS.has(word) ? 'low' : undefined;
  if (!level || tokens[i + 1] === 'for') return undefined; // "up for tenure review"
  // the setting within three words either way, or past any number of small words
  // ("bájale un poco a la exigencia", "dial it back a bit on the risk")
  for (const step of [-1, 1]) {
    let small = true;
    for (let j = i + step; j >= 0 && j < tokens.length; j += step) {
      if (cueOf(tokens[j]!)) return { cls: 'level', level };
      small &&= SMALL_WORDS.has(tokens[j]!);
      if (Math.abs(j - i) >= 3 && !small) break;
    }
  }
  return undefined;
}
/** Articles, prepositions and hedges that stand between a direction and its setting. */
const SMALL_WORDS = new Set(
  (
    'a an the it its my of on in bit little tad lot un una unos poco la el lo los las de del ' +
    'le les du des peu sur en al'
  ).split(' '),
);

/** The lexicon class of a folded word, if it has one. */
export function lexiconClass(word: string): LexiconClass | undefined {
  return lookUp(word)?.cls;
}

/** The two settings a level word may be for. */
export type Setting = 'risk_preference' | 'baseline_strictness';

const RISK_CUES = foldedSet(RISK_CUE_WORDS);
const STRICT_CUES = foldedSet(STRICT_CUE_WORDS);

/** The setting a token names, if any (a part of it counts: "low-stakes"). */
export function cueOf(token: string): Setting | undefined {
  const parts = [token, ...token.split('-'), ...arabicStems(token).slice(1)];
  if (parts.some((p) => RISK_CUES.has(p))) return 'risk_preference';
  if (parts.some((p) => STRICT_CUES.has(p))) return 'baseline_strictness';
  return undefined;
}
