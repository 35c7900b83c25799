// How long to wait before the next attempt, and whether there is one: the part of retrying
// that every caller shares, whatever its transport.

/** How failed attempts are retried. All durations are milliseconds. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Backoff before retry n (from 0) grows as `baseDelayMs * 2^n`. */
  baseDelayMs: number;
  /** Upper bound of one backoff wait. */
  maxDelayMs: number;
  /**
   * `'full'`: a random wait in [0, min(maxDelayMs, baseDelayMs * 2^n)] ("full jitter", which
   * spreads clients that failed together the most). A number j in (0, 1]: the exponential
   * wait times a random factor in [1 - j, 1 + j], then capped at `maxDelayMs`.
   */
  jitter: 'full' | number;
  /** Longest wait the policy accepts, whether a server asked for it (`Retry-After`) or not. */
  maxRetryAfterMs: number;
  /** A longer wait is cut to `maxRetryAfterMs` (`'cap'`) or ends the retries (`'give-up'`). */
  beyondMaxRetryAfter: 'cap' | 'give-up';
  /** Source of jitter in [0, 1); injectable so tests are deterministic. */
  random: () => number;
}

/** What the policy needs to know about a failed attempt. */
export interface RetryableFailure {
  /** Another attempt may succeed (a 5xx, 408, 429, a dropped connection, …). */
  retryable: boolean;
  /** The wait the server asked for (`Retry-After`), uncapped. */
  retryAfterMs?: number;
  /**
   * Try again at once without using up a retry: the next attempt sends a different request
   * (a fallback the server may accept), so no backoff is owed.
   */
  immediate?: boolean;
}

/** Why there is no further attempt. */
export type GiveUpReason = 'not_retryable' | 'exhausted' | 'wait_too_long';

export type RetryDecision =
  { retry: true; delayMs: number } | { retry: false; reason: GiveUpReason; waitMs?: number };

/** Exponential backoff with jitter for retry number `retry` (0 for the first retry). */
export function backoffDelayMs(
  retry: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'> &
    Partial<Pick<RetryPolicy, 'jitter'>>,
): number {
  const exponential = policy.baseDelayMs * 2 ** retry;
  const jitter = policy.jitter ?? 'full';
  if (jitter === 'full')
    return Math.floor(policy.random() * Math.min(policy.maxDelayMs, exponential));
  const factor = 1 - jitter + 2 * jitter * policy.random();
  return Math.min(policy.maxDelayMs, Math.round(exponential * factor));
}

/**
 * Whether a failure gets another attempt after `retries` retries, and the wait before it:
 * the server's `Retry-After` when it sent one, else the backoff.
 */
export function decideRetry(
  failure: RetryableFailure,
  retries: number,
  policy: RetryPolicy,
): RetryDecision {
  if (!failure.retryable) return { retry: false, reason: 'not_retryable' };
  if (failure.immediate) return { retry: true, delayMs: 0 };
  if (retries >= policy.maxRetries) return { retry: false, reason: 'exhausted' };
  const waitMs = failure.retryAfterMs ?? backoffDelayMs(retries, policy);
  if (waitMs <= policy.maxRetryAfterMs) return { retry: true, delayMs: waitMs };
  if (policy.beyondMaxRetryAfter === 'cap') return { retry: true, delayMs: policy.maxRetryAfterMs };
  return { retry: false, reason: 'wait_too_long', waitMs };
}
