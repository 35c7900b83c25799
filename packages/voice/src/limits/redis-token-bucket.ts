import { KEYS } from '../cluster/keys.ts';
import type { SharedState } from '../cluster/shared-state.ts';
import {
  ModelTokenBuckets,
  type TokenBucket,
  type TokenBudget,
  type TokenBudgets,
} from './token-bucket.ts';

/**
 * The tokens-per-minute bucket of one model, shared by every instance through Redis with the
 * same arithmetic as `TokenBucket` (a script using Redis `TIME`). While Redis cannot be
 * reached it draws on this instance's own bucket instead, so live sessions go on.
 */
export class RedisTokenBucket implements TokenBudget {
  constructor(
    private readonly shared: SharedState,
    private readonly model: string,
    private readonly perMinute: number,
    private readonly local: TokenBucket,
    private readonly fallback: { using(err?: unknown): void; shared(): void },
  ) {}

  /** Takes `n` tokens if available. */
  async tryTake(n: number): Promise<boolean> {
    const result = await this.run('take', n);
    return result ? result.ok : this.local.tryTake(n);
  }

  /** Records tokens spent beyond what was taken up front. */
  charge(n: number): void {
    void this.run('charge', n).then((result) => {
      if (!result) this.local.charge(n);
    });
  }

  /** Tokens there now (negative after an overrun). */
  async available(): Promise<number> {
    const result = await this.run('peek', 0);
    return result ? Math.floor(result.tokens) : this.local.available;
  }

  private async run(
    op: 'take' | 'charge' | 'peek',
    n: number,
  ): Promise<{ ok: boolean; tokens: number } | null> {
    if (!this.shared.available) {
      this.fallback.using();
      return null;
    }
    try {
      const [ok, tokens] = await this.shared.redis.voiceTokenBucket(
        KEYS.tokenBucket(this.model),
        this.perMinute,
        op,
        n,
      );
      this.fallback.shared();
      return { ok: ok === 1, tokens: Number(tokens) };
    } catch (err) {
      this.fallback.using(err);
      return null;
    }
  }
}

/** One shared bucket per model name; logs when they fall back to this instance's buckets. */
export class RedisModelTokenBuckets implements TokenBudgets {
  private readonly buckets = new Map<string, RedisTokenBucket>();
  private readonly local: ModelTokenBuckets;
  private fallingBack = false;
  private readonly fallback = {
    using: (err?: unknown) => {
      if (this.fallingBack) return;
      this.fallingBack = true;
      this.shared.log.warn(
        { err: err instanceof Error ? err.message : undefined },
        'redis is unavailable: LLM tokens per minute are counted by this instance alone until it is back',
      );
    },
    shared: () => {
      if (!this.fallingBack) return;
      this.fallingBack = false;
      this.shared.log.info({}, 'LLM tokens per minute are counted across instances again');
    },
  };

  constructor(
    private readonly shared: SharedState,
    private readonly perMinute: number,
  ) {
    this.local = new ModelTokenBuckets(perMinute);
  }

  for(model: string): RedisTokenBucket {
    let bucket = this.buckets.get(model);
    if (!bucket) {
      bucket = new RedisTokenBucket(
        this.shared,
        model,
        this.perMinute,
        this.local.for(model),
        this.fallback,
      );
      this.buckets.set(model, bucket);
    }
    return bucket;
  }
}
