/**
 * Text normalisation shared by the feature extractor and the feedback parser, so that
 * "reefs" in a hypothesis and "reef" in a user's feedback meet on the same stem.
 */

/** Lower-cases, folds apostrophes ("don't" → "dont") and turns punctuation into spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words of `text` in order, after `normalise`. */
export function words(text: string): string[] {
  const n = normalise(text);
  return n ? n.split(' ') : [];
}

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but nor of to in on at by for with from into onto over under than then ' +
    'as is are was were be been being am do does did doing done have has had having ' +
    'this that these those it its itself they them their there here he she his her we us our ' +
    'you your i me my mine which who whom whose what when where why how whether if so such ' +
    'can could may might must shall should will would not no yes very too also just only ' +
    'more most less least much many some any each every all both either neither other another ' +
    'about above below between through during before after again further once up down out off ' +
    'same own s t via per vs versus etc e g ie eg one ones'
  ).split(' '),
);

/**
 * A light suffix-stripping stemmer (not Porter: fewer rules, but stable and good enough to
 * merge plurals and verb forms of the same content word).
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  const rules: [RegExp, string][] = [
    [/ational$/, 'ate'],
    [/ization$/, 'ize'],
    [/isation$/, 'ize'],
    [/fulness$/, 'ful'],
    [/iveness$/, 'ive'],
    [/ousness$/, 'ous'],
    [/nesses$/, ''],
    [/ness$/, ''],
    [/ments?$/, ''],
    [/ies$/, 'y'],
    [/ied$/, 'y'],
    [/sses$/, 'ss'],
    [/([^aeiou])ing$/, '$1'],
    [/([^aeiou])ed$/, '$1'],
    [/ly$/, ''],
    [/([^su])s$/, '$1'],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(w)) {
      const next = w.replace(pattern, replacement);
      if (next.length >= 3) w = next;
      break;
    }
  }
  // "increase", "increases", "increased" all end as "increas".
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  // "modelling" → "modell" → "model"; "running" → "runn" → "run".
  if (/([^aeiouls])\1$/.test(w) || /ll$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Content stems of `text`: normalised, stop words removed, stemmed, in order. */
export function contentStems(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (w.length < 2 || STOP_WORDS.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}

// 32-bit FNV-1a (the LLM package's `hashString`): stable across processes and platforms,
// unlike anything keyed by a seed.
export { hashString as fnv1a } from '@hikma/llm';
