/** Base class of errors raised by LLM providers and helpers, with a stable code. */
export class LLMError extends Error {
  constructor(
    readonly code: 'llm_unavailable' | 'llm_invalid_output' | 'llm_cancelled' | 'llm_rate_limited',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LLMError';
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
