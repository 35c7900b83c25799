/** Errors the pipeline raises towards the HTTP layer, each with a stable code. */
export class PipelineError extends Error {
  constructor(
    readonly code: 'user_not_found' | 'run_not_found' | 'run_not_awaiting_feedback',
    message: string,
  ) {
    super(message);
    this.name = 'PipelineError';
  }
}
