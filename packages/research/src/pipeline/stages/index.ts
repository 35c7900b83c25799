import type { Stage } from '../stage.ts';
import { ideationStage } from './ideation.ts';
import { planningStage } from './planning.ts';
import { codingStage } from './coding.ts';
import { analysisStage } from './analysis.ts';
import { writingStage } from './writing.ts';
import { reviewStage } from './review.ts';

/** The pipeline's stages, in order. */
export const DEFAULT_STAGES: Stage[] = [
  ideationStage,
  planningStage,
  codingStage,
  analysisStage,
  writingStage,
  reviewStage,
];
