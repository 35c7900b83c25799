// Reads the words that say how much risk a user wants or how strict baselines should be
// (lexicons/levels.ts): which words of a message are such words or inside such an idiom, and
// the level a span or a message states. The value slots risk_preference and
// baseline_strictness are stored as low / medium / high; the tagger, the classifier and the
// level reader also see these marks as features.
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
import { lessByLittle, LITTLE, negate, negates, NEGATORS } from './negation.ts';
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
export function levelMarks(tokens: readonly string[]): (LevelMark | undefined)[] {
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

/** Words of a value span or a message, as folded tokens. */
function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
}

/**
 * The level a value span states: "bold, risky" → high, "quite cautious" → low, "moderately
 * strict" → medium (a medium word qualifies the others), "don't need to be very strict" →
 * low (a negation up to five words before flips high and low). Null when no word says.
 */
export function readLevel(span: string): Level | null {
  const words = wordsOf(span);
  const marks = levelMarks(words);
  return levelOf(
    words,
    marks,
    marks.flatMap((m, i) => (m?.first ? [i] : [])),
  );
}

const RISK_CUES = foldedSet(RISK_CUE_WORDS);
const STRICT_CUES = foldedSet(STRICT_CUE_WORDS);

/** The setting a token names, if any (a part of it counts: "low-stakes"). */
export function cueOf(token: string): keyof LevelReading | undefined {
  const parts = [token, ...token.split('-'), ...arabicStems(token).slice(1)];
  if (parts.some((p) => RISK_CUES.has(p))) return 'risk_preference';
  if (parts.some((p) => STRICT_CUES.has(p))) return 'baseline_strictness';
  return undefined;
}

function settingOf(mark: LevelMark | undefined): keyof LevelReading | undefined {
  if (mark?.cls === 'risk') return 'risk_preference';
  if (mark?.cls === 'strict') return 'baseline_strictness';
  return undefined;
}

/**
 * The setting a level word at `i` is for: the one named nearest, or that a risk or strictness
 * word nearest sets ("moderately adventurous").
 */
function nearestSetting(
  tokens: readonly string[],
  marks: readonly (LevelMark | undefined)[],
  skip: readonly boolean[],
  i: number,
  otherThanExtremes = false,
): keyof LevelReading | undefined {
  let nearest = tokens[i]!.includes('-') ? cueOf(tokens[i]!) : undefined;
  // a level given as a label's value is the label's ("risk appetite: low. strictness: …"),
  // as is one a setting is set to ("risk appetite to medium and strictness to low")
  if (!nearest && [':', '=', 'to'].includes(tokens[i - 1] ?? '')) {
    for (let j = i - 2; j >= Math.max(0, i - 4) && !nearest; j--) nearest = cueOf(tokens[j]!);
  }
  // (a hedge is on a setting of its own sentence: "I prefer safer ideas, nothing too wild. and
  // be strict …" hedges the risk, not the strictness)
  const open = [true, true];
  for (let d = 1; d < tokens.length && !nearest; d++) {
    for (const [side, j] of [i - d, i + d].entries()) {
      const w = tokens[j];
      if (otherThanExtremes && w !== undefined && SENTENCE_ENDS.has(w)) open[side] = false;
      if (w === undefined || !open[side] || skip[j]) continue;
      if (otherThanExtremes && EXTREMES.has(w)) continue;
      nearest ??= cueOf(w) ?? settingOf(marks[j]);
    }
  }
  return nearest;
}

/**
 * The setting an idiom at `i` is said of when "on" ends it or follows it and its object names
 * one: "go easy on | the risk" is about risk, though "go easy" is said of reviews.
 */
function idiomObject(
  tokens: readonly string[],
  marks: readonly (LevelMark | undefined)[],
  i: number,
): keyof LevelReading | undefined {
  let end = i;
  while (marks[end + 1]?.idiom && !marks[end + 1]!.first) end++;
  if (tokens[end] !== 'on' && tokens[++end] !== 'on') return undefined;
  let at = end + 1;
  while (['the', 'my', 'your', 'a'].includes(tokens[at] ?? '')) at++;
  return cueOf(tokens[at] ?? '');
}

/** Words for too much of anything, which a user denies of either setting ("nothing crazy"). */
const EXTREMES = foldedSet(
  'crazy insane extreme nuts wild wacky loco loca locos locas fou folle fous folles dingue ' +
    'dingues maluco maluca malucos malucas doido doida pazzo pazza pazzi pazze folli verrückt ' +
    'verrückte verrückten abgehoben مجنون مجنونة مجنونه esagerare exagerar exagérer übertreiben',
);

/** Whether a word among the five before `i`, in its clause, negates it. */
function deniedAt(
  tokens: readonly string[],
  marks: readonly (LevelMark | undefined)[],
  i: number,
): boolean {
  if (LITTLE.has(tokens[i - 1] ?? '') || LITTLE.has(tokens[i + 1] ?? '')) return true;
  // a "no" after it that ends its clause ("ideia arriscada não, …", "arriesgado no")
  const end = tokens[i + 2];
  if (NO_AFTER.has(tokens[i + 1] ?? '') && (end === undefined || CLAUSE_ENDS.has(end))) return true;
  // "not needed" said after it in its clause ("Strict check not needed so much")
  for (let j = i + 1; j <= i + 3 && j + 1 < tokens.length && !CLAUSE_ENDS.has(tokens[j]!); j++) {
    if (tokens[j] === 'not' && NEEDED.has(tokens[j + 1]!)) return true;
  }
  // back to the start of its clause: "not so strict, | gentle is ok" is gentle
  for (let j = i - 1; j >= Math.max(0, i - 5) && !CLAUSE_ENDS.has(tokens[j]!); j--) {
    // "nothing too risky and | go easy on the grading": an idiom after "and" opens a wish of
    // its own, past the level word the negation was on
    if (marks[i]?.idiom && AND_THEN.has(tokens[j]!) && marks[j - 1]) return false;
    if (negates(tokens, marks, j)) return true;
    // "oublie le côté fou", "forget the safe stuff" (not "don't forget to be strict"), and
    // "there is little point in being timid"
    const forget = FORGET.has(tokens[j]!) && !NEGATORS.has(tokens[j - 1] ?? '');
    const noPoint = tokens[j] === 'point' && tokens[j + 1] === 'in' && NO_POINT.has(tokens[j - 1]!);
    if (forget || noPoint) return true;
  }
  return false;
}
const FORGET = new Set(
  'forget oublie oubliez olvida olvidate olviden esquece esqueca vergiss vergesst dimentica انسى'.split(
    ' ',
  ),
);
const NO_POINT = new Set(['no', 'little', 'any']);
const AND_THEN = new Set(['and', 'but', 'et', 'mais', 'y', 'pero', 'e', 'ma', 'und', 'aber']);
const CLAUSE_ENDS = new Set([',', '.', ';', ':', '!', '?', '—', '–']);
const SENTENCE_ENDS = new Set(['.', '!', '?', ';']);
const NEEDED = new Set(['needed', 'necessary', 'required', 'wanted']);
/** "No" said after what it denies, as tokens fold it. */
const NO_AFTER = new Set(['nao', 'no', 'non', 'nein']);

export interface LevelReading {
  risk_preference?: Level;
  baseline_strictness?: Level;
}

/** Stretches of time a level word may describe without setting anything. */
const SPANS_OF_TIME = new Set(
  'week weeks day days night nights month months year morning evening weekend shift winter summer semester'.split(
    ' ',
  ),
);

/**
 * The risk and strictness levels a message states, from its folded tokens (`skip[i]` marks
 * tokens inside other slots, such as a topic, which say nothing about the profile; `marks`
 * are their levelMarks when the caller has them already). A risk word ("bold", "cautious")
 * or strictness word ("rigorous", "lenient") sets its own setting;
 * a bare level ("high", "moderate") sets the setting named nearest to it (in its own token
 * first: "low-stakes"), and nothing when neither is named.
 */
export function readLevels(
  tokens: readonly string[],
  skip: readonly boolean[],
  marks: readonly (LevelMark | undefined)[] = levelMarks(tokens),
): LevelReading {
  const bySlot: Record<keyof LevelReading, number[]> = {
    risk_preference: [],
    baseline_strictness: [],
  };
  marks.forEach((mark, i) => {
    if (!mark?.first || skip[i]) return;
    // a word said of a stretch of time sets nothing ("Brutal week", "tough day at work")
    if (!mark.idiom && SPANS_OF_TIME.has(tokens[i + 1] ?? '')) return;
    // nor "as usual", which keeps whatever is said beside it ("strict as usual")
    if (tokens[i] === 'usual' && tokens[i - 1] === 'as') return;
    // "moderately demanding, nothing crazy": a denied extreme is a hedge on the setting
    // said beside it, and the risk it names only when no setting is
    const hedge = EXTREMES.has(tokens[i]!) && deniedAt(tokens, marks, i);
    const beside = hedge ? nearestSetting(tokens, marks, skip, i, true) : undefined;
    const object = mark.idiom ? idiomObject(tokens, marks, i) : undefined;
    if (beside ?? object) bySlot[(beside ?? object)!].push(i);
    else if (mark.cls === 'risk') bySlot.risk_preference.push(i);
    else if (mark.cls === 'strict') bySlot.baseline_strictness.push(i);
    else {
      const nearest = nearestSetting(tokens, marks, skip, i);
      if (nearest) bySlot[nearest].push(i);
    }
  });
  const out: LevelReading = {};
  for (const slot of ['risk_preference', 'baseline_strictness'] as const) {
    const level = levelOf(tokens, marks, bySlot[slot]);
    if (level) out[slot] = level;
  }
  return out;
}

/**
 * The level said by the marks at `at`, each negated by what precedes it (up to five words).
 * A medium word qualifies the others ("moderately strict"); as many high as low words
 * ("bold but careful", "not too safe, not too crazy") is a balance, medium too.
 */
function levelOf(
  words: readonly string[],
  marks: readonly (LevelMark | undefined)[],
  at: readonly number[],
): Level | null {
  let high = 0;
  let low = 0;
  let medium = 0;
  // A word that names the setting as well ("review standard: pretty demanding") qualifies
  // nothing when another word says the level.
  const naming = (i: number) => marks[i]!.level === 'medium' && cueOf(words[i]!) !== undefined;
  const others = at.filter((i) => !naming(i));
  for (const i of others.length > 0 ? others : at) {
    let level = marks[i]!.level;
    // An idiom that opens on "too" ("too soft": be stricter) says the same with a negation
    // before it ("not too soft"), so "not too harsh, not too soft" is a balance.
    const turned = marks[i]!.idiom && words[i] === 'too';
    // "a bit less harsh", "un peu moins sévère": a step back from the extreme, to the middle
    if (lessByLittle(words, i) && level !== 'medium') level = 'medium';
    else if (!turned && deniedAt(words, marks, i)) level = negate(level);
    if (level === 'high') high++;
    else if (level === 'low') low++;
    else medium++;
  }
  if (medium > 0) return 'medium';
  if (high === 0 && low === 0) return null;
  if (high === low) return 'medium';
  return high > low ? 'high' : 'low';
}
