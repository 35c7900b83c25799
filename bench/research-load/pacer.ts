// Emits events at a fixed rate, the same way in the research service and in the baseline.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { summarize, type Summary } from './stats.ts';

/** What one paced burst of events cost the emitting process. */
export interface PaceResult {
  emitted: number;
  elapsedMs: number;
  achievedRate: number;
  /**
   * From the emit's start until every subscriber's `res.write` was called, ms: synchronous
   * in the baseline; in the service it includes the wait for the audit trail's group commit
   * (the rest of the loop turn) and the commit.
   */
  emitMs: Summary;
  /**
   * From the emit's start until its writes reached the kernel, ms: `res.write` corks the
   * socket and flushes on the next tick, so this is when every subscriber's bytes left.
   */
  flushedMs: Summary;
  /** How late each emit started against its schedule, ms (the emitter falling behind). */
  lagMs: Summary;
}

/**
 * Calls `emitOne` `count` times, evenly spaced at `ratePerSec`, stopping early after
 * `maxMs`. The loop yields between emits so sockets can drain, as a real service would.
 */
export async function pace(
  count: number,
  ratePerSec: number,
  maxMs: number,
  emitOne: (i: number) => void | Promise<void>,
): Promise<PaceResult> {
  const interval = 1000 / ratePerSec;
  const emitMs: number[] = [];
  const flushedMs: number[] = [];
  const lagMs: number[] = [];
  const start = performance.now();
  let i = 0;
  for (; i < count; i++) {
    const due = start + i * interval;
    let now = performance.now();
    if (now - start > maxMs) break;
    if (due - now > 1) await sleep(due - now);
    else await yieldToLoop();
    now = performance.now();
    lagMs.push(Math.max(0, now - due));
    const published = emitOne(i);
    if (published) await published;
    emitMs.push(performance.now() - now);
    // Queued after the corked sockets' flushes, so it runs once they are done.
    await new Promise<void>((resolve) => process.nextTick(resolve));
    flushedMs.push(performance.now() - now);
  }
  const elapsedMs = performance.now() - start;
  return {
    emitted: i,
    elapsedMs,
    achievedRate: (i / elapsedMs) * 1000,
    emitMs: summarize(emitMs),
    flushedMs: summarize(flushedMs),
    lagMs: summarize(lagMs),
  };
}
