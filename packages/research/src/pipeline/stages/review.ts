import { generateObject } from '@hikma/llm';
import { Review, type AnalysisReport, type PaperDraft } from '../artefacts.ts';
import type { Stage } from '../stage.ts';
import { systemPrompt } from '../prompts.ts';

/** Review: a structured, conference-style review of the written paper. */
export const reviewStage: Stage = {
  name: 'review',
  async run(ctx) {
    const draft = ctx.artefact<PaperDraft>('paper_draft');
    const analysis = ctx.artefact<AnalysisReport>('analysis');
    const out = await generateObject({
      llm: ctx.llm,
      schema: Review,
      name: 'review',
      task: 'research.review',
      context: {
        draft,
        analysis,
        domain: ctx.user.domain,
        strictness: ctx.user.baseline_strictness,
      },
      messages: [
        {
          role: 'system',
          content: systemPrompt(ctx.user, 'an expert reviewer for a venue in this field'),
        },
        {
          role: 'user',
          content:
            'Review this paper: a summary, strengths, weaknesses, soundness, presentation and contribution ' +
            '(1-4 each), an overall score (1-10), your confidence (1-5) and a decision. Judge the claims against ' +
            `the analysis.\n\nPaper: ${JSON.stringify(draft)}\n\nAnalysis: ${JSON.stringify(analysis)}`,
        },
      ],
      signal: ctx.signal,
    });
    ctx.recordUsage(out.usage);
    const review = out.value;
    ctx.trace(
      'review_written',
      `Review: ${review.overall}/10, ${review.decision.replace('_', ' ')}`,
      review.summary,
      {
        overall: review.overall,
        decision: review.decision,
      },
    );
    return {
      artefacts: { review },
      summary: `Review: overall ${review.overall}/10 (${review.decision.replace('_', ' ')}), confidence ${review.confidence}/5.`,
    };
  },
};
