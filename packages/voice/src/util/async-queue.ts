/**
 * A single-consumer queue read with `for await`: producers `push`, then `end` (or `fail`).
 * Items pushed after `end` are dropped, so a late producer cannot resurrect a closed stream.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private waiter: ((result: IteratorResult<T>) => void) | undefined;
  private failWaiter: ((err: unknown) => void) | undefined;
  private ended = false;
  private error: unknown;
  private iterating = false;

  get closed(): boolean {
    return this.ended;
  }

  push(item: T): void {
    if (this.ended) return;
    if (this.waiter) {
      const resolve = this.waiter;
      this.waiter = this.failWaiter = undefined;
      resolve({ value: item, done: false });
    } else {
      this.items.push(item);
    }
  }

  /** Ends the stream after the items already queued. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.waiter && this.items.length === 0) {
      const resolve = this.waiter;
      this.waiter = this.failWaiter = undefined;
      resolve({ value: undefined, done: true });
    }
  }

  /** Ends the stream with an error thrown to the reader after the queued items. */
  fail(err: unknown): void {
    if (this.ended) return;
    this.error = err ?? new Error('stream failed');
    this.ended = true;
    if (this.failWaiter && this.items.length === 0) {
      const reject = this.failWaiter;
      this.waiter = this.failWaiter = undefined;
      reject(this.error);
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.iterating) throw new Error('AsyncQueue supports a single reader');
    this.iterating = true;
    return {
      next: () => {
        if (this.items.length > 0)
          return Promise.resolve({ value: this.items.shift() as T, done: false });
        if (this.ended) {
          if (this.error !== undefined) {
            const err = this.error;
            this.error = undefined;
            return Promise.reject(err);
          }
          return Promise.resolve({ value: undefined, done: true });
        }
        return new Promise<IteratorResult<T>>((resolve, reject) => {
          this.waiter = resolve;
          this.failWaiter = reject;
        });
      },
      return: () => {
        this.ended = true;
        this.items.length = 0;
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
