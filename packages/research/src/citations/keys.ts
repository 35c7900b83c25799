import type { Reference } from '../domain/artefacts.ts';

/** Title words skipped when choosing the key's word. */
const STOP_WORDS = new Set(
  'a an the on of in for and to with from by at as is are via towards toward using'.split(' '),
);
const NAME_SUFFIX = /^(jr|sr|ii|iii|iv)\.?$/i;

/** Lower-case ASCII letters and digits only: "Müller-Lüdenscheidt" → "mullerludenscheidt". */
function ascii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The family name of "Given Family", "Family, Given" or "Given Family Jr.". */
export function familyName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.includes(',')) return trimmed.slice(0, trimmed.indexOf(',')).trim();
  const parts = trimmed.split(/\s+/).filter((p) => !NAME_SUFFIX.test(p));
  return parts.at(-1) ?? '';
}

/**
 * The base BibTeX key of a reference: first author's family name, year and first significant
 * title word, ASCII only ("vaswani2017attention"); "anon" and "nd" stand in for a missing
 * author or year.
 */
export function citationKey(ref: Pick<Reference, 'authors' | 'year' | 'title'>): string {
  const author = ascii(familyName(ref.authors[0] ?? '')) || 'anon';
  const year = ref.year === null ? 'nd' : String(ref.year);
  const word =
    ref.title
      .split(/[\s\-–—:/]+/)
      .map(ascii)
      .find((w) => w !== '' && !STOP_WORDS.has(w)) ?? '';
  return `${author}${year}${word}`;
}

/** The n-th suffix for a repeated key: b, c, ..., z, then 27, 28, ... */
function suffix(n: number): string {
  return n < 25 ? String.fromCharCode(98 + n) : String(n + 2);
}

/**
 * Gives each reference its base key, made unique (case-insensitively, as BibTeX compares
 * them) by suffixes b, c, ... in list order; keys in `taken` are avoided too. Deterministic.
 */
export function assignKeys(
  refs: readonly Omit<Reference, 'key'>[],
  taken: Iterable<string> = [],
): Reference[] {
  const used = new Set([...taken].map((k) => k.toLowerCase()));
  return refs.map((ref) => {
    const base = citationKey(ref);
    let key = base;
    for (let n = 0; used.has(key.toLowerCase()); n++) key = `${base}${suffix(n)}`;
    used.add(key.toLowerCase());
    return { ...ref, key };
  });
}
