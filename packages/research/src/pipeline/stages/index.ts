import type { PipelineStage } from '../stage.ts';
import { distillStep } from '../distill.ts';
import { ideationStage } from './ideation.ts';
import { planningStage } from './planning.ts';
import { codingStage } from './coding.ts';
import { analysisStage } from './analysis.ts';
import { writingStage } from './writing.ts';
import { reviewStage } from './review.ts';

/** The pipeline's stages, in order; once the paper is written, the run is distilled. */
export const DEFAULT_STAGES: PipelineStage[] = [
  ideationStage,
  planningStage,
  codingStage,
  analysisStage,
  { ...writingStage, after: [distillStep] },
  reviewStage,
];
