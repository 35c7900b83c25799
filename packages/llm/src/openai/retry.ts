import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  OpenAIError,
} from 'openai';

/** How failed requests are retried. All durations are milliseconds. */
export interface RetryPolicy {
  /** Retries after the first attempt (default 4, so at most 5 attempts). */
  maxRetries: number;
  /** Backoff base: attempt n waits a random time in [0, min(maxDelayMs, baseDelayMs * 2^n)]. */
  baseDelayMs: number;
  /** Upper bound of one backoff wait (default 20 s). */
  maxDelayMs: number;
  /** Upper bound of a wait a server asks for with `Retry-After` / `retry-after-ms` (default 60 s). */
  maxRetryAfterMs: number;
  /** Source of jitter in [0, 1); injectable so tests are deterministic. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

/** Exponential backoff with full jitter for retry number `retry` (0 for the first retry). */
export function backoffDelayMs(retry: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(policy.random() * ceiling);
}

/**
 * The wait a response asks for: `retry-after-ms` (milliseconds, a non-standard header OpenAI
 * and Azure send) or `Retry-After` (seconds or an HTTP date). Undefined when absent or invalid.
 */
export function retryAfterMs(
  headers: Headers | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(after)) return Number(after) * 1000;
  const date = Date.parse(after);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Statuses worth another attempt: request timeout, conflict/lock, rate limit, server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** What went wrong with one attempt, in the terms the retry loop needs. */
export interface AttemptFailure {
  kind: 'status' | 'connection' | 'timeout' | 'stream' | 'other';
  /** HTTP status, for `kind: 'status'`. */
  status?: number;
  /** The server's message (or the transport's), for logs and the thrown error. */
  message: string;
  /** Another attempt may succeed (only used while nothing has been yielded yet). */
  retryable: boolean;
  /** A 429: exhausting retries on it becomes `llm_rate_limited`. */
  rateLimited: boolean;
  /** The wait the server asked for, uncapped. */
  retryAfterMs?: number;
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
