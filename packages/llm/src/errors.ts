/** Base class of errors raised by LLM providers and helpers, with a stable code. */
export class LLMError extends Error {
  /** The HTTP status of the response that caused it, when there was one. */
  readonly status: number | undefined;

  constructor(
    readonly code: 'llm_unavailable' | 'llm_invalid_output' | 'llm_cancelled' | 'llm_rate_limited',
    message: string,
    options?: { cause?: unknown; status?: number | undefined },
  ) {
    super(message, options);
    this.name = 'LLMError';
    this.status = options?.status;
  }
}

/** The model did not produce output matching the requested schema within the retry budget. */
export class InvalidOutputError extends LLMError {
  constructor(
    message: string,
    readonly attempts: number,
    readonly lastOutput: string,
  ) {
    super('llm_invalid_output', message);
    this.name = 'InvalidOutputError';
  }
}
