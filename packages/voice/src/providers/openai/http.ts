import { decideRetry, retryAfterMs } from '@hikma/llm';
import type { RetryPolicy } from '@hikma/llm';

/** Connection and retry settings shared by the OpenAI-compatible speech adapters. */
export interface OpenAIHttpOptions {
  /** API root, e.g. `http://127.0.0.1:8000/v1`; `/audio/...` is appended. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>` when set (self-hosted servers often need none). */
  apiKey?: string;
  /** Further request headers (an organisation, a gateway's own key header). */
  headers?: Record<string, string>;
  /** Retries after 408, 429, 5xx or a failed connection; other 4xx are never retried. */
  maxRetries?: number;
  /** First backoff; it doubles per retry (±25 % jitter) unless the server sends Retry-After. */
  retryBaseDelayMs?: number;
  /** Longest wait before a retry; a Retry-After beyond it fails at once instead. */
  maxRetryDelayMs?: number;
  /** The fetch to use (default: Node's global fetch, i.e. undici), e.g. one with a proxy dispatcher. */
  fetch?: typeof fetch;
}

/** Why an attempt failed: decides whether it is retried and what the error says. */
export type FailureKind = 'status' | 'timeout' | 'network' | 'response';

/** One failed attempt at a request. Messages never contain the URL or the key. */
export class RequestFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'RequestFailure';
  }

  /**
   * Connection failures, 408, 429 and 5xx. A timeout is not retried: the timeout is the
   * budget of a spoken turn, and a server that hung once is likely to hang again.
   */
  get retryable(): boolean {
    if (this.kind === 'network') return true;
    const s = this.details.status;
    return this.kind === 'status' && s !== undefined && (s === 408 || s === 429 || s >= 500);
  }

  /** The wait the server asked for (`Retry-After`), if it did. */
  get retryAfterMs(): number | undefined {
    return this.details.retryAfterMs;
  }
}

/**
 * The life of one attempt: its abort controller (tied to the caller's signal) and a timer the
 * caller arms while it waits on the server. Aborting it closes the connection at once.
 */
export class Attempt {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly onOuterAbort = () => this.controller.abort();
  timedOut = false;

  constructor(
    private readonly outer: AbortSignal | undefined,
    readonly timeoutMs: number,
  ) {
    // A listener rather than AbortSignal.any: the outer signal lives as long as a session.
    if (outer?.aborted) this.controller.abort();
    else outer?.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True when the caller, not the timer, stopped the attempt. */
  get cancelled(): boolean {
    return this.outer?.aborted === true;
  }

  /** Starts (or restarts) the countdown of a wait on the server. */
  arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.timeoutMs);
  }

  /** Stops the countdown (while the reader, not the server, is the slow side). */
  disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Ends the attempt: clears the timer, aborts the request if it is still open. */
  close(): void {
    this.disarm();
    this.outer?.removeEventListener('abort', this.onOuterAbort);
    this.controller.abort();
  }
}

const ERROR_BODY_BYTES = 8 * 1024;
const MESSAGE_CHARS = 300;

/**
 * A tiny client for one OpenAI-compatible server on plain fetch, so that retries (only before
 * audio was used), the timer (per wait, not per response) and abort are ours to decide.
 */
export class OpenAIHttp {
  readonly maxRetries: number;
  /**
   * For the shared retry loop: backoff doubling from `retryBaseDelayMs` with ±25 % jitter,
   * capped at `maxRetryDelayMs`; a longer Retry-After fails at once (a turn cannot wait).
   */
  readonly retryPolicy: RetryPolicy;
  private readonly base: string;
  private readonly baseHeaders: Record<string, string>;
  private readonly fetch: typeof fetch;

  constructor(
    options: OpenAIHttpOptions,
    /** What the server does, for messages: "speech recognition", "speech synthesis". */
    readonly service: string,
  ) {
    const url = new URL(options.baseURL); // throws on a malformed URL, at startup
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError(`baseURL must be http(s), got ${url.protocol}`);
    this.base = url.href.replace(/\/+$/, '');
    this.baseHeaders = { ...options.headers };
    if (options.apiKey) this.baseHeaders.authorization = `Bearer ${options.apiKey}`;
    this.maxRetries = options.maxRetries ?? 2;
    const maxRetryDelayMs = options.maxRetryDelayMs ?? 5000;
    this.retryPolicy = {
      maxRetries: this.maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? 250,
      maxDelayMs: maxRetryDelayMs,
      jitter: 0.25,
      maxRetryAfterMs: maxRetryDelayMs,
      beyondMaxRetryAfter: 'give-up',
      random: Math.random,
    };
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * Sends one attempt and resolves with a 2xx response (its timer still armed); anything else
   * throws a {@link RequestFailure}, or the abort error when the caller's signal fired.
   */
  async open(
    path: string,
    init: { body: string | FormData; headers?: Record<string, string> },
    attempt: Attempt,
  ): Promise<Response> {
    attempt.arm();
    let res: Response;
    try {
      res = await this.fetch(`${this.base}${path}`, {
        method: 'POST',
        body: init.body,
        headers: { ...this.baseHeaders, ...init.headers },
        signal: attempt.signal,
      });
    } catch (err) {
      throw this.failure(err, attempt);
    }
    if (res.ok) return res;
    let text = '';
    try {
      text = (await readBody(res, ERROR_BODY_BYTES, attempt.signal, true)).toString('utf8');
    } catch {
      // the status says enough
    }
    const message = serverMessage(text);
    throw new RequestFailure(
      'status',
      `${this.service} server answered ${res.status}${message ? `: ${message}` : ''}`,
      { status: res.status, retryAfterMs: parseRetryAfter(res.headers) },
    );
  }

  /** Classifies what an attempt threw (abort errors of the caller pass through unchanged). */
  failure(err: unknown, attempt: Attempt): unknown {
    if (err instanceof RequestFailure || attempt.cancelled) return err;
    if (attempt.timedOut) {
      return new RequestFailure(
        'timeout',
        `${this.service} server did not answer within ${attempt.timeoutMs} ms`,
        { cause: err },
      );
    }
    return new RequestFailure(
      'network',
      `cannot reach the ${this.service} server (${networkReason(err)})`,
      { cause: err },
    );
  }

  /** The wait before retry number `retry` (0-based), or undefined when it must not be retried. */
  retryDelayMs(failure: RequestFailure, retry: number, random = Math.random()): number | undefined {
    const decision = decideRetry(failure, retry, { ...this.retryPolicy, random: () => random });
    return decision.retry ? decision.delayMs : undefined;
  }

  /** The retry loop's options for this server: its policy, its failures, the caller's signal. */
  retryOptions(signal: AbortSignal | undefined) {
    return {
      policy: this.retryPolicy,
      classify: (err: unknown) => (err instanceof RequestFailure ? err : undefined),
      ...(signal ? { signal } : {}),
    };
  }
}

/**
 * Reads a response body up to `maxBytes`; beyond that it throws a `response` failure, or
 * with `truncate` returns what it has. Uint8Array chunks become one Buffer.
 */
export async function readBody(
  res: Response,
  maxBytes: number,
  signal: AbortSignal,
  truncate = false,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await readChunk(reader, signal);
      if (done) break;
      const chunk = toBuffer(value);
      if (total + chunk.length > maxBytes) {
        if (!truncate)
          throw new RequestFailure('response', `response larger than ${maxBytes} bytes`);
        chunks.push(chunk.subarray(0, maxBytes - total));
        break;
      }
      chunks.push(chunk);
      total += chunk.length;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks);
}

/**
 * The next chunk of a body, or the abort error as soon as `signal` fires: undici (Node 20)
 * leaves a read pending forever when the request is aborted after the whole body arrived.
 */
export function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal: AbortSignal,
): ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    reader
      .read()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** A fetch body chunk as a Buffer, without copying. */
export function toBuffer(chunk: Uint8Array): Buffer {
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** `retry-after-ms` (OpenAI's) or `Retry-After` (seconds or an HTTP date), in ms. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  return retryAfterMs(headers, now);
}

/**
 * The human part of an error body: OpenAI's `{error: {message}}`, FastAPI's `{detail}`,
 * `{error: "..."}`, `{message}`, or the text itself; one line, bounded.
 */
export function serverMessage(body: string): string {
  let message = body;
  try {
    const json = JSON.parse(body) as unknown;
    message = pickMessage(json) ?? body;
  } catch {
    // not JSON: the text is the message
  }
  message = message.replace(/\s+/g, ' ').trim();
  return message.length > MESSAGE_CHARS ? `${message.slice(0, MESSAGE_CHARS)}…` : message;
}

function pickMessage(json: unknown): string | undefined {
  if (typeof json === 'string') return json;
  if (typeof json !== 'object' || json === null) return undefined;
  const o = json as Record<string, unknown>;
  for (const key of ['error', 'detail', 'message']) {
    const v = o[key];
    if (typeof v === 'string') return v;
    if (Array.isArray(v)) {
      const parts = v.map((x) => pickMessage(x) ?? (x as { msg?: unknown })?.msg);
      const texts = parts.filter((x): x is string => typeof x === 'string');
      if (texts.length > 0) return texts.join('; ');
    }
    if (typeof v === 'object' && v !== null) {
      const inner = pickMessage(v);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

// undici reports "fetch failed" with the real reason (ECONNREFUSED, "other side closed") in
// `cause`; only its code goes into the message, which may reach a client.
function networkReason(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 3 && e instanceof Error; depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
    if (e.message === 'terminated' || /other side closed/i.test(e.message))
      return 'connection closed';
    e = e.cause;
  }
  return 'connection failed';
}
