// "Every number in the paper comes from the execution result": the numbers of the prose
// (abstract and section bodies) are checked against a registry built from the experiment,
// and sentences with numbers the registry does not hold are rewritten or removed.
import type { PaperDraft } from '../domain/artefacts.ts';
import { extractNumbers } from './written-numbers.ts';
import type { AllowedNumbers } from './allowed-numbers.ts';
import { sentenceSpans, type Span } from './sentence-spans.ts';

export { extractNumbers, type WrittenNumber } from './written-numbers.ts';
export { AllowedNumbers, allowedNumbers, type ExperimentNumbers } from './allowed-numbers.ts';
export { sentenceSpans } from './sentence-spans.ts';

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
