import { EN_ORDINAL_UNITS } from '../number-words.ts';
import { fromView, type Candidate, type DetectionContext } from './context.ts';

// A date is only personal data here when the speaker says it is a birth date.
const CUE =
  /(?:\bborn(?:\s+(?:on|in))?|\bdate\s+of\s+birth|\bd\.?o\.?b\b\.?|\bbirth\s*date|\bbirthday(?:\s+is)?|تاريخ\s+(?:ال)?ميلاد[يه]?|تاريخ\s+الولاد[ةه]|مواليد|ولدت\s+(?:في|بتاريخ)|مولود[ةه]?\s+(?:في|بتاريخ))/giu;
const FILLER = /(?:[\s:,-]|\b(?:is|was|on|the)\b|هو|في)*/uy;

const EN_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
// Egyptian/Gulf names and Levantine (Syriac) names, month index 1–12.
const AR_MONTHS: [number, string[]][] = [
  [1, ['يناير', 'كانون الثاني']],
  [2, ['فبراير', 'شباط']],
  [3, ['مارس', 'آذار', 'اذار']],
  [4, ['أبريل', 'ابريل', 'إبريل', 'نيسان']],
  [5, ['مايو', 'أيار', 'ايار']],
  [6, ['يونيو', 'يونيه', 'حزيران']],
  [7, ['يوليو', 'يوليه', 'تموز']],
  [8, ['أغسطس', 'اغسطس', 'آب', 'اب']],
  [9, ['سبتمبر', 'أيلول', 'ايلول']],
  [10, ['أكتوبر', 'اكتوبر', 'تشرين الأول', 'تشرين الاول']],
  [11, ['نوفمبر', 'تشرين الثاني']],
  [12, ['ديسمبر', 'كانون الأول', 'كانون الاول']],
];

const MONTHS = new Map<string, number>();
EN_MONTHS.forEach((m, i) => {
  MONTHS.set(m, i + 1);
  MONTHS.set(m.slice(0, 3), i + 1);
});
MONTHS.set('sept', 9);
for (const [i, names] of AR_MONTHS) for (const n of names) MONTHS.set(n, i);

// Day words: "fifth", "twenty-first", "thirtieth", and the cardinals one–nine that the
// digit view leaves as words when they stand alone.
const DAY_WORDS = new Map<string, number>();
const TEEN_ORDINALS = [
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];
for (const [w, v] of Object.entries(EN_ORDINAL_UNITS)) {
  DAY_WORDS.set(w, v);
  DAY_WORDS.set(`twenty-${w}`, 20 + v);
  DAY_WORDS.set(`twenty ${w}`, 20 + v);
}
TEEN_ORDINALS.forEach((w, i) => DAY_WORDS.set(w, 10 + i));
DAY_WORDS.set('twentieth', 20).set('thirtieth', 30).set('thirty-first', 31).set('thirty first', 31);
['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'].forEach((w, i) =>
  DAY_WORDS.set(w, i + 1),
);

const alt = (words: Iterable<string>): string =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/ /g, '\\s+'))
    .join('|');
const MONTH = `(${alt(MONTHS.keys())})\\.?`;
const DAY = `(\\d{1,2}(?:st|nd|rd|th)?|${alt(DAY_WORDS.keys())})`;
const YEAR = '(\\d{4})';

const NUMERIC_DMY = /(\d{1,2})\s*([/.-])\s*(\d{1,2})\s*\2\s*(\d{4}|\d{2})(?!\d)/y;
const NUMERIC_YMD = /(\d{4})([/.-])(\d{1,2})\2(\d{1,2})(?!\d)/y;
const DAY_MONTH_YEAR = new RegExp(`${DAY}\\s+(?:of\\s+)?${MONTH}\\s*,?\\s+${YEAR}(?!\\d)`, 'iuy');
const MONTH_DAY_YEAR = new RegExp(`${MONTH}\\s+(?:the\\s+)?${DAY}\\s*,?\\s+${YEAR}(?!\\d)`, 'iuy');

function dayValue(s: string): number {
  const word = DAY_WORDS.get(s.toLowerCase().replace(/\s+/g, ' '));
  return word ?? parseInt(s, 10);
}

function plausible(day: number, month: number, year: number): boolean {
  const fullYear = year < 100 ? year + 1900 : year;
  return (
    day >= 1 &&
    day <= 31 &&
    month >= 1 &&
    month <= 12 &&
    fullYear >= 1900 &&
    fullYear <= new Date().getUTCFullYear()
  );
}

function matchDate(view: string, at: number): number | undefined {
  const tryRe = (re: RegExp, check: (m: RegExpExecArray) => boolean): number | undefined => {
    re.lastIndex = at;
    const m = re.exec(view);
    return m && check(m) ? at + m[0].length : undefined;
  };
  const monthOf = (s: string): number => MONTHS.get(s.toLowerCase().replace(/\s+/g, ' ')) ?? 0;
  return (
    tryRe(NUMERIC_YMD, (m) => plausible(Number(m[4]), Number(m[3]), Number(m[1]))) ??
    tryRe(NUMERIC_DMY, (m) => {
      const a = Number(m[1]);
      const b = Number(m[3]);
      const y = Number(m[4]);
      return plausible(a, b, y) || plausible(b, a, y);
    }) ??
    tryRe(DAY_MONTH_YEAR, (m) => plausible(dayValue(m[1]!), monthOf(m[2]!), Number(m[3]))) ??
    tryRe(MONTH_DAY_YEAR, (m) => plausible(dayValue(m[2]!), monthOf(m[1]!), Number(m[3])))
  );
}

/** Full dates (day, month, year) that follow a birth cue, in English or Arabic. */
export function detectDatesOfBirth(ctx: DetectionContext): Candidate[] {
  const view = ctx.digits.text;
  const out: Candidate[] = [];
  for (const cue of view.matchAll(CUE)) {
    FILLER.lastIndex = cue.index + cue[0].length;
    FILLER.exec(view);
    const start = FILLER.lastIndex;
    const end = matchDate(view, start);
    if (end !== undefined) out.push(fromView(ctx.digits, 'date_of_birth', start, end));
  }
  return out;
}
