import { createParser } from 'eventsource-parser';
import { detailOf, networkError, ResearchApiError } from './errors.ts';
import type { RunEvent } from './types.ts';

/** Where a followed stream stands. */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface FollowOptions {
  /** Start after this `seq` (events up to it were seen already). */
  after?: number;
  signal?: AbortSignal;
  /** Told when the stream connects, is live, or is being reopened after a drop. */
  onStatus?: (status: StreamStatus) => void;
  /** First wait before reopening a dropped stream; doubles per failure (default 1 s). */
  initialDelayMs?: number;
  /** Longest wait between attempts (default 30 s). */
  maxDelayMs?: number;
  /** Failed attempts in a row before giving up (default: never give up). */
  maxRetries?: number;
  /**
   * A stream silent this long is taken as dead and reopened (default 45 s; the service sends a
   * comment every 15 s, so only a connection lost without a word goes this quiet).
   */
  idleTimeoutMs?: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });

/** Answers worth another attempt: a timeout, throttling, or the service's own trouble. */
function retryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Follows a run's Server-Sent Events over `fetch` (not `EventSource`: it sends `Last-Event-ID`
 * only on its own reconnects and cannot be told where to start or how long to wait), yielding
 * each event once, in `seq` order, until `stream_end`. A dropped or silent stream is reopened
 * with `Last-Event-ID: <last seq>`, so the service replays what was missed; events seen already
 * are skipped by `seq`. A 4xx answer (an unknown run) ends it with a {@link ResearchApiError}.
 */
export async function* followRunEvents(
  url: string,
  options: FollowOptions = {},
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): AsyncGenerator<RunEvent> {
  const { signal, onStatus } = options;
  const initialDelayMs = options.initialDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const maxRetries = options.maxRetries ?? Number.POSITIVE_INFINITY;
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  let lastSeq = options.after ?? 0;
  let failures = 0;
  let serverRetryMs: number | null = null;
  let lastProblem: ResearchApiError | null = null;

  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      if (failures > maxRetries) {
        throw (
          lastProblem ?? new ResearchApiError(0, 'the event stream kept failing', 'network_error')
        );
      }
      onStatus?.('reconnecting');
      const backoff = Math.min(maxDelayMs, initialDelayMs * 2 ** Math.max(0, failures - 1));
      await sleep(serverRetryMs ?? backoff, signal);
    }
    if (signal?.aborted) throw networkError(signal.reason, url, signal);
    if (attempt === 0) onStatus?.('connecting');

    // One connection: aborted by the caller, or by us when it goes silent.
    const connection = new AbortController();
    const onAbort = () => connection.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const resetIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(new Error('the stream went silent')), idleTimeoutMs);
    };
    try {
      let response: Response;
      try {
        resetIdle();
        response = await fetchImpl(url, {
          headers: {
            accept: 'text/event-stream',
            ...(lastSeq > 0 ? { 'last-event-id': String(lastSeq) } : {}),
          },
          signal: connection.signal,
        });
      } catch (err) {
        if (signal?.aborted) throw networkError(err, url, signal);
        failures++;
        lastProblem = networkError(err, url);
        continue;
      }
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        let parsed: unknown = body;
        try {
          parsed = JSON.parse(body);
        } catch {
          // not JSON: the text is the detail
        }
        const problem = new ResearchApiError(
          response.status,
          detailOf(parsed, response.statusText || `HTTP ${response.status}`),
          `http_${response.status}`,
          parsed,
        );
        if (!retryable(response.status)) throw problem;
        failures++;
        lastProblem = problem;
        continue;
      }
      if (
        !response.body ||
        !/^text\/event-stream/.test(response.headers.get('content-type') ?? '')
      ) {
        throw new ResearchApiError(
          response.status,
          `${url} did not answer with an event stream`,
          'invalid_response',
        );
      }
      onStatus?.('live');

      const received: RunEvent[] = [];
      const parser = createParser({
        onEvent: (message) => {
          try {
            received.push(JSON.parse(message.data) as RunEvent);
          } catch {
            // a data line that is not JSON is not an event of the protocol
          }
        },
        onRetry: (ms) => {
          serverRetryMs = ms;
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          let chunk: Awaited<ReturnType<typeof reader.read>>;
          try {
            chunk = await reader.read();
          } catch (err) {
            if (signal?.aborted) throw networkError(err, url, signal);
            break; // dropped or silent: reopen
          }
          if (chunk.done) break;
          resetIdle();
          parser.feed(decoder.decode(chunk.value, { stream: true }));
          for (const event of received.splice(0)) {
            if (event.seq <= lastSeq) continue; // replayed twice across a reconnect
            lastSeq = event.seq;
            failures = 0;
            yield event;
            if (event.type === 'stream_end') return;
          }
        }
      } finally {
        void reader.cancel().catch(() => {});
      }
      // The stream ended without `stream_end`: the connection was lost.
      failures++;
      lastProblem = new ResearchApiError(0, 'the event stream was cut', 'network_error');
    } finally {
      clearTimeout(idle);
      signal?.removeEventListener('abort', onAbort);
      connection.abort();
    }
  }
}
