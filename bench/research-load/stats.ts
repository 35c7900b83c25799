// Percentiles and CPU figures shared by the research load benchmark's processes.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Distribution of a sample, in the sample's unit. */
export interface Summary {
  n: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of a sample (all zero when it is empty). */
export function summarize(values: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  if (n === 0) return { n: 0, mean: 0, p50: 0, p90: 0, p99: 0, max: 0 };
  const at = (q: number) => sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))]!;
  let sum = 0;
  for (const v of sorted) sum += v;
  return { n, mean: sum / n, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted[n - 1]! };
}

/** CPU used by this process since `start`, as a percentage of one core over `wallMs`. */
export function cpuPercent(start: NodeJS.CpuUsage, wallMs: number): number {
  const used = process.cpuUsage(start);
  return wallMs > 0 ? ((used.user + used.system) / 1000 / wallMs) * 100 : 0;
}

/** Measures this process's CPU share and event-loop delay over one phase. */
export class PhaseMeter {
  private readonly cpu0 = process.cpuUsage();
  private readonly t0 = performance.now();
  private readonly loop = monitorEventLoopDelay({ resolution: 5 });

  constructor() {
    this.loop.enable();
  }

  /** Ends the phase: wall time, CPU % of one core, event-loop delay p99 and max (ms). */
  end(): { wallMs: number; cpuPercent: number; loopDelayP99Ms: number; loopDelayMaxMs: number } {
    this.loop.disable();
    const wallMs = performance.now() - this.t0;
    return {
      wallMs,
      cpuPercent: cpuPercent(this.cpu0, wallMs),
      loopDelayP99Ms: this.loop.percentile(99) / 1e6,
      loopDelayMaxMs: this.loop.max / 1e6,
    };
  }
}

/** Runs the garbage collector when the process was started with --expose-gc. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

/**
 * Memory after garbage collection, once RSS has settled (V8 hands pages back lazily, so
 * one reading right after a GC can still include garbage of an earlier phase).
 */
export async function settledMemory(): Promise<ReturnType<typeof memory>> {
  let last = memory();
  for (let i = 0; i < 8; i++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = memory();
    const settled = Math.abs(now.rss - last.rss) < 128 * 1024;
    last = now;
    if (settled) break;
  }
  return last;
}

/** Resident and heap memory of this process, in bytes. */
export function memory(): { rss: number; heapUsed: number; external: number } {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
}
