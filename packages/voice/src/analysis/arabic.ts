// Arabic text normalisation shared by number-word parsing and the sentiment lexicon.
// Matching happens on a folded form: spelling variants that transcripts mix freely
// (hamza seats on alef, alef maqsura, ta marbuta, short vowels) compare equal.

const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** Folds an Arabic word for matching: no diacritics/tatweel, أإآٱ→ا, ى→ي, ة→ه. */
export function normalizeArabic(word: string): string {
  return word
    .replace(DIACRITICS, '')
    .replace(TATWEEL, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه');
}

/** True when the string contains at least one Arabic-block letter. */
export function hasArabic(s: string): boolean {
  return ARABIC_LETTER.test(s);
}

/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits to ASCII; one code unit each. */
export function asciiDigit(ch: string): string {
  const c = ch.charCodeAt(0);
  if (c >= 0x0660 && c <= 0x0669) return String.fromCharCode(48 + c - 0x0660);
  if (c >= 0x06f0 && c <= 0x06f9) return String.fromCharCode(48 + c - 0x06f0);
  return ch;
}

const PREFIXES_CONJ = ['', 'و', 'ف'];
const PREFIXES_PREP = ['', 'ب', 'ل', 'ك'];
const PREFIXES_ART = ['', 'ال'];
const SUFFIXES = ['', 'ها', 'هم', 'هن', 'كم', 'نا', 'ني', 'ين', 'ون', 'ات', 'ك', 'ه', 'ي', 'ا'];
const MIN_STEM = 2;

/**
 * Candidate stems of a normalised Arabic word, least stripping first: conjunction و/ف,
 * preposition ب/ل/ك, article ال (and لل), then one pronoun or plural suffix. A stem that ends in ت
 * after a suffix was cut also yields the ه form (مشكلتي → مشكلت → مشكله).
 */
export function arabicStems(word: string): string[] {
  const prefixes = new Set<string>();
  for (const a of PREFIXES_CONJ)
    for (const b of PREFIXES_PREP) for (const c of PREFIXES_ART) prefixes.add(a + b + c);
  for (const a of PREFIXES_CONJ) prefixes.add(`${a}لل`);
  const out: { stem: string; cost: number }[] = [];
  for (const p of prefixes) {
    if (!word.startsWith(p)) continue;
    const rest = word.slice(p.length);
    for (const s of SUFFIXES) {
      if (!rest.endsWith(s)) continue;
      const stem = rest.slice(0, rest.length - s.length);
      if (stem.length < MIN_STEM) continue;
      out.push({ stem, cost: p.length + s.length });
      if (s !== '' && stem.endsWith('ت'))
        out.push({ stem: `${stem.slice(0, -1)}ه`, cost: p.length + s.length });
    }
  }
  out.sort((x, y) => x.cost - y.cost);
  return [...new Set(out.map((x) => x.stem))];
}
