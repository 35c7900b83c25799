import { call, type RunningService } from './helpers.ts';

/** A sample's value in Prometheus text, by name and labels (null when absent). */
export function metricValue(
  text: string,
  name: string,
  labels: Record<string, string>,
): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const match = /^([^{\s]+)(?:\{([^}]*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return null;
}

/**
 * Samples every run's snapshot and the metrics every `everyMs` until `check` returns true;
 * fails after `timeoutMs`.
 */
export async function pollUntilDone(
  svc: RunningService,
  everyMs: number,
  timeoutMs: number,
  check: (runs: any[], metrics: string) => boolean | Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [runs, metrics] = await Promise.all([
      call('GET', `${svc.api}/runs`),
      fetch(`${svc.api}/metrics`).then((r) => r.text()),
    ]);
    if (await check(runs.body as any[], metrics)) return;
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
