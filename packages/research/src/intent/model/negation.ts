// Negation in the level lexicon's reading (lexicon.ts, level-reader.ts): the words that turn
// a level around ("not strict", "pas trop risquées", "ما تكونش قاصح"), the turn itself, and
// the small step back ("a bit less harsh") that turns a level to the middle instead.
import type { Level } from './lexicons/levels.ts';

/** Whether the folded token at `i` negates what follows (a negation inside an idiom does not). */
export function negates(
  tokens: readonly string[],
  marks: readonly ({ idiom: boolean } | undefined)[],
  i: number,
): boolean {
  // "don't mind harsh reviews", "don't care if it's risky", "don't forget to be strict": no turn
  if (NOT_TURNED.has(tokens[i + 1] ?? '')) return false;
  // "don't be afraid to take risks", "n'ayez pas peur de prendre des risques": the fear is
  // denied, not the risk
  if (FEARS.has(tokens[i + 1] ?? '') || FEARS.has(tokens[i + 2] ?? '')) return false;
  // Portuguese "no" is "in the": "coloca o risco no baixo"
  if (tokens[i] === 'no' && PORTUGUESE_AFTER_NO.has(tokens[i + 1] ?? '')) return false;
  // German "zu" is "too" only before the word it is too much of ("zu lasch"); else "to"
  const tooMuch = tokens[i] === 'zu' && marks[i + 1] !== undefined;
  return (NEGATORS.has(tokens[i]!) || tooMuch || dialectNot(tokens, i)) && !marks[i]?.idiom;
}

/**
 * Arabic dialects negate a verb with "ما" before it and "ش" after it: "ما تكونش قاصح"
 * (don't be harsh), written apart or as one word ("ماتكونش").
 */
function dialectNot(tokens: readonly string[], i: number): boolean {
  const word = tokens[i]!;
  if (word === 'ما') return (tokens[i + 1]?.length ?? 0) > 2 && tokens[i + 1]!.endsWith('ش');
  return word.length > 4 && word.startsWith('ما') && word.endsWith('ش');
}

const NOT_TURNED = new Set(['mind', 'care', 'matter', 'forget']);
const FEARS = new Set('afraid scared fear peur miedo medo paura angst'.split(' '));
const PORTUGUESE_AFTER_NO = new Set(['baixo', 'medio', 'maximo', 'minimo']);

/**
 * Words that turn what follows around: "not strict", "no long shots", "less cautious",
 * "stop nitpicking", "neither too safe nor too wild" (the last stays medium).
 */
export const NEGATORS: ReadonlySet<string> = new Set([
  'not',
  'no',
  "don't",
  'dont',
  "didn't",
  "won't",
  "wouldn't",
  "shouldn't",
  "can't",
  'cannot',
  'never',
  "isn't",
  "aren't",
  "doesn't",
  'without',
  'nothing',
  'neither',
  'nor',
  'hardly',
  'less',
  'stop',
  // "too safe", "way too strict": more than wanted, so the other way
  'too',
  // "bored of the safe stuff", "tired of boring ideas"
  'bored',
  'tired',
  'sick',
  'hate',
  // "novel ideas over safe ones", "bold rather than safe"
  'over',
  'than',
  // less, in French, Spanish and Arabic
  'moins',
  'menos',
  'اقل',
  // not, without, nothing, never, too, in French, Spanish and Arabic
  'pas',
  'sans',
  'rien',
  'jamais',
  'trop',
  'sin',
  'nada',
  'nunca',
  'ni',
  'demasiado',
  'لا',
  'الا', // "that … not": "أرجو ألا تكون صارمة"
  'بدون',
  'مش',
  'بلاش',
  'مو', // Gulf and Levantine "not"
  'مب',
  // in German, Portuguese and Italian ("nicht so streng", "não muito rigoroso")
  'nicht',
  'ned', // Austrian and Bavarian "nicht"
  'nichts',
  'nix', // spoken "nichts"
  'kein',
  'keine',
  'ohne',
  'weniger',
  'nao',
  'sem',
  'nunca',
  'non',
  'senza',
  'meno',
  'troppo',
  'mai',
  'niente',
  'nulla',
  'nessun',
  'nessuna',
]);
/** "Little" turns only the word beside it ("idee poco rischiose", "que arriesgues poco"). */
export const LITTLE = new Set(['poco', 'pouco']);

/** High and low swap under a negation; medium stays. */
export function negate(level: Level): Level {
  return level === 'high' ? 'low' : level === 'low' ? 'high' : level;
}

/** True when "a bit less", "slightly less", "un peu moins" … stands just before `i`. */
export function lessByLittle(words: readonly string[], i: number): boolean {
  const less = LESS.has(words[i - 1] ?? '') ? i - 1 : LESS.has(words[i - 2] ?? '') ? i - 2 : -1;
  return less >= 0 && littleBefore(words, less);
}
const LESS = new Set(['less', 'moins', 'menos', 'weniger', 'meno']);

/**
 * True when a little of the level at `i` is said ("a bit bold", "un peu risquées", "un po'
 * rischiose", "kinda strict"): a high level said to be slight is the middle. A step from
 * before ("a bit stricter than usual") is not: it says which way to go.
 */
export function hedgedByLittle(words: readonly string[], i: number): boolean {
  return words[i + 1] !== 'than' && littleBefore(words, i);
}

/** True when "a little" stands just before `k`: "a bit", "un peu", "etwas", "un po'". */
function littleBefore(words: readonly string[], k: number): boolean {
  // the tokens keep Italian's "po'" apart: "un po | ' | meno"
  const at = words[k - 1] === "'" ? k - 1 : k;
  const before = `${words[at - 2] ?? ''} ${words[at - 1] ?? ''}`;
  return BY_LITTLE.has(words[at - 1] ?? '') || BY_LITTLE_PAIRS.has(before);
}
const BY_LITTLE = new Set(['slightly', 'somewhat', 'etwas', 'tad', 'chouia', 'kinda']);
const BY_LITTLE_PAIRS = new Set([
  'a bit',
  'a little',
  'a tad',
  'a touch',
  'a notch',
  'un peu',
  'un chouia',
  'un cran',
  'un poco',
  'un poquito',
  'un po',
  'un pizzico',
  'um pouco',
  'um pouquinho',
  'ein bisschen',
  'ein wenig',
]);
