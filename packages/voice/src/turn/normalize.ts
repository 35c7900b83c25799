// Transcripts arrive in two shapes: PocketSphinx's (lower case, no punctuation, numbers in
// words) and the vendors' (capitals, punctuation, digits). The model is trained on the first,
// so everything is brought to it here, the same way at training and at inference.

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

/** Spoken English for a whole number below a million (digits one by one above that). */
export function numberWords(value: number): string[] {
  if (!Number.isInteger(value) || value < 0 || value >= 1_000_000) {
    return String(value)
      .split('')
      .filter((c) => c >= '0' && c <= '9')
      .map((c) => ONES[Number(c)]!);
  }
  if (value < 20) return [ONES[value]!];
  if (value < 100) {
    const rest = value % 10;
    return rest === 0 ? [TENS[value / 10]!] : [TENS[Math.floor(value / 10)]!, ONES[rest]!];
  }
  if (value < 1000) {
    const rest = value % 100;
    const head = [ONES[Math.floor(value / 100)]!, 'hundred'];
    return rest === 0 ? head : [...head, ...numberWords(rest)];
  }
  const rest = value % 1000;
  const head = [...numberWords(Math.floor(value / 1000)), 'thousand'];
  return rest === 0 ? head : [...head, ...numberWords(rest)];
}

function ordinalWords(value: number): string[] {
  const words = numberWords(value);
  const last = words[words.length - 1]!;
  const ordinal = ORDINAL[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words.slice(0, -1), ordinal];
}

/** A year like 1990 is said "nineteen ninety"; 2005 "two thousand five". */
function yearWords(value: number): string[] {
  const century = Math.floor(value / 100);
  const rest = value % 100;
  if (century % 10 === 0) return numberWords(value);
  if (rest === 0) return [...numberWords(century), 'hundred'];
  return [...numberWords(century), ...(rest < 10 ? ['oh', ONES[rest]!] : numberWords(rest))];
}

function digitToken(token: string): string[] {
  let m = /^(\d{1,2}):(\d{2})(am|pm)?$/.exec(token);
  if (m) {
    const minutes = Number(m[2]);
    const words = numberWords(Number(m[1]));
    if (minutes > 0) words.push(...(minutes < 10 ? ['oh', ONES[minutes]!] : numberWords(minutes)));
    if (m[3]) words.push(m[3]);
    return words;
  }
  m = /^(\d+)(st|nd|rd|th)$/.exec(token);
  if (m) return ordinalWords(Number(m[1]));
  m = /^(\d+)(am|pm|%|k)$/.exec(token);
  if (m) {
    const unit = m[2] === '%' ? 'percent' : m[2] === 'k' ? 'thousand' : m[2]!;
    return [...numberWords(Number(m[1])), unit];
  }
  m = /^(\d+)\.(\d+)$/.exec(token);
  if (m) {
    const decimals = m[2]!.split('').map((c) => ONES[Number(c)]!);
    return [...numberWords(Number(m[1])), 'point', ...decimals];
  }
  if (/^\d+$/.test(token)) {
    const value = Number(token);
    if (token.length === 4 && value >= 1100 && value < 2100) return yearWords(value);
    // Long digit strings (phone numbers, codes) are read digit by digit.
    if (token.length > 4 || token.startsWith('0'))
      return token.split('').map((c) => ONES[Number(c)]!);
    return numberWords(value);
  }
  return [token];
}

/**
 * Words of a transcript as PocketSphinx would write them: lower case, no punctuation,
 * numbers in words, apostrophes kept inside words ("what's", "i'd").
 */
export function normalizeTranscript(text: string): string[] {
  const cleaned = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    // Recogniser markup: <sil>, [noise], alternate pronunciations such as the(2).
    .replace(/<[^>]*>|\[[^\]]*\]|\(\d+\)/g, ' ')
    .replace(/\$(\d+(?:\.\d+)?)/g, '$1 dollars')
    .replace(/(\d),(\d{3})/g, '$1$2')
    // Phone numbers and codes with dashes are read digit by digit.
    .replace(/\d+(?:-\d+)+/g, (m) => m.replace(/-/g, '').split('').join(' '))
    .replace(/(\d)\s+(am|pm)\b/g, '$1$2')
    .replace(/\b([ap])\.m\./g, '$1m');
  const words: string[] = [];
  for (const raw of cleaned.split(/[\s\-–—/]+/)) {
    const token = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, '');
    if (!token) continue;
    if (/\d/.test(token)) {
      for (const part of token.split(/[^\p{L}\p{N}:.%']+/u)) {
        if (part) words.push(...digitToken(part));
      }
      continue;
    }
    // Inner punctuation other than apostrophes (e.g. "u.s.", "and/or") splits or drops.
    for (const part of token.split(/[^\p{L}\p{N}']+/u)) if (part) words.push(part);
  }
  return words;
}
