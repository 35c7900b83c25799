// The registry of numbers a paper about one experiment may state, built from the results,
// the statistics and the generated parts of the draft.
import type { PaperDraft } from '../domain/artefacts.ts';
import { extractNumbers, type WrittenNumber } from './written-numbers.ts';

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
