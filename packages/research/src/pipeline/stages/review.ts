import { z } from 'zod';
import {
  Review,
  type AnalysisReport,
  type PaperDraft,
  type PersonaReview,
  type ReviewBundle,
} from '../../domain/artefacts.ts';
import { defineStage, generateForStage, unlessFailed, type StageContext } from '../stage.ts';
import { plainCause } from '../failure.ts';
import { systemPrompt } from '../prompts.ts';

/** Reviewer personas: each looks at the paper from a different angle. */
export const REVIEWER_PERSONAS = [
  {
    id: 'methodologist',
    brief:
      'a methodologist who checks the experimental design, baselines, statistics and whether the claims follow from the data',
  },
  {
    id: 'domain_expert',
    brief:
      'a senior expert in the field who judges significance, novelty and how the work relates to what the field knows',
  },
  {
    id: 'clarity',
    brief:
      'a careful reader who judges clarity, structure, figures and tables, and whether the work could be reproduced',
  },
] as const;

const MetaText = z.object({ summary: z.string().min(1) });

/**
 * Review: several conference-style reviews from different personas, aggregated by a
 * meta-review (scores averaged; the decision follows the average; disagreement is noted).
 */
export const reviewStage = defineStage({
  name: 'review',
  needs: ['paper_draft', 'analysis'],
  produces: ['review'],
  async run(ctx) {
    const draft = ctx.artefact('paper_draft');
    const analysis = ctx.artefact('analysis');
    const reviews: PersonaReview[] = [];
    let lastError: unknown = null;
    for (const persona of REVIEWER_PERSONAS) {
      // One reviewer's failure leaves the others; with none the stage fails.
      let review: Review;
      try {
        review = await reviewAs(ctx, persona, draft, analysis);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        lastError = err;
        await ctx.trace(
          'review_failed',
          `The ${persona.id.replace('_', ' ')} could not review the paper`,
          plainCause(err),
          { persona: persona.id },
        );
        continue;
      }
      reviews.push({ ...review, persona: persona.id });
      await ctx.trace(
        'review_written',
        `Review by the ${persona.id.replace('_', ' ')}: ${review.overall}/10`,
        review.summary,
        {
          persona: persona.id,
          overall: review.overall,
          decision: review.decision,
        },
      );
    }
    if (reviews.length === 0) throw lastError;
    const overall = round1(reviews.reduce((s, r) => s + r.overall, 0) / reviews.length);
    const spread =
      Math.max(...reviews.map((r) => r.overall)) - Math.min(...reviews.map((r) => r.overall));
    const consensus = spread <= 1 ? 'agree' : spread <= 3 ? 'mixed' : 'split';
    const meta = (await unlessFailed(
      ctx,
      { kind: 'meta_review_failed', label: 'The meta-review could not be written' },
      () =>
        generateForStage(ctx, {
          schema: MetaText,
          name: 'meta_review',
          task: 'research.meta_review',
          context: { reviews, overall, consensus },
          messages: [
            {
              role: 'system',
              content: systemPrompt(ctx.user, 'the area chair of a venue in this field'),
            },
            {
              role: 'user',
              content:
                `Write a short meta-review (3-5 sentences) that weighs these ${reviews.length} reviews, names the main ` +
                `strengths and the weaknesses that matter most, and says what would change the assessment. Average ` +
                `score ${overall}/10; reviewers ${consensus === 'agree' ? 'agree' : consensus === 'mixed' ? 'partly disagree' : 'disagree'}.\n\n` +
                JSON.stringify(reviews),
            },
          ],
        }),
    )) ?? {
      summary: `The meta-review could not be written; the ${reviews.length} review(s) average ${overall}/10.`,
    };
    const bundle: ReviewBundle = {
      reviews,
      meta: { summary: meta.summary, overall, decision: decisionFor(overall), consensus },
    };
    await ctx.trace(
      'meta_review_written',
      `Meta-review: ${overall}/10, ${bundle.meta.decision.replace('_', ' ')}`,
      bundle.meta.summary,
      {
        overall,
        decision: bundle.meta.decision,
        consensus,
      },
    );
    return {
      artefacts: { review: bundle },
      summary: `Reviewed by ${reviews.length} reviewers: average ${overall}/10 (${bundle.meta.decision.replace('_', ' ')}), ${consensus === 'agree' ? 'in agreement' : `${consensus} opinions`}. ${bundle.meta.summary}`,
    };
  },
});

async function reviewAs(
  ctx: StageContext,
  persona: (typeof REVIEWER_PERSONAS)[number],
  draft: PaperDraft,
  analysis: AnalysisReport,
): Promise<Review> {
  return generateForStage(ctx, {
    schema: Review,
    name: 'review',
    task: 'research.review',
    context: {
      draft,
      analysis,
      persona: persona.id,
      domain: ctx.user.domain,
      strictness: ctx.user.baseline_strictness,
    },
    messages: [
      {
        role: 'system',
        content: `${systemPrompt(ctx.user, 'a reviewer for a venue in this field')}\nYou review as ${persona.brief}.`,
      },
      {
        role: 'user',
        content:
          'Review this paper NeurIPS-style: a summary, strengths, weaknesses, soundness, presentation and ' +
          'contribution (1-4 each), an overall score (1-10), your confidence (1-5) and a decision. Judge the claims ' +
          `against the analysis.\n\nPaper: ${JSON.stringify(draft)}\n\nAnalysis: ${JSON.stringify(analysis)}`,
      },
    ],
  });
}

/** The decision that goes with an average overall score. */
export function decisionFor(overall: number): Review['decision'] {
  if (overall >= 7.5) return 'accept';
  if (overall >= 6) return 'weak_accept';
  if (overall >= 5) return 'borderline';
  if (overall >= 3.5) return 'weak_reject';
  return 'reject';
}

const round1 = (x: number) => Math.round(x * 10) / 10;
