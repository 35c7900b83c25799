import { ResearchError } from '../errors.ts';

export type PlannerErrorCode = 'user_not_found' | 'model_version_unsupported' | 'model_invalid';

/** Errors the planner raises; their codes and HTTP statuses are in the service's registry. */
export class PlannerError extends ResearchError<PlannerErrorCode> {
  constructor(code: PlannerErrorCode, message: string) {
    super(code, message);
    this.name = 'PlannerError';
  }
}
