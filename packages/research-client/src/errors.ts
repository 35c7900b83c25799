/**
 * A failure of a call: the service's answer (`status` and its `detail` message), or the
 * client's own (`status` 0): `network_error` when the service cannot be reached, `aborted`.
 */
export class ResearchApiError extends Error {
  constructor(
    /** The HTTP status; 0 when there was no answer. */
    readonly status: number,
    /** The service's `detail`, or the first validation item as `<field>: <message>`. */
    readonly detail: string,
    /** `http_<status>`, `network_error`, `invalid_response` or `aborted`. */
    readonly code: string = `http_${status}`,
    /** The error body as the service sent it. */
    readonly body?: unknown,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'ResearchApiError';
  }
}

/** The message of an error body: a string `detail`, or the first validation item's. */
export function detailOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail) && detail.length > 0) {
      const first = detail[0] as { loc?: unknown[]; msg?: string };
      const where = first.loc?.slice(1).join('.');
      return where ? `${where}: ${first.msg ?? 'invalid'}` : (first.msg ?? fallback);
    }
  }
  return typeof body === 'string' && body ? body : fallback;
}

/** A failed `fetch` (no answer) as a {@link ResearchApiError}. */
export function networkError(err: unknown, where: string, signal?: AbortSignal): ResearchApiError {
  if (signal?.aborted || (err as Error)?.name === 'AbortError') {
    return new ResearchApiError(0, 'the request was aborted', 'aborted', undefined, { cause: err });
  }
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (err as Error).message;
  return new ResearchApiError(
    0,
    `cannot reach the research service at ${where}: ${why}`,
    'network_error',
    undefined,
    { cause: err },
  );
}
