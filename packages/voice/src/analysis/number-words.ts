// Spoken numbers as speech recognition writes them, in English and Arabic, so that
// "oh five five, one two three" or "صفر خمسة خمسة" can be validated like digits.
import { normalizeArabic, hasArabic } from './arabic.ts';

export type NumberWord =
  | { kind: 'digit'; value: number; weak: boolean }
  | { kind: 'teen'; value: number }
  | { kind: 'tens'; value: number; conj: boolean }
  | { kind: 'repeat'; count: number }
  | { kind: 'scale'; value: 100 | 1000 }
  | { kind: 'plus' }
  | { kind: 'point' }
  | { kind: 'and' };

const EN_DIGITS: Record<string, number> = {
  zero: 0,
  nought: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
// "oh"/"o" only count as zero next to other number words ("oh five oh"), never alone.
const EN_WEAK_ZERO = new Set(['oh', 'o']);
const EN_TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const EN_TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** English ordinals 1–9; "twenty-first" is a day of the month, not the digits 2 0. */
export const EN_ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
};

// Arabic spellings are listed as transcripts write them (MSA, Gulf, Levantine, Egyptian);
// keys are normalised with normalizeArabic at load time.
const AR_DIGITS: [number, string[]][] = [
  [0, ['صفر']],
  [1, ['واحد', 'واحدة', 'وحدة']],
  [2, ['اثنين', 'اثنان', 'إثنين', 'إثنان', 'اتنين', 'إتنين', 'ثنين', 'تنين', 'اثنتين', 'اثنتان']],
  [3, ['ثلاثة', 'ثلاث', 'تلاتة', 'تلات', 'ثلاثه']],
  [4, ['أربعة', 'أربع', 'اربعة', 'اربع', 'اربعه']],
  [5, ['خمسة', 'خمس', 'خمسه']],
  [6, ['ستة', 'ست', 'سته', 'ستّة']],
  [7, ['سبعة', 'سبع', 'سبعه']],
  [8, ['ثمانية', 'ثماني', 'ثمان', 'ثمنية', 'تمانية', 'تمنية', 'تمان', 'ثمانيه']],
  [9, ['تسعة', 'تسع', 'تسعه']],
];
const AR_TEENS: [number, string[]][] = [
  [10, ['عشرة', 'عشر']],
  [11, ['حداشر', 'احداشر', 'حدعش', 'احدعش']],
  [12, ['اطناشر', 'اتناشر', 'اثناشر', 'اثنعش', 'ثنعش']],
  [13, ['تلتاشر', 'ثلاثطعش', 'ثلطعش']],
  [14, ['اربعتاشر', 'اربعطعش']],
  [15, ['خمستاشر', 'خمسطعش']],
  [16, ['ستاشر', 'ستطعش']],
  [17, ['سبعتاشر', 'سبعطعش']],
  [18, ['تمنتاشر', 'ثمنطعش', 'ثمانطعش']],
  [19, ['تسعتاشر', 'تسعطعش']],
];
const AR_TENS: [number, string[]][] = [
  [20, ['عشرين', 'عشرون']],
  [30, ['ثلاثين', 'ثلاثون', 'تلاتين']],
  [40, ['أربعين', 'أربعون']],
  [50, ['خمسين', 'خمسون']],
  [60, ['ستين', 'ستون']],
  [70, ['سبعين', 'سبعون']],
  [80, ['ثمانين', 'ثمانون', 'تمانين']],
  [90, ['تسعين', 'تسعون']],
];

function arabicTable(entries: [number, string[]][]): Map<string, number> {
  const m = new Map<string, number>();
  for (const [value, words] of entries) for (const w of words) m.set(normalizeArabic(w), value);
  return m;
}
const AR_DIGIT_MAP = arabicTable(AR_DIGITS);
const AR_TEEN_MAP = arabicTable(AR_TEENS);
const AR_TENS_MAP = arabicTable(AR_TENS);
const AR_PLUS = new Set(['زائد', 'زايد'].map(normalizeArabic));
const AR_POINT = new Set(['نقطة', 'فاصلة'].map(normalizeArabic));

function classifyArabic(w: string, conj: boolean): NumberWord | undefined {
  const d = AR_DIGIT_MAP.get(w);
  if (d !== undefined) return { kind: 'digit', value: d, weak: false };
  const teen = AR_TEEN_MAP.get(w);
  if (teen !== undefined) return { kind: 'teen', value: teen };
  const tens = AR_TENS_MAP.get(w);
  if (tens !== undefined) return { kind: 'tens', value: tens, conj };
  return undefined;
}

/** Classifies one word token as a spoken number word, or undefined. */
export function classifyNumberWord(word: string): NumberWord | undefined {
  if (hasArabic(word)) {
    const w = normalizeArabic(word);
    if (w === 'و') return { kind: 'and' };
    if (AR_PLUS.has(w)) return { kind: 'plus' };
    if (AR_POINT.has(w)) return { kind: 'point' };
    const direct = classifyArabic(w, false);
    if (direct) return direct;
    // "وخمسة", "وعشرين": the conjunction is written on the word
    if (w.startsWith('و') && w.length > 2) return classifyArabic(w.slice(1), true);
    return undefined;
  }
  const w = word.toLowerCase();
  const d = EN_DIGITS[w];
  if (d !== undefined) return { kind: 'digit', value: d, weak: false };
  if (EN_WEAK_ZERO.has(w)) return { kind: 'digit', value: 0, weak: true };
  const teen = EN_TEENS[w];
  if (teen !== undefined) return { kind: 'teen', value: teen };
  const tens = EN_TENS[w];
  if (tens !== undefined) return { kind: 'tens', value: tens, conj: false };
  switch (w) {
    case 'double':
      return { kind: 'repeat', count: 2 };
    case 'triple':
      return { kind: 'repeat', count: 3 };
    case 'hundred':
      return { kind: 'scale', value: 100 };
    case 'thousand':
      return { kind: 'scale', value: 1000 };
    case 'plus':
      return { kind: 'plus' };
    case 'point':
    case 'dot':
      return { kind: 'point' };
    case 'and':
      return { kind: 'and' };
    default:
      return undefined;
  }
}

/** A number word in a run, with its original span and the gap that precedes it. */
export interface RunItem {
  word: NumberWord;
  start: number;
  end: number;
  /** `comma` when ASR punctuation separated this item from the previous one. */
  gap: 'none' | 'space' | 'hyphen' | 'comma';
  gapStart: number;
  gapEnd: number;
}

/** Digits (and `+`, `.`, group-separating space) produced by a run, with original spans. */
export interface RunSegment {
  text: string;
  start: number;
  end: number;
}

interface Parsed {
  value: number;
  next: number;
  scaled: boolean;
}

function isUnit(it: RunItem | undefined): it is RunItem & { word: { kind: 'digit' } } {
  return it !== undefined && it.word.kind === 'digit' && !it.word.weak && it.word.value > 0;
}

function under100(items: RunItem[], k: number): Parsed | undefined {
  const it = items[k];
  if (!it) return undefined;
  const w = it.word;
  if (w.kind === 'teen') return { value: w.value, next: k + 1, scaled: false };
  if (w.kind === 'tens') {
    const u = items[k + 1];
    if (isUnit(u) && u.gap !== 'comma')
      return { value: w.value + u.word.value, next: k + 2, scaled: false };
    return { value: w.value, next: k + 1, scaled: false };
  }
  if (w.kind === 'digit' && !w.weak) return { value: w.value, next: k + 1, scaled: false };
  return undefined;
}

function isScale(it: RunItem | undefined, value: 100 | 1000): boolean {
  return it !== undefined && it.word.kind === 'scale' && it.word.value === value;
}

function afterScale(items: RunItem[], k: number): number {
  return items[k]?.word.kind === 'and' ? k + 1 : k;
}

function under1000(items: RunItem[], k: number): Parsed | undefined {
  const a = under100(items, k);
  if (!a) return undefined;
  if (a.value >= 1 && a.value <= 9 && isScale(items[a.next], 100)) {
    const k2 = afterScale(items, a.next + 1);
    let b = under100(items, k2);
    // "eight hundred five five five …" is 800 then dictated digits, but "five hundred
    // and two" and a final "five hundred three" are 502 and 503
    const bareUnit = b !== undefined && b.value < 10 && k2 === a.next + 1;
    if (bareUnit && b!.next < items.length) b = undefined;
    return { value: a.value * 100 + (b?.value ?? 0), next: b ? b.next : a.next + 1, scaled: true };
  }
  return a;
}

function cardinal(items: RunItem[], k: number): Parsed | undefined {
  const a = under1000(items, k);
  if (!a) return undefined;
  if (isScale(items[a.next], 1000)) {
    const k2 = afterScale(items, a.next + 1);
    const b = under1000(items, k2);
    return { value: a.value * 1000 + (b?.value ?? 0), next: b ? b.next : a.next + 1, scaled: true };
  }
  return a;
}

/**
 * Turns a run of number words into digit segments. Digit-by-digit dictation is the
 * common case ("five five one"); tens+unit pairs ("twenty three", Arabic "ثلاثة وعشرين")
 * and hundred/thousand compounds ("eight hundred", "two thousand and five") become their
 * value. Returns undefined when the run is too weak to be a number (fewer than 2 digits,
 * or only "oh"s).
 */
export function convertRun(items: RunItem[]): RunSegment[] | undefined {
  const out: RunSegment[] = [];
  let digits = 0;
  let strong = false;
  const push = (text: string, start: number, end: number): void => {
    out.push({ text, start, end });
    digits += text.replace(/\D/g, '').length;
  };
  let k = 0;
  while (k < items.length) {
    const it = items[k]!;
    if (it.gap === 'comma' && out.length > 0)
      out.push({ text: ' ', start: it.gapStart, end: it.gapEnd });
    const w = it.word;
    const c = cardinal(items, k);
    if (c?.scaled) {
      const last = items[c.next - 1]!;
      push(String(c.value), it.start, last.end);
      strong = true;
      k = c.next;
      continue;
    }
    const next = items[k + 1];
    switch (w.kind) {
      case 'plus':
        if (k === 0) push('+', it.start, it.end);
        k++;
        break;
      case 'point':
        push('.', it.start, it.end);
        k++;
        break;
      case 'and':
      case 'scale':
        k++;
        break;
      case 'repeat':
        if (next?.word.kind === 'digit') {
          push(String(next.word.value).repeat(w.count), it.start, next.end);
          strong = true;
          k += 2;
        } else k++;
        break;
      case 'digit': {
        const tensAt = next?.word.kind === 'and' ? k + 2 : k + 1;
        const tens = items[tensAt];
        if (
          tens?.word.kind === 'tens' &&
          (tens.word.conj || tensAt === k + 2) &&
          w.value > 0 &&
          !w.weak
        ) {
          // Arabic puts the unit first: "خمسة وعشرين" / "خمسة و عشرين" is 25
          push(String(tens.word.value + w.value), it.start, tens.end);
          strong = true;
          k = tensAt + 1;
        } else {
          push(String(w.value), it.start, it.end);
          if (!w.weak) strong = true;
          k++;
        }
        break;
      }
      case 'teen':
      case 'tens': {
        const p = under100(items, k)!;
        push(String(p.value), it.start, items[p.next - 1]!.end);
        strong = true;
        k = p.next;
        break;
      }
    }
  }
  if (digits < 2 || !strong) return undefined;
  return out;
}
