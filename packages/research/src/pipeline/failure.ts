// The `error` of a failed run: the stage it stopped in and the cause, in words a researcher
// can act on, short enough for a chat message (model output and tracebacks are clipped).
import { LLMError } from '@hikma/llm';
import type { StageName } from '../domain/artefacts.ts';
import { ResearchError } from '../errors.ts';

const MAX_CAUSE_CHARS = 600;

/** Raised when a stretch of a run's execution passes RESEARCH_RUN_TIMEOUT_MS. */
export class RunTimeoutError extends ResearchError<'run_timeout'> {
  constructor(readonly limitMs: number) {
    super(
      'run_timeout',
      `the run took longer than its limit of ${Math.round(limitMs / 1000)} s and was stopped`,
    );
    this.name = 'RunTimeoutError';
  }
}

/**
 * Raised into a run whose worker's claim on it lapsed: another worker holds the run now and
 * goes on from its last completed stage; this one stops without recording anything.
 */
export class ClaimLapsedError extends ResearchError<'service_stopping'> {
  constructor(reason: string) {
    super('service_stopping', `this worker no longer holds the run: ${reason}`);
    this.name = 'ClaimLapsedError';
  }
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_CAUSE_CHARS ? `${flat.slice(0, MAX_CAUSE_CHARS - 3)}...` : flat;
}

/** The cause of a failure in plain words. */
export function plainCause(err: unknown): string {
  if (err instanceof LLMError) {
    switch (err.code) {
      case 'llm_invalid_output':
        return `the language model's answers could not be used (${clip(err.message)})`;
      case 'llm_rate_limited':
        return `the language model service kept refusing requests as rate-limited (${clip(err.message)})`;
      case 'llm_cancelled':
        return 'the language model request was cancelled';
      default:
        return `the language model service failed or did not answer in time (${clip(err.message)})`;
    }
  }
  if (err instanceof Error) return clip(err.message) || err.name;
  return clip(String(err)) || 'an unknown error';
}

/** `<stage> failed: <cause>`, or the cause alone when no stage had started. */
export function describeFailure(stage: StageName | null, err: unknown): string {
  const cause = plainCause(err);
  return stage ? `${stage} failed: ${cause}` : cause;
}
