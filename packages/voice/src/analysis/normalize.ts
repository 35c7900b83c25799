// The normaliser: detectors work on a rewritten copy of the transcript (spoken digits as
// digits, spoken "at"/"dot" as "@"/"."), and every character of that copy remembers the
// original span it came from, so reported offsets cover the words the user actually said.
import { asciiDigit, hasArabic } from './arabic.ts';
import { EN_ORDINAL_UNITS, classifyNumberWord, convertRun, type RunItem } from './number-words.ts';

/** Half-open range [start, end) in UTF-16 code units. */
export interface Span {
  start: number;
  end: number;
}

/** Normalised text plus, for each code unit, the original span it stands for. */
export class MappedText {
  constructor(
    readonly text: string,
    private readonly starts: readonly number[],
    private readonly ends: readonly number[],
    readonly originalLength: number,
  ) {}

  /** Original span covered by normalised [start, end). */
  toOriginal(start: number, end: number): Span {
    if (end <= start) {
      const at = this.starts[start] ?? this.originalLength;
      return { start: at, end: at };
    }
    return { start: this.starts[start]!, end: this.ends[end - 1]! };
  }
}

class MappedTextBuilder {
  private readonly parts: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  /** Appends text that stands for original [start, end). */
  push(text: string, start: number, end: number): void {
    for (let i = 0; i < text.length; i++) {
      this.parts.push(text[i]!);
      this.starts.push(start);
      this.ends.push(end);
    }
  }

  /** Copies original [from, to) one code unit at a time, folding Arabic-Indic digits. */
  copy(source: string, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      this.parts.push(asciiDigit(source[i]!));
      this.starts.push(i);
      this.ends.push(i + 1);
    }
  }

  build(originalLength: number): MappedText {
    return new MappedText(this.parts.join(''), this.starts, this.ends, originalLength);
  }
}

interface Token {
  kind: 'word' | 'space' | 'other';
  text: string;
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’]\p{L}+)*|\s+|[\s\S]/gu;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const t = m[0];
    const start = m.index;
    const kind = /^\s/.test(t) ? 'space' : /^[\p{L}\p{M}\p{N}]/u.test(t) ? 'word' : 'other';
    out.push({ kind, text: t, start, end: start + t.length });
  }
  return out;
}

interface Run {
  items: RunItem[];
  nextToken: number;
}

function startsRun(kind: string): boolean {
  return (
    kind === 'digit' || kind === 'teen' || kind === 'tens' || kind === 'repeat' || kind === 'plus'
  );
}

function producesDigits(kind: string): boolean {
  return kind === 'digit' || kind === 'teen' || kind === 'tens' || kind === 'scale';
}

/** Index of the next word token after a gap of spaces and at most one , ، or -. */
function skipGap(
  tokens: Token[],
  j: number,
): { at: number; gap: RunItem['gap']; gapStart: number; gapEnd: number } | undefined {
  let comma = false;
  let hyphen = false;
  let g = j;
  let gapStart = -1;
  let gapEnd = -1;
  for (; g < tokens.length; g++) {
    const t = tokens[g]!;
    if (t.kind === 'space') continue;
    if (t.kind !== 'other') break;
    if (t.text === ',' || t.text === '،') {
      if (comma || hyphen) return undefined;
      comma = true;
      gapStart = t.start;
      gapEnd = t.end;
    } else if (t.text === '-') {
      if (comma || hyphen) return undefined;
      hyphen = true;
    } else return undefined;
  }
  if (g === j || g >= tokens.length) return undefined;
  return { at: g, gap: comma ? 'comma' : hyphen ? 'hyphen' : 'space', gapStart, gapEnd };
}

function nextWord(tokens: Token[], j: number): Token | undefined {
  const g = skipGap(tokens, j);
  return g ? tokens[g.at] : undefined;
}

/** "twenty-first", "thirty first": a day of the month, not the digits 2 0. */
function beforeOrdinal(tokens: Token[], at: number): boolean {
  const after = nextWord(tokens, at + 1);
  return after !== undefined && EN_ORDINAL_UNITS[after.text.toLowerCase()] !== undefined;
}

function collectRun(tokens: Token[], i: number): Run | undefined {
  const first = tokens[i];
  if (!first || first.kind !== 'word') return undefined;
  const w0 = classifyNumberWord(first.text);
  if (!w0 || !startsRun(w0.kind)) return undefined;
  if (w0.kind === 'tens' && beforeOrdinal(tokens, i)) return undefined;
  const items: (RunItem & { token: number })[] = [
    {
      word: w0,
      start: first.start,
      end: first.end,
      gap: 'none',
      gapStart: first.start,
      gapEnd: first.start,
      token: i,
    },
  ];
  let j = i + 1;
  for (;;) {
    const g = skipGap(tokens, j);
    if (!g) break;
    const t = tokens[g.at]!;
    const w = classifyNumberWord(t.text);
    if (!w || w.kind === 'plus') break;
    const prev = items[items.length - 1]!.word;
    if (w.kind === 'and') {
      // English "and" only inside a compound ("five hundred and two"); Arabic "و" only
      // after a digit ("خمسة و عشرين")
      const ok = hasArabic(t.text) ? prev.kind === 'digit' : prev.kind === 'scale';
      if (!ok) break;
    }
    if (w.kind === 'point' && !producesDigits(prev.kind)) break;
    if (w.kind === 'tens' && beforeOrdinal(tokens, g.at)) break;
    items.push({
      word: w,
      start: t.start,
      end: t.end,
      gap: g.gap,
      gapStart: g.gapStart,
      gapEnd: g.gapEnd,
      token: g.at,
    });
    j = g.at + 1;
  }
  while (items.length > 0) {
    const k = items[items.length - 1]!.word.kind;
    if (k === 'and' || k === 'point' || k === 'plus' || k === 'repeat') items.pop();
    else break;
  }
  const last = items[items.length - 1];
  if (!last) return undefined;
  return { items, nextToken: last.token + 1 };
}

/**
 * Digit view of a transcript: spoken number words become digits (a run of them becomes
 * one digit group; a comma between them starts a new group), "plus"/"زائد" before a run
 * becomes "+", Arabic-Indic digits become ASCII. Everything else is copied unchanged.
 */
export function digitView(text: string): MappedText {
  const tokens = tokenize(text);
  const b = new MappedTextBuilder();
  let i = 0;
  while (i < tokens.length) {
    const run = collectRun(tokens, i);
    const segments = run && convertRun(run.items);
    if (run && segments) {
      for (const s of segments) b.push(s.text, s.start, s.end);
      i = run.nextToken;
      continue;
    }
    const t = tokens[i]!;
    b.copy(text, t.start, t.end);
    i++;
  }
  return b.build(text.length);
}

const EMAIL_CONNECTOR =
  /(?<=[A-Za-z0-9])(?:[ \t]+(at|dot|underscore|dash|hyphen|آت|ات|دوت|نقطة|نقطه)[ \t]+|[ \t]*(@)[ \t]*)(?=[A-Za-z0-9])/giu;

const CONNECTOR_SYMBOL: Record<string, string> = {
  at: '@',
  '@': '@',
  آت: '@',
  ات: '@',
  dot: '.',
  دوت: '.',
  نقطة: '.',
  نقطه: '.',
  underscore: '_',
  dash: '-',
  hyphen: '-',
};

/**
 * E-mail view of a transcript: spoken connectors between Latin words ("john dot smith at
 * example dot com", "آت", "دوت") become the symbols they name, spaces around them are
 * dropped, and spaces around a written "@" too.
 */
export function emailView(text: string): MappedText {
  const b = new MappedTextBuilder();
  let last = 0;
  for (const m of text.matchAll(EMAIL_CONNECTOR)) {
    const word = (m[1] ?? m[2])!;
    const symbol = CONNECTOR_SYMBOL[word.toLowerCase()];
    if (symbol === undefined) continue;
    b.copy(text, last, m.index);
    const at = m.index + m[0].indexOf(word);
    b.push(symbol, at, at + word.length);
    last = m.index + m[0].length;
  }
  b.copy(text, last, text.length);
  return b.build(text.length);
}
