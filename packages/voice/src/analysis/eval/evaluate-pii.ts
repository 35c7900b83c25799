// Precision and recall of detectPII per category on the labelled set in pii-cases.jsonl
// (English, Arabic, Arabic-Indic digits, spoken numbers; true PII and near misses).
// Run: npx tsx packages/voice/src/analysis/eval/evaluate-pii.ts [--no-languages] [--errors]
//   --no-languages  detect as a session that names no language would (the default regions)
//   --errors        list every false positive and false negative
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PII_CATEGORIES, type PIICategory } from '../categories.ts';
import { detectPII } from '../pii.ts';

const USAGE = `npx tsx packages/voice/src/analysis/eval/evaluate-pii.ts [options]
  --cases <file>    labelled cases, one JSON object a line (default: pii-cases.jsonl beside this script)
  --no-languages    detect without the cases' session languages (the detector's default regions)
  --errors          list every false positive and false negative
  --help            this text`;

const Case = z.object({
  id: z.string().min(1),
  /** The session's languages (BCP 47), as `session.update` sets them. */
  languages: z.array(z.string().min(2)).min(1),
  text: z.string(),
  /** Each PII span as [category, the exact text it covers]; the first occurrence is meant. */
  pii: z.array(z.tuple([z.enum(PII_CATEGORIES), z.string().min(1)])),
});
type Case = z.infer<typeof Case>;

interface Span {
  category: PIICategory;
  start: number;
  end: number;
}

/** Reads and checks the labelled set: every labelled span must occur in its text. */
export function loadCases(path: string): Case[] {
  const cases: Case[] = [];
  const ids = new Set<string>();
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new Error(`${path}:${i + 1}: not JSON`);
      }
      const parsed = Case.safeParse(json);
      if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.issues[0]?.message}`);
      const c = parsed.data;
      if (ids.has(c.id)) throw new Error(`${path}:${i + 1}: duplicate id ${c.id}`);
      ids.add(c.id);
      for (const [, span] of c.pii)
        if (!c.text.includes(span)) throw new Error(`${path}:${i + 1}: "${span}" not in the text`);
      cases.push(c);
    });
  return cases;
}

function goldSpans(c: Case): Span[] {
  return c.pii.map(([category, span]) => {
    const start = c.text.indexOf(span);
    return { category, start, end: start + span.length };
  });
}

const key = (s: Span): string => `${s.category}:${s.start}:${s.end}`;

export interface CategoryScore {
  tp: number;
  fp: number;
  fn: number;
}

export interface Evaluation {
  scores: Map<PIICategory, CategoryScore>;
  errors: string[];
}

/**
 * Scores detectPII on `cases`. A detection counts only when its category and its span are
 * exactly the labelled ones: a span that covers too little leaves PII in a redacted log.
 */
export function evaluate(cases: readonly Case[], useLanguages: boolean): Evaluation {
  const scores = new Map<PIICategory, CategoryScore>(
    PII_CATEGORIES.map((c) => [c, { tp: 0, fp: 0, fn: 0 }]),
  );
  const errors: string[] = [];
  for (const c of cases) {
    const gold = goldSpans(c);
    const found: Span[] = detectPII(c.text, useLanguages ? { languages: c.languages } : {}).map(
      (p) => ({ category: p.category, start: p.offset, end: p.offset + p.length }),
    );
    const goldKeys = new Set(gold.map(key));
    const foundKeys = new Set(found.map(key));
    for (const s of found) {
      const score = scores.get(s.category)!;
      if (goldKeys.has(key(s))) score.tp++;
      else {
        score.fp++;
        errors.push(`FP ${c.id}: ${s.category} "${c.text.slice(s.start, s.end)}"`);
      }
    }
    for (const s of gold) {
      if (foundKeys.has(key(s))) continue;
      scores.get(s.category)!.fn++;
      errors.push(`FN ${c.id}: ${s.category} "${c.text.slice(s.start, s.end)}"`);
    }
  }
  return { scores, errors };
}

/** Mean time of one detectPII call over the set, after a warm-up pass. */
function meanMicros(cases: readonly Case[], useLanguages: boolean, passes = 20): number {
  const run = () => {
    for (const c of cases) detectPII(c.text, useLanguages ? { languages: c.languages } : {});
  };
  run();
  const started = performance.now();
  for (let i = 0; i < passes; i++) run();
  return ((performance.now() - started) * 1000) / (passes * cases.length);
}

function ratio(n: number, d: number): string {
  return d === 0 ? '–' : (n / d).toFixed(3);
}

/** The markdown table: one row per category, then all categories together. */
export function table(scores: Map<PIICategory, CategoryScore>): string {
  const rows = [
    '| category | TP | FP | FN | precision | recall |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  const total: CategoryScore = { tp: 0, fp: 0, fn: 0 };
  for (const [category, s] of scores) {
    total.tp += s.tp;
    total.fp += s.fp;
    total.fn += s.fn;
    rows.push(
      `| \`${category}\` | ${s.tp} | ${s.fp} | ${s.fn} | ${ratio(s.tp, s.tp + s.fp)} | ${ratio(s.tp, s.tp + s.fn)} |`,
    );
  }
  rows.push(
    `| all | ${total.tp} | ${total.fp} | ${total.fn} | ${ratio(total.tp, total.tp + total.fp)} | ${ratio(total.tp, total.tp + total.fn)} |`,
  );
  return rows.join('\n');
}

function main(): void {
  const { values } = parseArgs({
    options: {
      cases: {
        type: 'string',
        default: fileURLToPath(new URL('./pii-cases.jsonl', import.meta.url)),
      },
      'no-languages': { type: 'boolean', default: false },
      errors: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const cases = loadCases(values.cases);
  const withLanguages = !values['no-languages'];
  const result = evaluate(cases, withLanguages);
  const spans = cases.reduce((n, c) => n + c.pii.length, 0);
  console.log(
    `${cases.length} cases, ${spans} labelled spans, ${cases.filter((c) => c.pii.length === 0).length} cases without PII; ` +
      (withLanguages ? "with each case's session languages" : 'without session languages'),
  );
  console.log(table(result.scores));
  console.log(
    `detectPII: ${meanMicros(cases, withLanguages).toFixed(0)} µs per case (mean of 20 passes)`,
  );
  if (values.errors) for (const e of result.errors) console.log(e);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
