// What every detector receives: the transcript, its normalised views and the digit chains
// found in the digit view, computed once per transcript.
import type { PIICategory } from '../categories.ts';
import { digitView, emailView, type MappedText, type Span } from '../normalize.ts';
import { phoneRegions } from './regions.ts';

/** A detector's claim on original text [start, end). */
export interface Candidate extends Span {
  category: PIICategory;
}

/** A maximal run of digits in the digit view. */
export interface DigitGroup {
  start: number;
  end: number;
  digits: string;
}

/**
 * Digit groups joined by phone/card-style separators (space, dash, dot, parentheses),
 * e.g. "+966 (50) 123-4567". Coordinates are in the digit view.
 */
export interface DigitChain {
  start: number;
  end: number;
  plus: boolean;
  groups: DigitGroup[];
  /** separators[i] sits between groups[i] and groups[i + 1] */
  separators: string[];
  digits: string;
}

export interface DetectionContext {
  readonly text: string;
  readonly digits: MappedText;
  readonly email: MappedText;
  readonly chains: readonly DigitChain[];
  /** Regions (ISO 3166 alpha-2) whose numbering plans national phone numbers are checked in. */
  readonly phoneRegions: readonly string[];
}

/** What the caller knows about the transcript. */
export interface DetectionOptions {
  /** The session's languages (BCP 47, e.g. `ar-SA`); their regions validate national phone numbers. */
  languages?: readonly string[];
}

export type Detector = (ctx: DetectionContext) => Candidate[];

const ASCII_ALNUM = /[A-Za-z0-9]/;
const ASCII_ALPHA = /[A-Za-z]/;
const SEPARATOR = /\)?[ \u00A0]?(?:[-.][ \u00A0]?)?\(?(?=\d)/y;

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/** Finds digit chains; a chain glued to Latin letters ("A1234567", "1990s") is skipped. */
export function findDigitChains(view: string): DigitChain[] {
  const chains: DigitChain[] = [];
  let p = 0;
  while (p < view.length) {
    if (!isDigit(view[p])) {
      p++;
      continue;
    }
    const before = view[p - 1];
    let runEnd = p;
    while (isDigit(view[runEnd])) runEnd++;
    if (before !== undefined && ASCII_ALNUM.test(before)) {
      p = runEnd;
      continue;
    }
    let start = p;
    let plus = false;
    if (before === '(') start = p - 1;
    else if (before === '+') {
      start = p - 1;
      plus = true;
    } else if (before === ' ' && view[p - 2] === '+') {
      start = p - 2;
      plus = true;
    }
    const groups: DigitGroup[] = [{ start: p, end: runEnd, digits: view.slice(p, runEnd) }];
    const separators: string[] = [];
    let end = runEnd;
    for (;;) {
      SEPARATOR.lastIndex = end;
      const m = SEPARATOR.exec(view);
      if (!m || m[0].length === 0) break;
      const gStart = end + m[0].length;
      let gEnd = gStart;
      while (isDigit(view[gEnd])) gEnd++;
      separators.push(m[0]);
      groups.push({ start: gStart, end: gEnd, digits: view.slice(gStart, gEnd) });
      end = gEnd;
    }
    p = end;
    const after = view[end];
    if (after !== undefined && ASCII_ALPHA.test(after)) continue;
    chains.push({
      start,
      end,
      plus,
      groups,
      separators,
      digits: groups.map((g) => g.digits).join(''),
    });
  }
  return chains;
}

/** Builds the per-transcript context shared by all detectors. */
export function createContext(text: string, options: DetectionOptions = {}): DetectionContext {
  const digits = digitView(text);
  return {
    text,
    digits,
    email: emailView(text),
    chains: findDigitChains(digits.text),
    phoneRegions: phoneRegions(options.languages),
  };
}

/** Candidate in original coordinates for view range [start, end). */
export function fromView(
  view: MappedText,
  category: PIICategory,
  start: number,
  end: number,
): Candidate {
  const span = view.toOriginal(start, end);
  return { category, start: span.start, end: span.end };
}

/** Text of the digit view just before a chain, lower-cased, for cue words. */
export function textBefore(ctx: DetectionContext, viewStart: number, chars = 40): string {
  return ctx.digits.text.slice(Math.max(0, viewStart - chars), viewStart).toLowerCase();
}
