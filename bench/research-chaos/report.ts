// The chaos benchmark's figures: the per-run time bound its limits imply, and the table of
// outcomes by fault kind.
import type { InjectedFault } from '@hikma/llm/testing';
import type { RunAudit } from '../../packages/research/src/testing/chaos/index.ts';

export interface RunOutcome {
  index: number;
  ms: number;
  hang: boolean;
  crashed: boolean;
  /** Null when the run never ended (hang or crash). */
  audit: RunAudit | null;
  /** Faults the chaos server injected while the run was in progress. */
  faults: InjectedFault[];
}

/** Structured LLM calls a run makes at most, by stage (see the stages' code). */
const LLM_CALLS = {
  ideation: 1,
  planning: 4, // blueprint and review, revised once
  coding: 3, // one per attempt (RESEARCH_MAX_CODE_ATTEMPTS)
  analysis: 1,
  writing: 1 + 20 + 2, // the paper, sentence rewrites (enforceNumbers' maxRewrites), LaTeX fixes
  distill: 1,
  review: 4, // three reviewers and the meta-review
};
/** Answers generateObject asks for at most per call. */
const ANSWERS_PER_CALL = 3;
/** Compiles at most: the render, two fixes, math as text. */
const COMPILES = 4;
/** The longest wait between tries: Retry-After (1 s from the chaos server) or the backoff cap of the first retries. */
const RETRY_WAIT_MS = 1_500;

export interface Limits {
  llmTimeoutMs: number;
  llmMaxRetries: number;
  sandboxTimeoutMs: number;
  maxCodeAttempts: number;
  latexTimeoutMs: number;
}

/** The worst case of a run's wall time that follows from its limits, and how it is made up. */
export function runBound(limits: Limits): { componentsMs: number; formula: string } {
  const calls = Object.values(LLM_CALLS).reduce((a, b) => a + b, 0);
  const tries = limits.llmMaxRetries + 1;
  const perAnswer = tries * limits.llmTimeoutMs + limits.llmMaxRetries * RETRY_WAIT_MS;
  const llm = calls * ANSWERS_PER_CALL * perAnswer;
  const sandbox = limits.maxCodeAttempts * limits.sandboxTimeoutMs;
  const latex = COMPILES * limits.latexTimeoutMs;
  return {
    componentsMs: llm + sandbox + latex,
    formula:
      `${calls} LLM calls × ${ANSWERS_PER_CALL} answers × (${tries} tries × ${limits.llmTimeoutMs / 1000} s + ` +
      `${limits.llmMaxRetries} waits × ${RETRY_WAIT_MS / 1000} s) + ${limits.maxCodeAttempts} × ` +
      `${limits.sandboxTimeoutMs / 1000} s sandbox + ${COMPILES} × ${limits.latexTimeoutMs / 1000} s LaTeX`,
  };
}

/**
 * One row per fault kind: how often it was injected, and how many of those injections were
 * in runs that completed with a PDF anyway (repaired), failed cleanly, or ended otherwise.
 */
export function faultTable(outcomes: RunOutcome[]): string[] {
  const rows = new Map<
    string,
    { family: string; injected: number; repaired: number; failed: number; other: number }
  >();
  for (const o of outcomes) {
    for (const f of o.faults) {
      const row = rows.get(f.kind) ?? {
        family: f.family,
        injected: 0,
        repaired: 0,
        failed: 0,
        other: 0,
      };
      row.injected++;
      if (o.audit?.completedWithPdf) row.repaired++;
      else if (o.audit?.failedCleanly) row.failed++;
      else row.other++;
      rows.set(f.kind, row);
    }
  }
  const order = ['transport', 'json', 'code', 'latex'];
  const sorted = [...rows].sort(
    ([a, x], [b, y]) => order.indexOf(x.family) - order.indexOf(y.family) || a.localeCompare(b),
  );
  const total = sorted.reduce(
    (t, [, r]) => ({
      injected: t.injected + r.injected,
      repaired: t.repaired + r.repaired,
      failed: t.failed + r.failed,
      other: t.other + r.other,
    }),
    { injected: 0, repaired: 0, failed: 0, other: 0 },
  );
  return [
    '| fault | family | injected | repaired (run completed with PDF) | failed cleanly | other |',
    '|---|---|--:|--:|--:|--:|',
    ...sorted.map(
      ([kind, r]) =>
        `| ${kind} | ${r.family} | ${r.injected} | ${r.repaired} | ${r.failed} | ${r.other} |`,
    ),
    `| **all** | | ${total.injected} | ${total.repaired} | ${total.failed} | ${total.other} |`,
  ];
}
