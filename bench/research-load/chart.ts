// The SSE chart of a research load report: p50 and p99 of the service and the baseline per
// step, against the p99 target. Re-render from a saved report:
// npx tsx bench/research-load/chart.ts [bench/results/research-load.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoadReport } from './protocol.ts';
import { barChartSvg } from './svg.ts';

/** The chart as SVG; needs the report's service and baseline figures. */
export function sseChartSvg(report: LoadReport): string {
  const { service, baseline, machine, load, startedAt, options, targets } = report;
  if (!service || !baseline) throw new Error('the report has no SSE figures');
  const base = (step: string) => baseline.steps.find((b) => b.step === step)?.client.latencyMs;
  // Steps a server could not keep up with: the rate it really sent.
  const sent = (side: typeof service, step: string) => {
    const s = side.steps.find((x) => x.step === step);
    return s?.emit && s.ratePerSec && s.emit.achievedRate < s.ratePerSec * 0.95
      ? s.emit.achievedRate
      : null;
  };
  const behind = (step: string) => sent(service, step) !== null || sent(baseline, step) !== null;
  const notes = service.steps
    .filter((s) => behind(s.step))
    .map(
      (s) =>
        `${s.step} asked, sent ${(sent(service, s.step) ?? s.ratePerSec ?? 0).toFixed(0)}/s by the service and ${(sent(baseline, s.step) ?? s.ratePerSec ?? 0).toFixed(0)}/s by the baseline (saturated)`,
    );
  return barChartSvg({
    title: `Research SSE fan-out: ${options.subscribers} subscribers on one run, event latency (ms, log scale)`,
    subtitle: `${machine.cores} cores, Node ${machine.node}, load ${load.before.load1.toFixed(2)} at start; ${startedAt.slice(0, 16)}Z; baseline = bare node:http`,
    yLabel: 'ts -> arrival (ms)',
    groups: service.steps.map((s) => (behind(s.step) ? `${s.step} *` : s.step)),
    log: true,
    note: notes.length ? `* ${notes.join('; ')}` : undefined,
    reference: { value: targets.sseP99Ms, label: `target p99 <= ${targets.sseP99Ms} ms` },
    series: [
      {
        name: 'service p50',
        color: '#7fb3e6',
        values: service.steps.map((s) => s.client.latencyMs.p50),
      },
      {
        name: 'service p99',
        color: '#1f5fa8',
        values: service.steps.map((s) => s.client.latencyMs.p99),
      },
      {
        name: 'baseline p50',
        color: '#b7dfa3',
        values: service.steps.map((s) => base(s.step)?.p50 ?? null),
      },
      {
        name: 'baseline p99',
        color: '#3c8c2a',
        values: service.steps.map((s) => base(s.step)?.p99 ?? null),
      },
    ],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file =
    process.argv[2] ?? new URL('../results/research-load.json', import.meta.url).pathname;
  const report = JSON.parse(readFileSync(file, 'utf8')) as LoadReport;
  const out = new URL('../results/research-sse.svg', import.meta.url).pathname;
  writeFileSync(out, sseChartSvg(report));
  console.log(`wrote ${out}`);
}
