import { Blueprint, BlueprintReview } from '../../domain/artefacts.ts';
import { defineStage, generateForStage, unlessFailed, type StageContext } from '../stage.ts';
import { stageMessages, systemPrompt } from '../prompts.ts';
import { selectedHypothesis } from './ideation.ts';

/** Planning: an experiment blueprint, peer-reviewed, revised once if the reviewer asks. */
export const planningStage = defineStage({
  name: 'planning',
  needs: ['ideation'],
  produces: ['blueprint'],
  async run(ctx) {
    const hypothesis = selectedHypothesis(ctx.artefact('ideation'));
    let blueprint = await draftBlueprint(ctx, hypothesis.statement, null);
    await ctx.trace(
      'blueprint_drafted',
      `Drafted blueprint "${blueprint.title}"`,
      blueprint.objective,
      {
        conditions: blueprint.conditions.map((c) => c.name),
        metrics: blueprint.metrics.map((m) => m.name),
      },
    );

    const reviewFailed = {
      kind: 'blueprint_review_failed',
      label: 'The peer review could not be obtained; going on without it',
    };
    let review = await unlessFailed(ctx, reviewFailed, () => reviewBlueprint(ctx, blueprint));
    if (review) {
      await ctx.trace(
        'blueprint_reviewed',
        `Peer review: ${review.verdict} (${review.score}/10)`,
        review.comments.join(' '),
        {
          verdict: review.verdict,
          score: review.score,
        },
      );
    }
    if (review?.verdict === 'revise') {
      blueprint = await draftBlueprint(ctx, hypothesis.statement, review.comments);
      const revised = blueprint;
      review = await unlessFailed(ctx, reviewFailed, () => reviewBlueprint(ctx, revised));
      if (review) {
        await ctx.trace(
          'blueprint_revised',
          `Revised blueprint after review: ${review.verdict} (${review.score}/10)`,
          review.comments.join(' '),
          {
            verdict: review.verdict,
            score: review.score,
          },
        );
      }
    }
    if (review) blueprint = { ...blueprint, review };
    return {
      artefacts: { blueprint },
      summary: `Planned "${blueprint.title}": ${blueprint.conditions.length} conditions, primary metric ${blueprint.primary_metric}, ${blueprint.seeds.length} seeds; ${review ? `peer review ${review.verdict} (${review.score}/10)` : 'no peer review (it could not be obtained)'}.`,
    };
  },
});

async function draftBlueprint(
  ctx: StageContext,
  hypothesis: string,
  reviewComments: string[] | null,
): Promise<Blueprint> {
  const task =
    `Hypothesis: "${hypothesis}" (topic "${ctx.run.topic}").\n` +
    'Design a small simulation experiment on synthetic data that tests it. The FIRST condition is the ' +
    'proposed approach; the others are baselines or ablations. Give snake_case names for conditions and ' +
    'metrics, the primary metric (one of the metrics), 3 to 5 random seeds, the procedure as steps, the ' +
    'expected outcome and the risks.' +
    (reviewComments
      ? `\n\nA peer reviewer asked for these changes:\n- ${reviewComments.join('\n- ')}`
      : '');
  const blueprint = await generateForStage(ctx, {
    schema: Blueprint,
    name: 'blueprint',
    task: 'research.blueprint',
    context: {
      topic: ctx.run.topic,
      domain: ctx.user.domain,
      hypothesis,
      review: reviewComments,
      revision: ctx.revisionFeedback,
    },
    messages: stageMessages(ctx.user, 'an experiment planner', task, ctx),
  });
  if (!blueprint.metrics.some((m) => m.name === blueprint.primary_metric)) {
    blueprint.primary_metric = blueprint.metrics[0]!.name;
  }
  return blueprint;
}

async function reviewBlueprint(ctx: StageContext, blueprint: Blueprint): Promise<BlueprintReview> {
  return generateForStage(ctx, {
    schema: BlueprintReview,
    name: 'blueprint_review',
    task: 'research.blueprint_review',
    context: { blueprint, domain: ctx.user.domain, strictness: ctx.user.baseline_strictness },
    messages: [
      {
        role: 'system',
        content: systemPrompt(ctx.user, 'a critical peer reviewer of experiment plans'),
      },
      {
        role: 'user',
        content:
          `Review this experiment blueprint with "${ctx.user.baseline_strictness}" strictness about baselines. ` +
          'Check that the conditions isolate the hypothesis, that baselines are fair, and that the metrics and ' +
          `seeds are adequate. Verdict "accept" or "revise", a score 1-10, and concrete comments.\n\n${JSON.stringify(blueprint, null, 2)}`,
      },
    ],
  });
}
