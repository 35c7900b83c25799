// Features of a transcript for the end-of-turn model: what the last words are, what class
// they are, how the utterance began, and how long it is. Each feature is a string hashed to a
// row of the weight table, so the model file needs no vocabulary.

import { isFiller, wordClass, type WordClass } from './lexicon.ts';

/** Bumped whenever a feature changes, so a model trained on other features is refused. */
export const FEATURE_SET = 'eot-features/1';

/** Hesitations and discourse openers skipped when reading how an utterance starts. */
const OPENERS = new Set(['so', 'okay', 'ok', 'well', 'oh', 'and', 'hey', 'alright', 'now']);

function lengthBucket(n: number): string {
  if (n <= 4) return String(n);
  if (n <= 6) return '5-6';
  if (n <= 9) return '7-9';
  return '10+';
}

/** 32-bit FNV-1a of a string's UTF-16 code units, finished with MurmurHash3's avalanche. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The feature strings of a normalised, non-empty word sequence. */
export function featureStrings(words: readonly string[]): string[] {
  const n = words.length;
  const at = (i: number): string => (i >= 0 ? words[i]! : '^');
  const cls = (i: number): WordClass | '^' => (i >= 0 ? wordClass(words[i]!) : '^');
  const w1 = at(n - 1);
  const w2 = at(n - 2);
  const w3 = at(n - 3);
  const c1 = cls(n - 1);
  const c2 = cls(n - 2);
  const c3 = cls(n - 3);
  const len = lengthBucket(n);
  const out = [
    'bias',
    `w1=${w1}`,
    `w21=${w2} ${w1}`,
    `w321=${w3} ${w2} ${w1}`,
    `c1=${c1}`,
    `c21=${c2} ${c1}`,
    `c321=${c3} ${c2} ${c1}`,
    `w2c1=${w2} ${c1}`,
    `c2w1=${c2} ${w1}`,
    `len=${len}`,
    `len.c1=${len} ${c1}`,
  ];
  if (n <= 4) out.push(`all=${words.join(' ')}`);
  if (c1 === 'x') {
    out.push(`suf3=${w1.slice(-3)}`, `suf2=${w1.slice(-2)}`, `suf3.c2=${w1.slice(-3)} ${c2}`);
  }

  // How it began, past any hesitation or discourse opener.
  let start = 0;
  while (start < n - 1 && (isFiller(words[start]!) || OPENERS.has(words[start]!))) start++;
  const f1 = words[start]!;
  const f2 = start + 1 < n ? words[start + 1]! : '$';
  const fc = wordClass(f1);
  out.push(
    `f1=${f1}`,
    `f12=${f1} ${f2}`,
    `f1.len=${f1} ${len}`,
    `fc.c1=${fc} ${c1}`,
    `f1.c1=${f1} ${c1}`,
    `f1.w1=${f1} ${w1}`,
  );
  if (start > 0) out.push(`opened=${words[0]}`);

  // Trailing hesitations: read what comes before them too.
  let end = n - 1;
  while (end > 0 && isFiller(words[end]!)) end--;
  if (end < n - 1) {
    out.push(
      `trail=${Math.min(n - 1 - end, 2)}`,
      `trail.w=${words[end]}`,
      `trail.c=${wordClass(words[end]!)}`,
    );
  }
  let fillers = 0;
  for (const w of words) if (isFiller(w)) fillers++;
  if (fillers > 0) out.push(`fillers.c1=${Math.min(fillers, 2)} ${c1}`);

  // A run of numbers at the end, and what introduced it ("timer for ten" vs "table for four").
  if (c1 === 'num') {
    let k = n - 1;
    while (k >= 0 && wordClass(words[k]!) === 'num') k--;
    out.push(
      `num.run=${Math.min(n - 1 - k, 4)}`,
      `num.ctx=${at(k)}`,
      `num.ctx2=${at(k - 1)} ${at(k)}`,
    );
  }

  // Lists: an "and" shortly before the end closes them.
  let andAt = -1;
  for (let i = n - 2; i >= Math.max(0, n - 5); i--) {
    if (words[i] === 'and' || words[i] === 'or') {
      andAt = n - 1 - i;
      break;
    }
  }
  if (andAt > 0) out.push(`and=${andAt} ${c1}`);
  return out;
}

/** Rows of a table of `2^bits` rows for the features of a word sequence. */
export function featureRows(words: readonly string[], bits: number): number[] {
  return featureStrings(words).map((f) => hash32(f) >>> (32 - bits));
}
