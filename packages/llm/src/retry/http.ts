// What HTTP says about retrying: which statuses are worth another attempt and how long the
// server asks to wait.

/** Statuses worth another attempt: request timeout, conflict/lock, rate limit, server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * A `Retry-After` value in milliseconds: seconds (`"2"`, `"0.5"`) or an HTTP date (a past
 * date is 0). Undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait a response asks for: `retry-after-ms` (milliseconds, a non-standard header OpenAI
 * and Azure send) or `Retry-After`. Undefined when absent or invalid.
 */
export function retryAfterMs(
  headers: Headers | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms) {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  return parseRetryAfter(headers.get('retry-after'), now);
}
