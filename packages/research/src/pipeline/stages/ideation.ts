import { IdeationArtefacts, type Hypothesis } from '../../domain/artefacts.ts';
import { defineStage, generateForStage } from '../stage.ts';
import { stageMessages } from '../prompts.ts';

/** Weight of novelty against feasibility for each risk preference. */
const NOVELTY_WEIGHT: Record<string, number> = { low: 0.3, medium: 0.5, high: 0.7 };

/** Ideation: candidate hypotheses for the topic, and the one to pursue. */
export const ideationStage = defineStage({
  name: 'ideation',
  needs: [],
  produces: ['ideation'],
  async run(ctx) {
    const { run, user } = ctx;
    const messages = stageMessages(
      user,
      'a research ideation assistant',
      `Topic: "${run.topic}".\nPropose three distinct, testable hypotheses about this topic that a small ` +
        'simulation study on synthetic data could test. Rate each for novelty and feasibility (0 to 1), ' +
        'choose one, and say why.',
      ctx,
    );
    const ideation = await generateForStage(ctx, {
      schema: IdeationArtefacts,
      name: 'ideation_artefacts',
      task: 'research.ideation',
      context: { topic: run.topic, domain: user.domain, revision: ctx.revisionFeedback },
      messages,
    });
    await ctx.trace(
      'hypotheses_generated',
      `Generated ${ideation.hypotheses.length} hypotheses`,
      ideation.hypotheses.map((h) => h.title).join('; '),
      { count: ideation.hypotheses.length },
    );

    // A selection pointing nowhere falls back to the profile-weighted score.
    let selected = ideation.hypotheses.find((h) => h.id === ideation.selected_id);
    if (!selected) {
      selected = bestByProfile(ideation.hypotheses, user.risk_preference);
      ideation.selected_id = selected.id;
      ideation.selection_reason = `Highest weighted novelty and feasibility for a ${user.risk_preference} risk preference.`;
    }
    // Once trained on the user's feedback, the planner's ranking decides (unless the user
    // just asked for a revision, which the model's answer already reflects).
    const ranking = await ctx.planner.rank(user.user_id, user, ideation.hypotheses);
    const top = ranking.ranked[0]?.candidate;
    if (ranking.version > 0 && top && !ctx.revisionFeedback) {
      await ctx.trace(
        'planner_ranked',
        `Your planner (v${ranking.version}) ranked "${top.title}" first`,
        ranking.ranked.map((r) => `${r.candidate.id}: ${r.score.toFixed(2)}`).join(', '),
        {
          version: ranking.version,
          order: ranking.ranked.map((r) => r.candidate.id),
        },
      );
      if (top.id !== selected.id) {
        selected = top;
        ideation.selected_id = top.id;
        ideation.selection_reason = `Preferred by your planner (v${ranking.version}), trained on your earlier feedback.`;
      }
    }
    await ctx.trace('hypothesis_selected', `Selected: ${selected.title}`, selected.statement, {
      hypothesis_id: selected.id,
      reason: ideation.selection_reason,
    });
    return {
      artefacts: { ideation },
      summary: `Selected hypothesis "${selected.title}": ${selected.statement}`,
    };
  },
});

function bestByProfile(hypotheses: Hypothesis[], risk: string): Hypothesis {
  const w = NOVELTY_WEIGHT[risk.toLowerCase()] ?? 0.5;
  const score = (h: Hypothesis) => w * h.novelty + (1 - w) * h.feasibility;
  return hypotheses.reduce((a, b) => (score(b) > score(a) ? b : a));
}

/** The hypothesis the ideation artefact selected. */
export function selectedHypothesis(ideation: IdeationArtefacts): Hypothesis {
  return ideation.hypotheses.find((h) => h.id === ideation.selected_id) ?? ideation.hypotheses[0]!;
}
