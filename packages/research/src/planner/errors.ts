/** Errors the planner raises towards the HTTP layer, each with a stable code. */
export class PlannerError extends Error {
  constructor(
    readonly code: 'user_not_found' | 'model_version_unsupported' | 'model_invalid',
    message: string,
  ) {
    super(message);
    this.name = 'PlannerError';
  }
}
