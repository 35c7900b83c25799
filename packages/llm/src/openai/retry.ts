import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  OpenAIError,
} from 'openai';
import { isRetryableStatus, retryAfterMs } from '../retry/http.ts';
import type { RetryPolicy, RetryableFailure } from '../retry/policy.ts';

/** The LLM client's retry policy: full jitter, and a long `Retry-After` is waited for up to 60 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  jitter: 'full',
  maxRetryAfterMs: 60_000,
  beyondMaxRetryAfter: 'cap',
  random: Math.random,
};

/** What went wrong with one attempt, in the terms the retry loop needs. */
export interface AttemptFailure extends RetryableFailure {
  kind: 'status' | 'connection' | 'timeout' | 'stream' | 'other';
  /** HTTP status, for `kind: 'status'`. */
  status?: number;
  /** The server's message (or the transport's), for logs and the thrown error. */
  message: string;
  /** A 429: exhausting retries on it becomes `llm_rate_limited`. */
  rateLimited: boolean;
  cause: unknown;
}

/**
 * Classifies an error thrown by the SDK or by reading its stream. `timedOut` says our own
 * timer aborted the attempt (the SDK then reports a user abort).
 */
export function classifyFailure(
  err: unknown,
  timedOut: boolean,
  timeoutMs: number,
): AttemptFailure {
  if (timedOut || err instanceof APIConnectionTimeoutError) {
    return {
      kind: 'timeout',
      message: `no response from the server for ${timeoutMs} ms`,
      retryable: true,
      rateLimited: false,
      cause: err,
    };
  }
  if (err instanceof APIConnectionError) {
    const cause = (err as { cause?: unknown }).cause;
    return {
      kind: 'connection',
      message: `connection failed: ${describe(cause) || err.message}`,
      retryable: true,
      rateLimited: false,
      cause: err,
    };
  }
  if (err instanceof APIUserAbortError) {
    return {
      kind: 'other',
      message: 'request aborted',
      retryable: false,
      rateLimited: false,
      cause: err,
    };
  }
  if (err instanceof APIError) {
    const message = serverMessage(err);
    if (err.status === undefined) {
      // An `error` object sent inside the event stream after a 200.
      return { kind: 'stream', message, retryable: false, rateLimited: false, cause: err };
    }
    const status = err.status;
    const quota = status === 429 && err.code === 'insufficient_quota';
    const refused = err.headers?.get('x-should-retry') === 'false';
    return {
      kind: 'status',
      status,
      message,
      retryable: isRetryableStatus(status) && !quota && !refused,
      rateLimited: status === 429 && !quota,
      retryAfterMs: retryAfterMs(err.headers),
      cause: err,
    };
  }
  if (err instanceof OpenAIError || err instanceof SyntaxError) {
    // Client-side problems (no token, unparsable chunk): another attempt would not help.
    // Token providers have their own retries (@azure/identity does).
    const message = describe(err).replace(
      /^Failed to get token from 'apiKey' function: /,
      'could not get an access token: ',
    );
    return { kind: 'other', message, retryable: false, rateLimited: false, cause: err };
  }
  // Anything else came from the transport while reading the body (undici's "terminated",
  // ECONNRESET, ...): the connection broke.
  return {
    kind: 'connection',
    message: `connection lost: ${describe(err)}`,
    retryable: true,
    rateLimited: false,
    cause: err,
  };
}

/** The message the server put in its error body, without the SDK's status prefix. */
function serverMessage(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string' && body.message) return body.message;
  if (err.status !== undefined && err.message.startsWith(`${err.status} `))
    return err.message.slice(String(err.status).length + 1);
  return err.message;
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return err === undefined ? '' : String(err);
  const cause = (err as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? cause.message : '';
  return inner && !err.message.includes(inner) ? `${err.message} (${inner})` : err.message;
}
