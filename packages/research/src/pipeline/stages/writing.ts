import { join } from 'node:path';
import { generateObject } from '@hikma/llm';
import { z } from 'zod';
import type {
  AnalysisReport,
  Blueprint,
  ExecutionResult,
  IdeationArtefacts,
  PaperDraft,
  PaperFigure,
  PaperTable,
} from '../artefacts.ts';
import type { Stage } from '../stage.ts';
import { stageMessages } from '../prompts.ts';
import { writePaper } from '../../paper/index.ts';
import { selectedHypothesis } from './ideation.ts';

const PaperText = z.object({
  title: z.string().min(1),
  abstract: z.string().min(1),
  sections: z.array(z.object({ heading: z.string().min(1), body: z.string().min(1) })).min(3),
});

/**
 * Writing: the LLM writes the prose; tables and figures are generated from the results
 * so their numbers are exactly the measured ones. The paper is rendered to LaTeX and
 * compiled to PDF when a compiler is installed.
 */
export const writingStage: Stage = {
  name: 'writing',
  async run(ctx) {
    const hypothesis = selectedHypothesis(ctx.artefact<IdeationArtefacts>('ideation'));
    const blueprint = ctx.artefact<Blueprint>('blueprint');
    const execution = ctx.artefact<ExecutionResult>('execution');
    const analysis = ctx.artefact<AnalysisReport>('analysis');
    const tables = [resultsTable(blueprint, analysis)];
    const figures = execution.results?.curves ? [curvesFigure(execution)] : [];

    const out = await generateObject({
      llm: ctx.llm,
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
      },
      messages: stageMessages(
        ctx.user,
        'a scientific writer',
        `Write a short paper on "${ctx.run.topic}" for readers in ${ctx.user.domain}: a title, an abstract and ` +
          'the sections Introduction, Method, Results, Discussion and Conclusion. Refer to the results table as ' +
          `@tab:${tables[0]!.label.replace(/^tab:/, '')}${figures[0] ? ` and the figure as @fig:${figures[0].label.replace(/^fig:/, '')}` : ''}. ` +
          'Use only numbers from the analysis below, with the same rounding; cite nothing (no sources are available).\n\n' +
          `Hypothesis: ${hypothesis.statement}\nBlueprint: ${JSON.stringify(blueprint)}\nAnalysis: ${JSON.stringify(analysis)}`,
        ctx,
      ),
      signal: ctx.signal,
    });
    ctx.recordUsage(out.usage);

    const draft: PaperDraft = {
      ...out.value,
      authors: [ctx.user.user_id],
      tables,
      figures,
      references: [],
    };
    ctx.trace(
      'draft_written',
      `Drafted "${draft.title}"`,
      `${draft.sections.length} sections, ${tables.length} table(s), ${figures.length} figure(s)`,
    );
    const compiled = await writePaper(draft, join(ctx.runDir, 'paper'), {
      timeoutMs: ctx.config.latexTimeoutMs,
      signal: ctx.signal,
    });
    ctx.trace(
      'compile_finished',
      compiled.compiled ? 'Compiled the paper to PDF' : 'The paper did not compile to PDF',
      compiled.compile_error ?? 'PDF written.',
      { compiled: compiled.compiled },
    );
    return {
      artefacts: { paper_draft: draft, compiled_paper: compiled },
      summary: `Wrote "${draft.title}"${compiled.compiled ? ' and compiled it to PDF' : ' (LaTeX only; no PDF)'}.`,
    };
  },
};

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
