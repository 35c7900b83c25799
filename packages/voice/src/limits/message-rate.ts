/**
 * Messages per second from one socket: a token bucket refilled at `perSecond` holding up to
 * two seconds' worth, so bursts pass and a sustained flood is cut.
 */
export class MessageRate {
  private tokens: number;
  private last: number;
  private lastWarned = -Infinity;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = perSecond * 2;
    this.last = now();
  }

  /** Takes one message; false when over the rate. */
  allow(): boolean {
    const t = this.now();
    this.tokens = Math.min(
      this.perSecond * 2,
      this.tokens + ((t - this.last) * this.perSecond) / 1000,
    );
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True at most once a second, so refusals are reported without flooding back. */
  shouldWarn(): boolean {
    const t = this.now();
    if (t - this.lastWarned < 1000) return false;
    this.lastWarned = t;
    return true;
  }
}
