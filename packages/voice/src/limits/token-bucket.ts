/**
 * A tokens-per-minute budget as a response draws on it: `tryTake` before a request (an
 * estimate), `charge` for what was spent beyond it. In-process (`TokenBucket`) or shared
 * across instances (`RedisTokenBucket`, whose `tryTake` answers asynchronously).
 */
export interface TokenBudget {
  tryTake(n: number): boolean | Promise<boolean>;
  charge(n: number): void;
}

/** One budget per model name. */
export interface TokenBudgets {
  for(model: string): TokenBudget;
}

/**
 * Tokens per minute for one model deployment, refilled continuously; all sessions of the
 * instance draw from the same bucket.
 */
export class TokenBucket implements TokenBudget {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = perMinute;
    this.last = now();
  }

  /** Takes `n` tokens if available. */
  tryTake(n: number): boolean {
    this.refill();
    if (n > this.tokens) return false;
    this.tokens -= n;
    return true;
  }

  /** Records tokens spent beyond what was taken up front (e.g. the completion). */
  charge(n: number): void {
    this.refill();
    this.tokens = Math.max(-this.perMinute, this.tokens - n);
  }

  get available(): number {
    this.refill();
    return Math.floor(this.tokens);
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(
      this.perMinute,
      this.tokens + ((t - this.last) * this.perMinute) / 60_000,
    );
    this.last = t;
  }
}

/** One bucket per model name, created on first use. */
export class ModelTokenBuckets implements TokenBudgets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  for(model: string): TokenBucket {
    let bucket = this.buckets.get(model);
    if (!bucket) this.buckets.set(model, (bucket = new TokenBucket(this.perMinute, this.now)));
    return bucket;
  }
}
