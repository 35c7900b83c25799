// Reads the levels a message or a value span states, from the marks the lexicon puts on its
// words (lexicon.ts): which setting each level word is for, whether a denial turns it over,
// and the level that holds for each setting.
import { cueOf, levelMarks, type Level, type LevelMark, type Setting } from './lexicon.ts';
import { fold, foldedSet } from './tokens.ts';
import { hedgedByLittle, lessByLittle, LITTLE, negate, negates, NEGATORS } from './negation.ts';

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

function settingOf(mark: LevelMark | undefined): Setting | undefined {
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
): Setting | undefined {
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
): Setting | undefined {
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
  // "poco arriesgadas" is hardly risky; "un poco arriesgadas" a little risky
  const little = LITTLE.has(tokens[i - 1] ?? '') && !A.has(tokens[i - 2] ?? '');
  if (little || LITTLE.has(tokens[i + 1] ?? '')) return true;
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
const A = new Set(['un', 'um']);
const AND_THEN = new Set(['and', 'but', 'et', 'mais', 'y', 'pero', 'e', 'ma', 'und', 'aber']);
const CLAUSE_ENDS = new Set([',', '.', ';', ':', '!', '?', '—', '–']);
const SENTENCE_ENDS = new Set(['.', '!', '?', ';']);
const NEEDED = new Set(['needed', 'necessary', 'required', 'wanted']);
/** "No" said after what it denies, as tokens fold it. */
const NO_AFTER = new Set(['nao', 'no', 'non', 'nein']);

export type LevelReading = Partial<Record<Setting, Level>>;

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
/** Words that make "more" a count: "one more", "a few more". */
const COUNTS = new Set(['one', 'two', 'three', 'once', 'few', 'couple']);

export function readLevels(
  tokens: readonly string[],
  skip: readonly boolean[],
  marks: readonly (LevelMark | undefined)[] = levelMarks(tokens),
): LevelReading {
  const bySlot: Record<Setting, number[]> = {
    risk_preference: [],
    baseline_strictness: [],
  };
  marks.forEach((mark, i) => {
    if (!mark?.first || skip[i]) return;
    // a word said of a stretch of time sets nothing ("Brutal week", "tough day at work")
    if (!mark.idiom && SPANS_OF_TIME.has(tokens[i + 1] ?? '')) return;
    // nor "as usual", which keeps whatever is said beside it ("strict as usual")
    if (tokens[i] === 'usual' && tokens[i - 1] === 'as') return;
    // nor a "more" that counts ("one more idea for a run", "a few more ideas")
    if (tokens[i] === 'more' && COUNTS.has(tokens[i - 1] ?? '') && !mark.idiom) return;
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

/** Whether the plain high level word at `i` is hedged by a little; an extreme is not. */
function slightOf(words: readonly string[], marks: readonly (LevelMark | undefined)[], i: number) {
  return !marks[i]!.idiom && !EXTREMES.has(words[i]!) && hedgedByLittle(words, i);
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
    // "somewhat bold", "un peu risquées": a little of the high level is the middle ("a
    // little cautious" stays cautious, and "un peu fou" is still bold)
    else if (level === 'high' && slightOf(words, marks, i)) level = 'medium';
    if (level === 'high') high++;
    else if (level === 'low') low++;
    else medium++;
  }
  if (medium > 0) return 'medium';
  if (high === 0 && low === 0) return null;
  if (high === low) return 'medium';
  return high > low ? 'high' : 'low';
}
