/**
 * Sentiment of a word on a -3..3 scale. A pair gives the value when negated too, for
 * words whose negation means more than their plain use ("working" is neutral, "not
 * working" is a complaint).
 */
export type Valence = number | readonly [plain: number, negated: number];

/** Builds lexicon entries: every space-separated word in `words` gets `weight`. */
export function weighted(
  weight: Valence,
  words: string,
  normalize: (w: string) => string = (w) => w,
): [string, Valence][] {
  return words
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => [normalize(w), weight]);
}
