// One retry loop for every outbound call of both services (the LLM client, the speech
// servers, the citation APIs). Maintained libraries (p-retry, exponential-backoff, cockatiel)
// retry a promise-returning function; half of our calls are streams that may be retried only
// until their first item was used, and must tell the consumer to drop a partial answer
// before a restart. They also draw jitter from Math.random and know no server-sent wait.
// So this loop is ours; the policy it applies is in policy.ts.
import { setTimeout as sleepFor } from 'node:timers/promises';
import {
  decideRetry,
  type GiveUpReason,
  type RetryableFailure,
  type RetryPolicy,
} from './policy.ts';

/** What `onRetry` is told before each wait. */
export interface RetryEvent<F> {
  /** The retry about to happen, from 1 (retries that use none, `immediate`, are not counted). */
  retry: number;
  delayMs: number;
  failure: F;
}

export interface RetryOptions<F extends RetryableFailure> {
  policy: RetryPolicy;
  /**
   * What an attempt threw, as a failure the policy can judge; `undefined` rethrows it
   * unchanged (the caller's abort, a bug, an error the caller raises itself).
   */
  classify: (error: unknown) => F | undefined;
  /** Aborting it ends a wait at once: the wait rejects as `sleep` does. */
  signal?: AbortSignal;
  /** Called before each wait, for logs and metrics. */
  onRetry?: (event: RetryEvent<F>) => void;
  /** The wait (default: node:timers/promises, which rejects with an AbortError). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface StreamRetryOptions<T, F extends RetryableFailure> extends RetryOptions<F> {
  /**
   * Once an attempt has yielded, its failure is retried only if this returns the item that
   * tells the consumer to drop what it received (yielded before the wait). Default: never.
   */
  restart?: (failure: F) => T | undefined;
}

/** Thrown when there is no further attempt; `failure` is the last attempt's. */
export class RetryError<F> extends Error {
  constructor(
    readonly failure: F,
    /** Attempts made, not counting `immediate` ones. */
    readonly attempts: number,
    /** `output_started`: a stream failed after it had yielded and could not restart. */
    readonly reason: GiveUpReason | 'output_started',
    /** For `wait_too_long`: the wait that was refused. */
    readonly waitMs?: number,
  ) {
    super(`gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`);
    this.name = 'RetryError';
  }
}

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  sleepFor(ms, undefined, signal ? { signal } : {});

/** Loop state shared by the promise and the stream forms. */
class Retrier<F extends RetryableFailure> {
  private retries = 0;

  constructor(private readonly options: RetryOptions<F>) {}

  /** The failure an attempt threw, or the error itself when it is not one to judge. */
  failureOf(error: unknown): F {
    const failure = this.options.classify(error);
    if (failure === undefined) throw error;
    return failure;
  }

  giveUp(failure: F, reason: RetryError<F>['reason'], waitMs?: number): RetryError<F> {
    return new RetryError(failure, this.retries + 1, reason, waitMs);
  }

  /** Decides; throws the RetryError when there is no further attempt, else the wait. */
  next(failure: F): number {
    const decision = decideRetry(failure, this.retries, this.options.policy);
    if (!decision.retry) throw this.giveUp(failure, decision.reason, decision.waitMs);
    if (!failure.immediate) {
      this.retries++;
      this.options.onRetry?.({ retry: this.retries, delayMs: decision.delayMs, failure });
    }
    return decision.delayMs;
  }

  async wait(delayMs: number): Promise<void> {
    if (delayMs <= 0 && !this.options.signal?.aborted) return;
    await (this.options.sleep ?? defaultSleep)(delayMs, this.options.signal);
  }
}

/** Runs `attempt` until it resolves, a failure is not retried, or the retries run out. */
export async function retrying<T, F extends RetryableFailure>(
  attempt: (n: number) => Promise<T>,
  options: RetryOptions<F>,
): Promise<T> {
  const retrier = new Retrier(options);
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      await retrier.wait(retrier.next(retrier.failureOf(error)));
    }
  }
}

/**
 * Streams `attempt`'s items, starting it again after a retryable failure, but only while it
 * has yielded nothing (or `restart` allows it): a consumer never sees an item twice unless it
 * was told to drop what it had.
 */
export async function* retryingStream<T, F extends RetryableFailure>(
  attempt: (n: number) => AsyncIterable<T>,
  options: StreamRetryOptions<T, F>,
): AsyncGenerator<T> {
  const retrier = new Retrier(options);
  for (let n = 1; ; n++) {
    let yielded = false;
    try {
      for await (const item of attempt(n)) {
        yielded = true;
        yield item;
      }
      return;
    } catch (error) {
      const failure = retrier.failureOf(error);
      let restart: T | undefined;
      if (yielded) {
        restart = options.restart?.(failure);
        if (restart === undefined) throw retrier.giveUp(failure, 'output_started');
      }
      const delayMs = retrier.next(failure);
      if (restart !== undefined) yield restart;
      await retrier.wait(delayMs);
    }
  }
}
