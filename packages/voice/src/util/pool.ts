/** How a {@link Pool} makes and disposes of its resources. */
export interface PoolOptions<T> {
  create: () => Promise<T>;
  destroy: (item: T) => void | Promise<void>;
  /** Most resources alive at once (busy + idle). */
  max: number;
}

/** Raised by {@link Pool.acquire} when nothing became free in time. */
export class PoolTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(`no resource became free within ${waitedMs} ms`);
    this.name = 'PoolTimeoutError';
  }
}

interface Waiter<T> {
  settled: boolean;
  resolve: (item: T) => void;
  reject: (err: unknown) => void;
}

/**
 * A small pool of expensive resources (decoders that take a while to load): idle ones are
 * reused, new ones are created up to `max`, and callers beyond that wait in FIFO order.
 */
export class Pool<T> {
  private readonly idle: T[] = [];
  private readonly waiters: Waiter<T>[] = [];
  private alive = 0;
  private closed = false;

  constructor(private readonly options: PoolOptions<T>) {
    if (!(options.max >= 1)) throw new RangeError('a pool needs max >= 1');
  }

  /** Resources alive (busy or idle), idle ones, and callers waiting. */
  get stats(): { alive: number; idle: number; waiting: number; max: number } {
    return {
      alive: this.alive,
      idle: this.idle.length,
      waiting: this.waiters.length,
      max: this.options.max,
    };
  }

  /** Takes a resource, creating or waiting for one; rejects after `timeoutMs` or on abort. */
  acquire(timeoutMs = Infinity, signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new Error('pool is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const item = this.idle.pop();
    if (item !== undefined) return Promise.resolve(item);
    if (this.alive < this.options.max) return this.createOne();
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const cleanup = () => {
        waiter.settled = true;
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
      };
      const waiter: Waiter<T> = {
        settled: false,
        resolve: (x) => {
          cleanup();
          resolve(x);
        },
        reject: (err) => {
          cleanup();
          reject(err);
        },
      };
      const onAbort = () => waiter.reject(signal?.reason);
      if (Number.isFinite(timeoutMs))
        timer = setTimeout(() => waiter.reject(new PoolTimeoutError(timeoutMs)), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Returns a healthy resource for reuse. */
  release(item: T): void {
    if (this.closed) {
      this.alive--;
      void this.options.destroy(item);
      return;
    }
    const waiter = this.waiters[0];
    if (waiter) waiter.resolve(item);
    else this.idle.push(item);
  }

  /** Drops a broken resource; a waiter gets a freshly created one. */
  discard(item: T): void {
    this.alive--;
    void Promise.resolve(this.options.destroy(item)).catch(() => undefined);
    const waiter = this.waiters.shift();
    if (!waiter) return;
    this.createOne().then(
      // The waiter may have timed out meanwhile: then the new resource goes back to the pool.
      (fresh) => (waiter.settled ? this.release(fresh) : waiter.resolve(fresh)),
      (err) => waiter.reject(err),
    );
  }

  /** Creates resources until `count` are idle (bounded by `max`), e.g. at startup. */
  async warm(count: number): Promise<void> {
    const jobs: Promise<T>[] = [];
    while (this.idle.length + jobs.length < count && this.alive < this.options.max)
      jobs.push(this.createOne());
    for (const item of await Promise.all(jobs)) this.release(item);
  }

  /** Destroys idle resources and refuses new requests; busy ones are destroyed on release. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of [...this.waiters]) w.reject(new Error('pool is closed'));
    const idle = this.idle.splice(0);
    this.alive -= idle.length;
    await Promise.all(idle.map((item) => this.options.destroy(item)));
  }

  private async createOne(): Promise<T> {
    this.alive++;
    try {
      return await this.options.create();
    } catch (err) {
      this.alive--;
      throw err;
    }
  }
}
