export {
  Planner,
  type PlannerDeps,
  type PlannerStatus,
  type PlannerTrainResult,
  type RankedCandidate,
} from './planner.ts';
export { PlannerError } from './errors.ts';
export {
  extractFeatures,
  profilePrior,
  FEATURE_DIM,
  FEATURE_VERSION,
  type Candidate,
  type HypothesisCandidate,
  type BlueprintCandidate,
  type PlannerProfile,
} from './features.ts';
export {
  PreferenceModel,
  MODEL_SCHEMA_VERSION,
  type PreferencePair,
  type TrainOptions,
  type TrainReport,
} from './preference-model.ts';
export {
  interpretFeedback,
  feedbackToPairs,
  ideationCandidates,
  type CandidateSet,
  type CandidateLoader,
  type Interpretation,
  type PairRule,
} from './feedback-to-pairs.ts';
export type { PlannerMetrics, PlannerModelInfo } from '../store/contract.ts';
