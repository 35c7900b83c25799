import pLimit, { type LimitFunction } from 'p-limit';

/** Runs one piece of work when a slot of its kind is free (a sandbox run, a LaTeX compile). */
export type SlotGate = <T>(work: () => Promise<T>) => Promise<T>;

export interface SlotUse {
  /** Aborting gives up the wait; work already started is cancelled through its own signal. */
  signal?: AbortSignal;
  /** Called once, before waiting, when no slot is free. */
  onWait?: () => void;
}

/**
 * A per-worker limit on one kind of heavy work: at most `limit` at once, the others wait in
 * arrival order.
 */
export class WorkSlots {
  private readonly limiter: LimitFunction;

  constructor(
    readonly kind: 'experiment' | 'compile',
    readonly limit: number,
    /** Told how long each piece of work waited for its slot. */
    private readonly onAcquired: (waitedMs: number) => void = () => {},
  ) {
    this.limiter = pLimit(limit);
  }

  get inUse(): number {
    return this.limiter.activeCount;
  }

  get waiting(): number {
    return this.limiter.pendingCount;
  }

  /** Runs `work` in a slot; rejects with the signal's reason if aborted while waiting. */
  use<T>(work: () => Promise<T>, { signal, onWait }: SlotUse = {}): Promise<T> {
    signal?.throwIfAborted();
    if (this.inUse + this.waiting >= this.limit) onWait?.();
    const queuedAt = performance.now();
    let started = false;
    const task = this.limiter(() => {
      // A run that gave up while waiting frees the slot at once.
      signal?.throwIfAborted();
      started = true;
      this.onAcquired(performance.now() - queuedAt);
      return work();
    });
    if (!signal) return task;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        if (started) return; // the work itself stops on the signal and settles `task`
        task.catch(() => {});
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      task.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }
}
