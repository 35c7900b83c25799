import { z } from 'zod';
import { TEXT_LIMITS, type AnalysisReport, type Blueprint } from '../../domain/artefacts.ts';
import { ResearchError } from '../../errors.ts';
import { defineStage, generateForStage } from '../stage.ts';
import { stageMessages } from '../prompts.ts';
import { confidenceInterval95, mean, std, welchTTest } from '../stats.ts';

const AnalysisText = z.object({
  summary: z.string().min(1).max(TEXT_LIMITS.paragraph),
  findings: z.array(z.string().min(1).max(TEXT_LIMITS.sentence)).min(1).max(20),
});

/**
 * Analysis: statistics are computed here from the execution result (never by the LLM);
 * the LLM only puts them into words.
 */
export const analysisStage = defineStage({
  name: 'analysis',
  needs: ['blueprint', 'execution'],
  produces: ['analysis'],
  async run(ctx) {
    const blueprint = ctx.artefact('blueprint');
    const execution = ctx.artefact('execution');
    if (!execution.results)
      throw new ResearchError('results_missing', 'the execution result has no results to analyse');
    const facts = computeFacts(blueprint, execution.results.conditions);
    await ctx.trace(
      'statistics_computed',
      'Computed statistics from the experiment',
      facts.comparison ?? 'No comparison possible.',
      {
        best_condition: facts.best_condition,
        p_value: facts.p_value,
      },
    );

    const out = await generateForStage(ctx, {
      schema: AnalysisText,
      name: 'analysis_text',
      task: 'research.analysis',
      context: { blueprint, facts },
      messages: stageMessages(
        ctx.user,
        'a careful data analyst',
        'Summarise what these results show about the hypothesis in two or three sentences, then list the key ' +
          'findings. Use only numbers that appear in the statistics below, with the same rounding.\n\n' +
          `Hypothesis: ${blueprint.hypothesis}\nStatistics:\n${JSON.stringify(facts, null, 2)}`,
        ctx,
      ),
    });
    const report: AnalysisReport = {
      summary: out.summary,
      findings: out.findings,
      statistics: facts.statistics,
      best_condition: facts.best_condition,
      hypothesis_supported: facts.hypothesis_supported,
    };
    return { artefacts: { analysis: report }, summary: report.summary };
  },
});

export interface AnalysisFacts {
  primary_metric: string;
  higher_is_better: boolean;
  proposed_condition: string;
  statistics: AnalysisReport['statistics'];
  best_condition: string | null;
  runner_up: string | null;
  p_value: number | null;
  hypothesis_supported: boolean | null;
  comparison: string | null;
}

/** Means, standard deviations and a Welch test of the proposed condition against the best other one. */
export function computeFacts(
  blueprint: Blueprint,
  conditions: Record<string, Record<string, number[]>>,
): AnalysisFacts {
  const statistics: AnalysisReport['statistics'] = [];
  for (const [condition, metrics] of Object.entries(conditions)) {
    for (const [metric, values] of Object.entries(metrics)) {
      const [low, high] = confidenceInterval95(values);
      statistics.push({
        condition,
        metric,
        mean: round(mean(values)),
        std: round(std(values)),
        n: values.length,
        ci95: [round(low), round(high)],
      });
    }
  }
  const primary = blueprint.primary_metric;
  const higher = blueprint.metrics.find((m) => m.name === primary)?.higher_is_better ?? true;
  const proposed = blueprint.conditions[0]!.name;
  const ranked = statistics
    .filter((s) => s.metric === primary)
    .sort((a, b) => (higher ? b.mean - a.mean : a.mean - b.mean));
  const best = ranked[0]?.condition ?? null;
  const bestOther = ranked.find((s) => s.condition !== proposed)?.condition ?? null;
  let p: number | null = null;
  let supported: boolean | null = null;
  let comparison: string | null = null;
  const a = conditions[proposed]?.[primary];
  const b = bestOther ? conditions[bestOther]?.[primary] : undefined;
  if (a && b && a.length > 1 && b.length > 1) {
    const test = welchTTest(a, b);
    p = round(test.p);
    const better = higher ? mean(a) > mean(b) : mean(a) < mean(b);
    supported = better && test.p < 0.05;
    comparison =
      `${proposed} ${round(mean(a))} ± ${round(std(a))} vs ${bestOther} ${round(mean(b))} ± ${round(std(b))} ` +
      `on ${primary} (Welch t = ${round(test.t)}, p = ${p}).`;
  }
  return {
    primary_metric: primary,
    higher_is_better: higher,
    proposed_condition: proposed,
    statistics,
    best_condition: best,
    runner_up: bestOther,
    p_value: p,
    hypothesis_supported: supported,
    comparison,
  };
}

/** Rounds to 4 significant digits so the numbers in text and tables agree. */
export function round(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  return Number(x.toPrecision(4));
}
