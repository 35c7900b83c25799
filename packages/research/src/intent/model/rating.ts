// A level given as a mark on a scale ("strictness 8/10", "9 out of 10", "un 9 de exigencia" on
// "una escala del 1 al 10", "الصرامة ثمانية" "من واحد إلى عشرة") is exact arithmetic, not a
// matter for the learned reader: the mark's share of the scale settles the level.
import type { Level } from './lexicons/levels.ts';
import { fold } from './tokens.ts';

const NUMBER_WORDS = new Map<string, number>();
const WORDS_BY_LANGUAGE = [
  'zero one two three four five six seven eight nine ten',
  // French "un" is left out: it is also the article ("un 9 de exigencia")
  'zéro - deux trois quatre cinq six sept huit neuf dix',
  'cero uno dos tres cuatro cinco seis siete ocho nueve diez',
  'صفر واحد اثنين ثلاثة اربعة خمسة ستة سبعة ثمانية تسعة عشرة',
];
for (const line of WORDS_BY_LANGUAGE) {
  line.split(' ').forEach((word, n) => word !== '-' && NUMBER_WORDS.set(fold(word), n));
}
for (const [word, n] of Object.entries({ اثنان: 2, ثلاث: 3, ثمان: 8, عشر: 10 })) {
  NUMBER_WORDS.set(word, n);
}

/** One to three digits, Western or Arabic-Indic. */
const DIGITS = /^[0-9٠-٩]{1,3}$/;

/** The number a folded word writes, in digits (Western or Arabic-Indic) or in words. */
function numberOf(word: string | undefined): number | null {
  if (word === undefined) return null;
  // (a Map: a word such as "constructor" is no number, as it would be an object's key)
  const named = NUMBER_WORDS.get(word);
  if (named !== undefined) return named;
  if (!DIGITS.test(word)) return null;
  return Number(word.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)));
}

/** Words between a mark and the top of its scale: "8/10", "9 out of 10", "9 sur 10". */
const OUT_OF = new Set(['/', 'of', 'sur', 'de', 'من', 'على'].map(fold));
/** Words between the bottom and the top of a scale: "1 to 10", "del 1 al 10", "من 1 إلى 10". */
const TO = new Set(['to', 'a', 'à', 'al', 'hasta', 'إلى', 'ل', '-'].map(fold));

/** A scale named in words: where its bottom stands, and its top. */
export interface NamedScale {
  at: number;
  top: number;
}

/** A scale the message names ("from 1 to 10", "escala del 1 al 10"), if any. */
export function namedScale(words: readonly string[]): NamedScale | null {
  for (let at = 0; at + 2 < words.length; at++) {
    const [bottom, top] = [numberOf(words[at]), numberOf(words[at + 2])];
    if ((bottom === 0 || bottom === 1) && TO.has(words[at + 1]!) && top !== null && top > 1)
      return { at, top };
  }
  return null;
}

/**
 * The mark on a scale at `i`, if the number there is one: its level (at most a third of the
 * scale is low, from 70 % high, medium between; a five-point scale counted from its first
 * step) and how many words it takes ("8 / 10" three, "9" on a scale named elsewhere one).
 * `scale` is the message's {@link namedScale}.
 */
export function scaleMark(
  words: readonly string[],
  i: number,
  scale: NamedScale | null,
): { level: Level; length: number } | null {
  const mark = numberOf(words[i]);
  if (mark === null || (scale && i >= scale.at && i <= scale.at + 2)) return null;
  const next = words[i + 1];
  let [top, length] = [null as number | null, 1];
  if (next !== undefined && OUT_OF.has(next)) [top, length] = [numberOf(words[i + 2]), 3];
  else if (next === 'out' && words[i + 2] === 'of') [top, length] = [numberOf(words[i + 3]), 4];
  if (top === null) [top, length] = [scale?.top ?? null, 1];
  if (top === null || top < 3 || mark > top) return null;
  // on a scale of five or fewer each step is a level, as people read a five-point scale (2/5
  // is low, 4/5 high); on a longer one the share of the scale (4/10 is medium, 7/10 high)
  const share = top <= 5 ? (mark - 1) / (top - 1) : mark / top;
  return { level: share <= 0.34 ? 'low' : share >= 0.7 ? 'high' : 'medium', length };
}

/**
 * The level a mark in the span `first..last` of `words` (folded tokens) gives on its scale,
 * or null when the span holds no mark with a known top.
 */
export function ratingLevel(words: readonly string[], first: number, last: number): Level | null {
  const scale = namedScale(words);
  for (let i = first; i <= last; i++) {
    const mark = scaleMark(words, i, scale);
    if (mark) return mark.level;
  }
  return null;
}
