import { join } from 'node:path';
import { z } from 'zod';
import {
  TEXT_LIMITS,
  type AnalysisReport,
  type Blueprint,
  type ExecutionResult,
  type PaperDraft,
  type PaperFigure,
  type PaperTable,
  type Reference,
} from '../../domain/artefacts.ts';
import { stageMessages } from '../prompts.ts';
import {
  allowedNumbers,
  enforceNumbers,
  writePaper,
  type AllowedNumbers,
} from '../../paper/index.ts';
import { citationsFromMemories, mergeReferences } from '../../citations/index.ts';
import { computeFacts } from './analysis.ts';
import { defineStage, generateForStage, type StageContext } from '../stage.ts';
import { selectedHypothesis } from './ideation.ts';

const PaperText = z.object({
  title: z.string().min(1).max(TEXT_LIMITS.name),
  abstract: z.string().min(1).max(TEXT_LIMITS.paragraph),
  sections: z
    .array(
      z.object({
        heading: z.string().min(1).max(TEXT_LIMITS.name),
        body: z.string().min(1).max(TEXT_LIMITS.section),
      }),
    )
    .min(3)
    .max(12),
});

/**
 * Writing: the LLM writes the prose; tables and figures are generated from the results
 * so their numbers are exactly the measured ones. The paper is rendered to LaTeX and
 * compiled to PDF when a compiler is installed.
 */
export const writingStage = defineStage({
  name: 'writing',
  needs: ['ideation', 'blueprint', 'execution', 'analysis'],
  produces: ['paper_draft', 'compiled_paper'],
  async run(ctx) {
    const hypothesis = selectedHypothesis(ctx.artefact('ideation'));
    const blueprint = ctx.artefact('blueprint');
    const execution = ctx.artefact('execution');
    const analysis = ctx.artefact('analysis');
    const tables = [resultsTable(blueprint, analysis)];
    const figures = execution.results?.curves ? [curvesFigure(execution)] : [];
    const references = await findReferences(ctx, hypothesis.title);
    const citeHint =
      references.length > 0
        ? `Cite sources only from this list, as [@key]: ${references.map((r) => `${r.key} (${r.title}, ${r.year ?? 'n.d.'})`).join('; ')}.`
        : 'Cite nothing (no sources are available).';

    const out = await generateForStage(ctx, {
      schema: PaperText,
      name: 'paper_text',
      task: 'research.paper',
      context: {
        topic: ctx.run.topic,
        domain: ctx.user.domain,
        hypothesis,
        blueprint,
        analysis,
        tables,
        figures,
        references,
      },
      messages: stageMessages(
        ctx.user,
        'a scientific writer',
        `Write a short paper on "${ctx.run.topic}" for readers in ${ctx.user.domain}: a title, an abstract and ` +
          'the sections Introduction, Method, Results, Discussion and Conclusion. Refer to the results table as ' +
          `@tab:${tables[0]!.label.replace(/^tab:/, '')}${figures[0] ? ` and the figure as @fig:${figures[0].label.replace(/^fig:/, '')}` : ''}. ` +
          `Use only numbers from the analysis below, with the same rounding. ${citeHint}\n\n` +
          `Hypothesis (${hypothesis.title}): ${hypothesis.statement}\nWhy it matters: ${hypothesis.rationale}\n` +
          `Blueprint: ${JSON.stringify(blueprint)}\nAnalysis: ${JSON.stringify(analysis)}`,
        ctx,
      ),
    });

    const written: PaperDraft = {
      ...out,
      authors: [ctx.user.user_id],
      tables,
      figures,
      references,
    };
    await ctx.trace(
      'draft_written',
      `Drafted "${written.title}"`,
      `${written.sections.length} sections, ${tables.length} table(s), ${figures.length} figure(s), ${references.length} reference(s)`,
    );

    // Every number in the text must come from the experiment: others are rewritten or cut.
    const allowed = numbersAllowedInPaper(blueprint, execution, analysis, written);
    const { draft, report } = await enforceNumbers(
      written,
      allowed,
      (sentence, unknown) => rewriteSentence(ctx, sentence, unknown),
      {
        signal: ctx.signal,
      },
    );
    await ctx.trace(
      'numbers_checked',
      `Checked ${report.checked} sentence(s) against the measured numbers`,
      report.removed.length + report.rewritten.length === 0
        ? 'Every number in the text comes from the experiment.'
        : `${report.rewritten.length} sentence(s) rewritten and ${report.removed.length} removed for numbers the experiment did not produce.`,
      {
        checked: report.checked,
        rewritten: report.rewritten.length,
        removed: report.removed.length,
      },
    );

    const compiled = await writePaper(draft, join(ctx.runDir, 'paper'), {
      timeoutMs: ctx.config.latexTimeoutMs,
      signal: ctx.signal,
      maxPages: ctx.config.maxPages,
      fix: (tex, error) => fixLatex(ctx, tex, error),
      gate: ctx.slots.compile,
    });
    await ctx.trace(
      'compile_finished',
      compiled.compiled ? 'Compiled the paper to PDF' : 'The paper did not compile to PDF',
      compiled.compile_error ?? 'PDF written.',
      {
        compiled: compiled.compiled,
        pages: compiled.pages ?? null,
        attempts: compiled.attempts?.length ?? 1,
        warnings: (compiled.warnings ?? []).map((w) => w.code),
      },
    );
    return {
      artefacts: { paper_draft: draft, compiled_paper: compiled },
      summary: `Wrote "${draft.title}"${compiled.compiled ? ' and compiled it to PDF' : ' (LaTeX only; no PDF)'}.`,
    };
  },
});

/** The numbers a paper may state: those the experiment, its analysis and its plan produced. */
export function numbersAllowedInPaper(
  blueprint: Blueprint,
  execution: ExecutionResult,
  analysis: AnalysisReport,
  draft: Pick<PaperDraft, 'tables' | 'figures' | 'references' | 'sections'>,
): AllowedNumbers {
  const facts = computeFacts(blueprint, execution.results!.conditions);
  return allowedNumbers({
    statistics: analysis.statistics,
    measurements: execution.results?.conditions,
    pValues: [facts.p_value],
    seeds: blueprint.seeds,
    conditionCount: blueprint.conditions.length,
    metricCount: blueprint.metrics.length,
    trustedText: [
      facts.comparison ?? '',
      blueprint.objective,
      ...blueprint.procedure,
      ...blueprint.conditions.map((c) => c.description),
    ],
    draft: {
      tables: draft.tables,
      figures: draft.figures,
      references: draft.references,
      sections: draft.sections,
    },
  });
}

function resultsTable(blueprint: Blueprint, analysis: AnalysisReport): PaperTable {
  const metrics = blueprint.metrics.map((m) => m.name);
  const rows = blueprint.conditions.map((c) => [
    c.name.replace(/_/g, ' '),
    ...metrics.map((metric) => {
      const s = analysis.statistics.find((x) => x.condition === c.name && x.metric === metric);
      return s ? `${s.mean} ± ${s.std}` : '—';
    }),
  ]);
  return {
    label: 'tab:results',
    caption: `Mean ± standard deviation over ${blueprint.seeds.length} seeds for each condition.`,
    columns: ['Condition', ...metrics.map((m) => m.replace(/_/g, ' '))],
    rows,
  };
}

function curvesFigure(execution: ExecutionResult): PaperFigure {
  const curves = execution.results!.curves!;
  return {
    label: 'fig:curves',
    caption: 'Measured curves per condition, from the experiment output.',
    x_label: execution.results!.curve_x_label ?? 'x',
    y_label: execution.results!.curve_y_label ?? 'y',
    series: Object.entries(curves).map(([name, points]) => ({
      name: name.replace(/_/g, ' '),
      points,
    })),
  };
}

/** References from the user's memories and, when configured, a citation provider; never invented. */
async function findReferences(ctx: StageContext, title: string): Promise<Reference[]> {
  const found = ctx.citations
    ? await ctx.citations.search(`${ctx.run.topic} ${title}`, { limit: 8, signal: ctx.signal })
    : [];
  const references = mergeReferences([citationsFromMemories(ctx.memories), found]);
  if (ctx.citations) {
    await ctx.trace(
      'citations_found',
      `Found ${references.length} reference(s)`,
      references.map((r) => r.title).join('; '),
      {
        provider: ctx.citations.name,
        count: references.length,
      },
    );
  }
  return references;
}

const RewrittenSentence = z.object({ sentence: z.string() });
const FixedTex = z.object({ tex: z.string() });

/** Asks the LLM to restate a sentence without the numbers the experiment did not produce. */
async function rewriteSentence(
  ctx: StageContext,
  sentence: string,
  unknown: readonly string[],
): Promise<string | null> {
  const out = await generateForStage(ctx, {
    schema: RewrittenSentence,
    name: 'rewritten_sentence',
    task: 'research.paper_numbers',
    context: { sentence, unknown },
    messages: [
      {
        role: 'system',
        content: 'You edit scientific text so that it reports only measured numbers.',
      },
      {
        role: 'user',
        content: `This sentence contains numbers that were not measured: ${unknown.join(', ')}. Rewrite it without them (keep the meaning where possible), or answer an empty sentence to drop it.\n\n${sentence}`,
      },
    ],
  });
  return out.sentence.trim() || null;
}

/** Asks the LLM to repair LaTeX that failed to compile, given the log excerpt. */
async function fixLatex(ctx: StageContext, tex: string, error: string): Promise<string | null> {
  const out = await generateForStage(ctx, {
    schema: FixedTex,
    name: 'fixed_latex',
    task: 'research.paper_fix',
    context: { tex, error },
    messages: [
      {
        role: 'system',
        content:
          'You fix LaTeX compile errors with the smallest change; you never add packages, files or numbers.',
      },
      {
        role: 'user',
        content: `The compiler failed with:\n${error}\n\nReturn the whole corrected document.\n\n${tex}`,
      },
    ],
  });
  return out.tex.trim() ? out.tex : null;
}
