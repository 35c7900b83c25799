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

/**
 * What was wrong with the last answer of a structured request: no JSON could be read from
 * it, its JSON did not match the schema, it was cut off at the output token limit
 * (`finish_reason: length`), or it was longer than the caller allows.
 */
export type InvalidOutputReason = 'invalid_json' | 'schema_mismatch' | 'truncated' | 'too_long';

/** The model did not produce output matching the requested schema within the retry budget. */
export class InvalidOutputError extends LLMError {
  constructor(
    message: string,
    readonly attempts: number,
    /** The last answer (at most the caller's output bound, plus one chunk). */
    readonly lastOutput: string,
    readonly reason: InvalidOutputReason = 'schema_mismatch',
  ) {
    super('llm_invalid_output', message);
    this.name = 'InvalidOutputError';
  }
}
