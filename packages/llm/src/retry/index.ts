export { backoffDelayMs, decideRetry } from './policy.ts';
export type { GiveUpReason, RetryDecision, RetryPolicy, RetryableFailure } from './policy.ts';
export { isRetryableStatus, parseRetryAfter, retryAfterMs } from './http.ts';
export { RetryError, retrying, retryingStream } from './retrying.ts';
export type { RetryEvent, RetryOptions, StreamRetryOptions } from './retrying.ts';
