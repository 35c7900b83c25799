import { createHash } from 'node:crypto';

const STOP = new Set(
  'a an the and or of to in on for with by from at is are was were be been this that these those it its as into over under about via using use we our their'.split(
    ' ',
  ),
);

/** Builds an FTS5 MATCH expression: the query's words, quoted, joined with OR (BM25 ranks them). */
export function ftsQuery(text: string): string | null {
  const words = [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 1 && !STOP.has(w)),
    ),
  ].slice(0, 32);
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"`).join(' OR ');
}

/** Stable fingerprint of a text for de-duplication: case, punctuation and spacing ignored. */
export function fingerprint(text: string): string {
  const normal = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
  return createHash('sha256').update(normal).digest('hex').slice(0, 32);
}
