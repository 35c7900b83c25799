// "Every number in the paper comes from the execution result": the numbers of the prose
// (abstract and section bodies) are checked against a registry built from the experiment,
// and sentences with numbers the registry does not hold are rewritten or removed.
import type { PaperDraft } from '../domain/artefacts.ts';

/** A number as written in prose. */
export interface WrittenNumber {
  /** As written, e.g. "68%", "1,000", "−0.5", "2.5e-4", "3rd". */
  text: string;
  /** Its value, sign and scale applied; a percentage is not divided by 100. */
  value: number;
  /** Half a unit in the last written digit: the rounding the writer may have applied. */
  tolerance: number;
  /** Followed by %, "percent", "pp", "percentage points" or "points". */
  percent: boolean;
  /** A whole number with no decimals, exponent, scale or percent: may be a count. */
  plainInteger: boolean;
}

// --- Extraction --------------------------------------------------------------------------

/** Spans whose digits are not claims: code, citations, cross-references, labels, links, scripts. */
const IGNORED = new RegExp(
  [
    String.raw`\x60[^\x60\n]*\x60`,
    String.raw`\[[^\]\n]*@[^\]\n]*\]`,
    String.raw`\\(?:cite[a-z]*|(?:auto|eq|page|c|C)?ref|label|url|href)\*?\s*(?:\[[^\]]*\])?\{[^{}]*\}`,
    String.raw`@[A-Za-z0-9_:.-]*[A-Za-z0-9_]`,
    String.raw`\b(?:fig|figure|tab|table|eq|sec|lst|alg):[A-Za-z0-9_.:-]+`,
    String.raw`https?://[^\s)\]]+`,
    String.raw`\b(?:doi:\s*)?10\.\d{4,9}/[^\s)\]]+`,
    // Subscripts and superscripts of symbols (x_1, x^{2}); 10^{-3} is kept as a number.
    String.raw`_\{[^{}]*\}|_[A-Za-z0-9]+`,
    String.raw`(?<![\d}])\^\{[^{}]*\}|(?<![\d}])\^[-+−]?\d+`,
  ].join('|'),
  'g',
);

const NUMBER = new RegExp(
  String.raw`(?<sign>[-+−–]?)` +
    String.raw`(?<body>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)` +
    String.raw`(?<exp>[eE][-+−]?\d+(?![A-Za-z])` +
    String.raw`|\s*(?:×|x|\\times|\\cdot|·)\s*10\s*\^\s*\{?\s*(?<exp10>[-+−]?\d+)\s*\}?` +
    String.raw`|\s*\^\s*\{?\s*(?<pow>[-+−]?\d+)\s*\}?)?`,
  'gu',
);
const PERCENT =
  /^\s*(?:\\?%|percent\b|per cent\b|pp\b|p\.p\.|percentage points?\b|points?\b|pts\b)/i;
const ORDINAL = /^(?:st|nd|rd|th)(?![\p{L}\d])/u;
const RATIO = /^[x×](?![\p{L}\d])/u;
const SCALE: Readonly<Record<string, number>> = { k: 1e3, K: 1e3, M: 1e6, B: 1e9, bn: 1e9 };
/** Units written against a number ("100ms"): the number still counts. */
const UNITS = new Set(
  'ms s sec min h hr hrs GB MB KB TB GiB MiB Hz kHz MHz GHz px pt cm mm km kg'.split(' '),
);

/** Replaces ignored spans with spaces, so offsets stay the same. */
function mask(text: string): string {
  return text.replace(IGNORED, (m) => ' '.repeat(m.length));
}

/**
 * True when the digits at `start` belong to a word: the run of digits, dots, commas and
 * dashes before them starts right after a letter, `_`, `@`, `:`, `\` or `#`
 * (CIFAR-10, x86-64, v1.2, fig:1, seed_42).
 */
function insideIdentifier(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && /[\d.,\-–−]/.test(text[i]!)) i--;
  return i >= 0 && /[\p{L}_@:\\#]/u.test(text[i]!);
}

/** A leading dash is a minus sign unless it joins two numbers (a range "3–5" or "3-5"). */
function isSign(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /[ \t]/.test(text[i]!)) i--;
  return i < 0 || !/[\d%)]/.test(text[i]!);
}

function decimals(body: string): number {
  const dot = body.indexOf('.');
  return dot === -1 ? 0 : body.length - dot - 1;
}

/** Every number written in `text`, outside code, citations, labels, links and identifiers. */
export function extractNumbers(text: string): WrittenNumber[] {
  const masked = mask(text);
  const found: (WrittenNumber & { start: number; end: number })[] = [];
  for (const m of masked.matchAll(NUMBER)) {
    const { sign = '', body = '', exp, exp10, pow } = m.groups ?? {};
    const bodyStart = m.index + sign.length;
    if (insideIdentifier(masked, bodyStart)) continue;
    if (pow !== undefined && body !== '10') continue; // x^2 style powers are not numbers here
    const negative = sign !== '' && sign !== '+' && isSign(masked, m.index);
    const start = negative || sign === '+' ? m.index : bodyStart;
    let end = m.index + m[0].length;
    const rest = masked.slice(end);

    let mantissa = Number(body.replace(/,/g, ''));
    let scale = 1;
    let unit = decimals(body);
    if (pow !== undefined) {
      // 10^{-3}: the value 1e-3, written with one significant digit.
      mantissa = 1;
      scale = 10 ** Number(pow.replace('−', '-'));
      unit = 0;
    } else if (exp10 !== undefined) {
      scale = 10 ** Number(exp10.replace('−', '-'));
    } else if (exp !== undefined) {
      scale = 10 ** Number(exp.slice(1).replace('−', '-'));
    }

    let percent = false;
    let plainInteger = unit === 0 && scale === 1 && !body.startsWith('.');
    const suffix = /^[\p{L}]+/u.exec(rest)?.[0] ?? '';
    const percentMatch = PERCENT.exec(rest);
    if (percentMatch !== null) {
      percent = true;
      // "3 points" may also be a count; "3%" never is (or every small percentage would pass).
      if (!/points?|pts/i.test(percentMatch[0])) plainInteger = false;
      end += percentMatch[0].length;
    } else if (suffix !== '') {
      if (ORDINAL.test(rest)) {
        end += 2;
      } else if (RATIO.test(rest)) {
        plainInteger = false;
        end += 1;
      } else if (SCALE[suffix] !== undefined) {
        scale *= SCALE[suffix];
        plainInteger = false;
        end += suffix.length;
      } else if (!UNITS.has(suffix)) {
        continue; // part of a word, such as "3D"
      } else {
        end += suffix.length;
      }
    } else if (/^[_@]/.test(rest)) {
      continue;
    }
    const value = (negative ? -1 : 1) * mantissa * scale;
    if (!Number.isFinite(value)) continue;
    found.push({
      text: text.slice(start, end).trim(),
      value,
      tolerance: 0.5 * 10 ** -unit * scale,
      percent,
      plainInteger,
      start,
      end,
    });
  }
  // In a range of percentages ("50–60%") the first number is a percentage too.
  for (let i = found.length - 2; i >= 0; i--) {
    const [a, b] = [found[i]!, found[i + 1]!];
    const between = masked.slice(a.end, b.start);
    if (b.percent && !b.plainInteger && !a.percent && /^\s*(?:[-–]|to)\s*$/.test(between)) {
      a.percent = true;
      a.plainInteger = false;
    }
  }
  return found.map(({ start: _start, end: _end, ...n }) => n);
}

// --- The registry ------------------------------------------------------------------------

/** Numbers the paper may state: values (matched up to the writer's rounding) and counts (exact). */
export class AllowedNumbers {
  private readonly values: number[];
  private readonly counts: Set<number>;

  constructor(allowed: { values?: Iterable<number>; counts?: Iterable<number> }) {
    this.values = [...(allowed.values ?? [])].filter(Number.isFinite).sort((a, b) => a - b);
    this.counts = new Set([...(allowed.counts ?? [])].filter(Number.isInteger));
  }

  /** How many distinct numbers are allowed. */
  get size(): number {
    return new Set(this.values).size + this.counts.size;
  }

  /** True when `n` is an allowed count, or rounds (as written) from an allowed value or 100x one. */
  allows(n: WrittenNumber): boolean {
    if (n.plainInteger && this.counts.has(n.value)) return true;
    if (this.near(n.value, n.tolerance)) return true;
    return n.percent && this.near(n.value / 100, n.tolerance / 100);
  }

  private near(x: number, tolerance: number): boolean {
    const slack = tolerance * (1 + 1e-9) + 1e-12;
    // The first allowed value >= x - slack, by binary search; it matches if within x + slack.
    let lo = 0;
    let hi = this.values.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.values[mid]! < x - slack) lo = mid + 1;
      else hi = mid;
    }
    const v = this.values[lo];
    return v !== undefined && v <= x + slack;
  }
}

/** What the experiment and the generated parts of the draft say: the sources of allowed numbers. */
export interface ExperimentNumbers {
  /** Per condition and metric: mean, std and n (analysis.statistics). */
  statistics?: readonly {
    condition?: string;
    metric?: string;
    mean: number;
    std: number;
    n: number;
  }[];
  /** Per-seed measurements by condition, then metric (execution.results.conditions). */
  measurements?: Readonly<Record<string, Readonly<Record<string, readonly number[]>>>>;
  pValues?: readonly (number | null | undefined)[];
  /** t statistics; allowed with either sign, as the order of the comparison is the writer's. */
  tStatistics?: readonly (number | null | undefined)[];
  /** The seeds (blueprint.seeds): their count and their values. */
  seeds?: readonly number[];
  /** Default: the distinct condition and metric names in `statistics` / `measurements`. */
  conditionCount?: number;
  metricCount?: number;
  /** The generated tables and figures (cells; per series first/last/min/max, x range, length),
   * reference years, and section numbers (1..sections.length). */
  draft?: Partial<Pick<PaperDraft, 'tables' | 'figures' | 'references' | 'sections'>>;
  /** Text written by code or by the plan the experiment ran (e.g. the analysis comparison line,
   * the blueprint's procedure): every number in it is allowed. */
  trustedText?: readonly string[];
  /** Further allowed values. */
  values?: readonly number[];
  /** Significance levels allowed exactly; default [0.05], the level the analysis tests at. */
  thresholds?: readonly number[];
  /** Differences (both signs), relative changes and ratios between condition means of each
   * metric; default true. */
  derived?: boolean;
}

const SMALL_INTEGERS = Array.from({ length: 11 }, (_, i) => i);

/** Builds the registry of numbers a paper about this experiment may state. */
export function allowedNumbers(input: ExperimentNumbers): AllowedNumbers {
  const values: number[] = [...(input.values ?? []), ...(input.thresholds ?? [0.05])];
  const counts: number[] = [...SMALL_INTEGERS];
  const conditions = new Set<string>();
  const metrics = new Set<string>();
  const means = new Map<string, number[]>();

  for (const s of input.statistics ?? []) {
    values.push(s.mean, s.std, s.n);
    counts.push(s.n);
    if (s.condition !== undefined) conditions.add(s.condition);
    if (s.metric !== undefined) {
      metrics.add(s.metric);
      means.set(s.metric, [...(means.get(s.metric) ?? []), s.mean]);
    }
  }
  for (const [condition, byMetric] of Object.entries(input.measurements ?? {})) {
    conditions.add(condition);
    for (const [metric, measured] of Object.entries(byMetric)) {
      metrics.add(metric);
      values.push(...measured, Math.min(...measured), Math.max(...measured));
      counts.push(measured.length);
    }
  }
  for (const p of input.pValues ?? []) if (p != null) values.push(p);
  for (const t of input.tStatistics ?? []) if (t != null) values.push(t, -t);
  if (input.seeds !== undefined) counts.push(input.seeds.length, ...input.seeds);
  counts.push(input.conditionCount ?? conditions.size, input.metricCount ?? metrics.size);

  if (input.derived ?? true) {
    for (const ms of means.values()) {
      for (const a of ms) {
        for (const b of ms) {
          if (a === b) continue;
          values.push(a - b);
          if (b !== 0) values.push(a / b, (a - b) / Math.abs(b));
        }
      }
    }
  }

  const draft = input.draft ?? {};
  for (const table of draft.tables ?? []) {
    for (const cell of [...table.columns, ...table.rows.flat(), table.caption]) {
      for (const n of extractNumbers(cell))
        values.push(n.percent ? n.value / 100 : n.value, n.value);
    }
  }
  for (const figure of draft.figures ?? []) {
    for (const series of figure.series) {
      const points = series.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
      if (points.length === 0) continue;
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      values.push(ys[0]!, ys.at(-1)!, Math.min(...ys), Math.max(...ys));
      values.push(Math.min(...xs), Math.max(...xs));
      counts.push(points.length);
    }
  }
  for (const ref of draft.references ?? []) if (ref.year !== null) counts.push(ref.year);
  for (let i = 1; i <= (draft.sections?.length ?? 0); i++) counts.push(i);
  for (const text of input.trustedText ?? []) {
    for (const n of extractNumbers(text)) {
      values.push(n.value);
      if (n.percent) values.push(n.value / 100);
      if (n.plainInteger) counts.push(n.value);
    }
  }
  return new AllowedNumbers({ values, counts });
}

// --- Sentences ---------------------------------------------------------------------------

interface Span {
  start: number;
  end: number;
}

const BLOCK_MARKER = /^(\s*)(?:[-*+]|\d{1,3}[.)]|#{1,6})\s+/;
/** Words ending in "." that do not end a sentence. */
const ABBREVIATION =
  /(?:^|[\s(])(?:e\.g|i\.e|et al|etc|vs|cf|approx|resp|Fig|Figs|Eq|Eqs|Sec|Secs|Tab|No|Ref|Dr|Prof|Mr|Ms|[A-Z])$/;

/** Paragraphs, list items and headings of markdown-ish prose, as spans without their markers. */
function blocks(text: string): Span[] {
  const out: Span[] = [];
  let current: Span | null = null;
  let offset = 0;
  for (const line of text.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    if (line.trim() === '') {
      current = null;
      continue;
    }
    const marker = BLOCK_MARKER.exec(line);
    const contentStart =
      lineStart + (marker ? marker[0].length : line.length - line.trimStart().length);
    const end = lineStart + line.trimEnd().length;
    if (marker || current === null) {
      current = { start: contentStart, end };
      out.push(current);
      if (marker && /#/.test(marker[0])) current = null; // a heading is a block of its own
    } else {
      current.end = end;
    }
  }
  return out;
}

/** The sentences of prose as spans: split after . ! ? followed by a space, except after abbreviations. */
export function sentenceSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const block of blocks(text)) {
    let start = block.start;
    const part = text.slice(block.start, block.end);
    for (const m of part.matchAll(/[.!?]+["'”’)\]*_]*(?=\s)/g)) {
      const end = block.start + m.index + m[0].length;
      if (m[0].startsWith('.') && ABBREVIATION.test(text.slice(start, end - m[0].length))) continue;
      spans.push({ start, end });
      start = end;
      while (start < block.end && /\s/.test(text[start]!)) start++;
    }
    if (start < block.end) spans.push({ start, end: block.end });
  }
  return spans;
}

// --- Checking and enforcing --------------------------------------------------------------

/** Where a sentence is: the abstract, or the body of `draft.sections[i]`. */
export type TextLocation = 'abstract' | number;

export interface NumberFinding {
  location: TextLocation;
  sentence: string;
  /** The numbers not in the registry, as written. */
  unknown: string[];
}

export interface NumberCheck {
  /** Numbers examined. */
  checked: number;
  /** Sentences with unknown numbers, in document order. */
  findings: NumberFinding[];
}

interface LocatedFinding extends NumberFinding {
  span: Span;
}

function texts(draft: PaperDraft): { location: TextLocation; text: string }[] {
  return [
    { location: 'abstract', text: draft.abstract },
    ...draft.sections.map((s, i) => ({ location: i, text: s.body })),
  ];
}

function unknownNumbers(
  sentence: string,
  allowed: AllowedNumbers,
): { count: number; unknown: string[] } {
  const numbers = extractNumbers(sentence);
  return {
    count: numbers.length,
    unknown: numbers.filter((n) => !allowed.allows(n)).map((n) => n.text),
  };
}

function locate(text: string, location: TextLocation, allowed: AllowedNumbers) {
  let checked = 0;
  const findings: LocatedFinding[] = [];
  for (const span of sentenceSpans(text)) {
    const sentence = text.slice(span.start, span.end);
    const { count, unknown } = unknownNumbers(sentence, allowed);
    checked += count;
    if (unknown.length > 0) findings.push({ location, sentence, unknown, span });
  }
  return { checked, findings };
}

/** The sentences of the abstract and section bodies that state numbers the registry lacks. */
export function checkNumbers(draft: PaperDraft, allowed: AllowedNumbers): NumberCheck {
  let checked = 0;
  const findings: NumberFinding[] = [];
  for (const { location, text } of texts(draft)) {
    const result = locate(text, location, allowed);
    checked += result.checked;
    findings.push(...result.findings.map(({ span: _span, ...f }) => f));
  }
  return { checked, findings };
}

/** Proposes a version of `sentence` without the `unknown` numbers, or null. Typically an LLM call. */
export type SentenceRewriter = (sentence: string, unknown: string[]) => Promise<string | null>;

export interface RemovedSentence extends NumberFinding {
  /** `no_rewrite`: no callback, or it returned null or threw (see `error`); `still_unknown`:
   * the rewrite had unknown numbers too; `limit`: more offending sentences than `maxRewrites`. */
  reason: 'no_rewrite' | 'still_unknown' | 'limit';
  error?: string;
}

export interface RewrittenSentence {
  location: TextLocation;
  before: string;
  after: string;
}

export interface NumberReport {
  /** Numbers examined in the draft as given. */
  checked: number;
  removed: RemovedSentence[];
  rewritten: RewrittenSentence[];
}

export interface EnforceOptions {
  /** Rewrites at most this many sentences (one callback call each); the rest are removed. Default 20. */
  maxRewrites?: number;
  /** When aborted, a failing callback's error is thrown rather than recorded. */
  signal?: AbortSignal;
}

/** Deletes `span` and the spaces after it (or before it, at the end of a line). */
function cut(text: string, span: Span): string {
  let { start, end } = span;
  while (end < text.length && /[ \t]/.test(text[end]!)) end++;
  if (end < text.length && text[end] !== '\n') return text.slice(0, start) + text.slice(end);
  while (start > 0 && /[ \t]/.test(text[start - 1]!)) start--;
  return text.slice(0, start) + text.slice(end);
}

/** Drops list markers and headings left empty, and runs of blank lines. */
function tidy(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:[-*+]|\d{1,3}[.)]|#{1,6})\s*$/.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Rewrites (with `rewrite`) or removes each sentence of the abstract and section bodies that
 * states a number the registry lacks. A rewrite is checked again and used only when all its
 * numbers are allowed. Returns the cleaned draft (sections left empty are dropped) and a report.
 */
export async function enforceNumbers(
  draft: PaperDraft,
  allowed: AllowedNumbers,
  rewrite?: SentenceRewriter,
  options: EnforceOptions = {},
): Promise<{ draft: PaperDraft; report: NumberReport }> {
  const maxRewrites = options.maxRewrites ?? 20;
  const report: NumberReport = { checked: 0, removed: [], rewritten: [] };
  let calls = 0;
  const cleaned = new Map<TextLocation, string>();

  for (const { location, text } of texts(draft)) {
    const { checked, findings } = locate(text, location, allowed);
    report.checked += checked;
    const edits: { span: Span; replacement: string | null }[] = [];
    for (const finding of findings) {
      const { span, ...plain } = finding;
      if (rewrite === undefined || calls >= maxRewrites) {
        report.removed.push({ ...plain, reason: rewrite === undefined ? 'no_rewrite' : 'limit' });
        edits.push({ span, replacement: null });
        continue;
      }
      calls++;
      let proposed: string | null;
      try {
        proposed = await rewrite(finding.sentence, finding.unknown);
      } catch (err) {
        if (options.signal?.aborted) throw err;
        report.removed.push({ ...plain, reason: 'no_rewrite', error: String(err) });
        edits.push({ span, replacement: null });
        continue;
      }
      // One line: a rewrite must not add paragraphs, list items or headings.
      const after = proposed?.replace(/\s+/g, ' ').trim() ?? '';
      if (after === '') {
        report.removed.push({ ...plain, reason: 'no_rewrite' });
        edits.push({ span, replacement: null });
      } else if (unknownNumbers(after, allowed).unknown.length > 0) {
        report.removed.push({ ...plain, reason: 'still_unknown' });
        edits.push({ span, replacement: null });
      } else {
        report.rewritten.push({ location, before: finding.sentence, after });
        edits.push({ span, replacement: after });
      }
    }
    let result = text;
    for (const { span, replacement } of edits.reverse()) {
      result =
        replacement === null
          ? cut(result, span)
          : result.slice(0, span.start) + replacement + result.slice(span.end);
    }
    cleaned.set(location, edits.length > 0 ? tidy(result) : text);
  }

  const sections = draft.sections
    .map((s, i) => ({ ...s, body: cleaned.get(i) ?? s.body }))
    .filter((s) => s.body.trim() !== '');
  return {
    draft: { ...draft, abstract: cleaned.get('abstract') ?? draft.abstract, sections },
    report,
  };
}
