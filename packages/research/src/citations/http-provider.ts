import { RetryError, parseRetryAfter as parseRetryAfterValue, retrying } from '@hikma/llm';
import type { RetryPolicy } from '@hikma/llm';
import { LRUCache } from 'lru-cache';
import type { Reference } from '../domain/artefacts.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import { assignKeys } from './keys.ts';
import {
  SILENT_LOGGER,
  type CitationLogger,
  type CitationProvider,
  type CitationSearchOptions,
} from './types.ts';
import { ResearchError } from '../errors.ts';

/** Settings shared by the HTTP adapters. All durations are milliseconds. */
export interface HttpProviderOptions {
  /** The API's base URL (tests point it at a fake server). */
  baseUrl?: string;
  /** One request, body included. Default 10 000. */
  timeoutMs?: number;
  /** Retries after the first attempt, on 408/429/5xx, timeouts and network errors. Default 2. */
  maxRetries?: number;
  /** Backoff: retry n waits a random time in [0, min(maxDelayMs, baseDelayMs * 2^n)]. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A longer Retry-After than this is not waited for: the search fails at once. Default 30 000. */
  maxRetryAfterMs?: number;
  /** Consecutive failed searches that open the circuit breaker. Default 3. */
  breakerThreshold?: number;
  /** How long an open breaker skips calls. Default 60 000. */
  breakerCoolDownMs?: number;
  /** Cached searches (successful ones only) and how long they are kept. Default 100, 600 000. */
  cacheEntries?: number;
  cacheTtlMs?: number;
  logger?: CitationLogger;
  /** Injectable for tests: clock, sleep, jitter source and fetch. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  fetch?: typeof fetch;
}

/** What one search did: its references, or why there are none. */
export interface SearchOutcome {
  references: Reference[];
  /** `skipped`: the circuit breaker is open; `failed`: the request failed (see `reason`). */
  status: 'ok' | 'cached' | 'skipped' | 'failed';
  reason?: string;
  /** HTTP requests made (0 when cached or skipped). */
  requests: number;
}

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 100;

/** A failure of one attempt, classified for the retry loop and the breaker. */
interface Failure {
  reason: string;
  retryable: boolean;
  /** Counts towards opening the breaker: the service is unwell, not our request. */
  serviceFault: boolean;
  retryAfterMs?: number;
}

/** One attempt's failure on its way to the retry loop. */
class FailedAttempt extends Error {
  constructor(readonly failure: Failure) {
    super(failure.reason);
  }
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds; undefined when absent or invalid. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  return parseRetryAfterValue(value, now);
}

/** Waits `ms`; an abort rejects with the signal's reason (the caller's own error). */
function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** fetch's "fetch failed" hides the cause (ECONNREFUSED, ...) one level down. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? err.cause.message : err.message;
}

/** Collapses whitespace and drops the HTML tags some APIs leave in titles (<i>, <sub>). */
export function cleanText(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/<[^>]{0,40}>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `https://doi.org/<doi>` for a DOI given bare, as `doi:...` or as any doi.org URL; else null. */
export function doiUrl(doi: string | null | undefined): string | null {
  const bare = (doi ?? '').trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
  return /^10\.\d{4,9}\/\S+$/.test(bare) ? `https://doi.org/${bare}` : null;
}

/**
 * The common work of a citation API adapter: per-request timeout, retries with exponential
 * backoff and jitter (honouring Retry-After), a circuit breaker, a cache and key assignment.
 * A vendor supplies the request URL and the parsing of the response body.
 */
export abstract class HttpCitationProvider implements CitationProvider {
  abstract readonly name: string;
  protected readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retryPolicy: RetryPolicy;
  private readonly breaker: CircuitBreaker;
  /** Successful searches by query and limit; null when caching is off. */
  private readonly cache: LRUCache<string, Reference[]> | null;
  private readonly logger: CitationLogger;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly fetch: typeof fetch;

  protected constructor(defaultBaseUrl: string, options: HttpProviderOptions = {}) {
    const base = options.baseUrl ?? defaultBaseUrl;
    if (!/^https?:\/\//i.test(base))
      throw new ResearchError('config_invalid', `base URL must be http(s): ${base}`);
    this.baseUrl = base.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retryPolicy = {
      maxRetries: options.maxRetries ?? 2,
      baseDelayMs: options.baseDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 8_000,
      jitter: 'full',
      maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
      beyondMaxRetryAfter: 'give-up',
      random: options.random ?? Math.random,
    };
    this.now = options.now ?? Date.now;
    this.breaker = new CircuitBreaker({
      threshold: options.breakerThreshold ?? 3,
      coolDownMs: options.breakerCoolDownMs ?? 60_000,
      now: this.now,
    });
    const entries = options.cacheEntries ?? 100;
    const ttl = options.cacheTtlMs ?? 600_000;
    if (!Number.isInteger(entries) || !Number.isFinite(ttl))
      throw new ResearchError(
        'config_invalid',
        `cache entries/TTL must be numbers: ${entries}, ${ttl}`,
      );
    this.cache =
      entries > 0 && ttl > 0
        ? new LRUCache<string, Reference[]>({
            max: entries,
            ttl,
            // Read the clock on every lookup (the default caches it for 1 ms of real time,
            // which an injected clock would outrun).
            ttlResolution: 0,
            perf: { now: this.now },
          })
        : null;
    this.logger = options.logger ?? SILENT_LOGGER;
    this.sleep = options.sleep ?? defaultSleep;
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** The search request for `query`, asking for at most `limit` results. */
  protected abstract requestUrl(query: string, limit: number): URL;

  /** Headers of every request (e.g. an API key). */
  protected requestHeaders(): Record<string, string> {
    return {};
  }

  /** References (keys are assigned later) from a response body, or null when it is malformed. */
  protected abstract parse(body: unknown): Omit<Reference, 'key'>[] | null;

  async search(query: string, options: CitationSearchOptions = {}): Promise<Reference[]> {
    return (await this.searchWithOutcome(query, options)).references;
  }

  /** Like search, and says whether the result came from the cache or why it is empty. */
  async searchWithOutcome(
    query: string,
    options: CitationSearchOptions = {},
  ): Promise<SearchOutcome> {
    const { signal } = options;
    signal?.throwIfAborted();
    const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(options.limit ?? DEFAULT_LIMIT)));
    const normalized = query.replace(/\s+/g, ' ').trim();
    if (normalized === '') return { references: [], status: 'ok', requests: 0 };
    const cacheKey = `${normalized.toLowerCase()}\u0000${limit}`;
    const cached = this.cache?.get(cacheKey);
    if (cached !== undefined)
      return { references: structuredClone(cached), status: 'cached', requests: 0 };

    const refused = this.breaker.acquire();
    if (refused !== null) {
      this.logger.warn(
        { provider: this.name, query: normalized },
        `citation search skipped: ${refused}`,
      );
      return { references: [], status: 'skipped', reason: refused, requests: 0 };
    }

    const url = this.requestUrl(normalized, limit);
    let requests = 0;
    let failure: Failure;
    try {
      const references = await retrying(
        async () => {
          requests++;
          const { body, failure } = await this.attempt(url, signal);
          if (failure !== null) throw new FailedAttempt(failure);
          const parsed = this.parse(body);
          if (parsed === null)
            throw new FailedAttempt({
              reason: 'malformed response',
              retryable: false,
              serviceFault: true,
            });
          return assignKeys(parsed.slice(0, limit));
        },
        {
          policy: this.retryPolicy,
          classify: (err) => (err instanceof FailedAttempt ? err.failure : undefined),
          ...(signal ? { signal } : {}),
          sleep: this.sleep,
        },
      );
      this.breaker.success();
      this.cache?.set(cacheKey, structuredClone(references));
      return { references, status: 'ok', requests };
    } catch (err) {
      if (!(err instanceof RetryError)) {
        this.breaker.release();
        throw err; // cancelled by the caller
      }
      failure = err.failure as Failure;
      if (err.reason === 'wait_too_long')
        failure = {
          ...failure,
          reason: `${failure.reason}; Retry-After ${err.waitMs} ms is too long`,
        };
    }
    if (failure.serviceFault) this.breaker.failure();
    else this.breaker.release();
    const reason = `${this.name}: ${failure.reason}`;
    this.logger.warn(
      { provider: this.name, query: normalized, requests },
      `citation search failed: ${reason}`,
    );
    return { references: [], status: 'failed', reason, requests };
  }

  /** One request, body read included, within the timeout. Rejects only when `signal` aborts. */
  private async attempt(
    url: URL,
    signal: AbortSignal | undefined,
  ): Promise<{ body: unknown; failure: Failure | null }> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    try {
      const res = await this.fetch(url, {
        headers: { accept: 'application/json', ...this.requestHeaders() },
        signal: combined,
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        const status = res.status;
        const retryable = status === 408 || status === 429 || status >= 500;
        const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), this.now());
        return {
          body: undefined,
          failure: {
            reason: `HTTP ${status}`,
            retryable,
            serviceFault: retryable,
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          },
        };
      }
      const text = await res.text();
      try {
        return { body: JSON.parse(text) as unknown, failure: null };
      } catch {
        return {
          body: undefined,
          failure: {
            reason: 'malformed JSON in the response',
            retryable: false,
            serviceFault: true,
          },
        };
      }
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      const reason = timeout.signal.aborted
        ? `no response within ${this.timeoutMs} ms`
        : `network error: ${describe(err)}`;
      return { body: undefined, failure: { reason, retryable: true, serviceFault: true } };
    } finally {
      clearTimeout(timer);
    }
  }
}
