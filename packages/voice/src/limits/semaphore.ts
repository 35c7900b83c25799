/** A non-blocking counting semaphore: speech quotas refuse at once rather than queue. */
export class Semaphore {
  private used = 0;

  constructor(readonly limit: number) {}

  /** Takes a permit; returns the function that gives it back (idempotent), or null when none is free. */
  tryAcquire(): (() => void) | null {
    if (this.used >= this.limit) return null;
    this.used++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used--;
    };
  }

  get inUse(): number {
    return this.used;
  }
}
