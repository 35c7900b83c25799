export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. Default 3. */
  threshold?: number;
  /** How long an open circuit refuses calls before one trial call is let through. Default 60 000. */
  coolDownMs?: number;
  /** Clock, injectable for tests. */
  now?: () => number;
}

/**
 * Stops calling a service that keeps failing: after `threshold` consecutive failures every
 * call is refused for `coolDownMs`; then one trial call decides (success closes the circuit,
 * failure opens it for another cool-down).
 */
export class CircuitBreaker {
  private readonly threshold: number;
  private readonly coolDownMs: number;
  private readonly now: () => number;
  private failures = 0;
  private openUntil: number | null = null;
  private trialInFlight = false;

  constructor(options: CircuitBreakerOptions = {}) {
    this.threshold = options.threshold ?? 3;
    this.coolDownMs = options.coolDownMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  get state(): 'closed' | 'open' | 'half_open' {
    if (this.openUntil === null) return 'closed';
    return this.now() < this.openUntil ? 'open' : 'half_open';
  }

  /** Null when a call may go ahead, else why not. A call let through must be settled. */
  acquire(): string | null {
    const state = this.state;
    if (state === 'closed') return null;
    if (state === 'open') {
      const waitMs = this.openUntil! - this.now();
      return `circuit open after ${this.failures} consecutive failures; next try in ${waitMs} ms`;
    }
    if (this.trialInFlight) return 'circuit half-open; a trial call is in flight';
    this.trialInFlight = true;
    return null;
  }

  success(): void {
    this.failures = 0;
    this.openUntil = null;
    this.trialInFlight = false;
  }

  failure(): void {
    this.failures++;
    const trial = this.trialInFlight;
    this.trialInFlight = false;
    if (trial || this.failures >= this.threshold) this.openUntil = this.now() + this.coolDownMs;
  }

  /** Settles a call that neither succeeded nor failed (cancelled, or a client error). */
  release(): void {
    this.trialInFlight = false;
  }
}
