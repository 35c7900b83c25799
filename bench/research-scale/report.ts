// The research scale benchmark's tables, printed from its results (research-scale.ts).
import type { Summary } from '../lib/stats.ts';
import type { ScaleResults, ThroughputResult } from '../research-scale.ts';

/** Prints a Markdown table, first column left-aligned, the others right-aligned. */
function table(header: string[], rows: string[][]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, i) => (i === 0 ? '---' : '--:')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log('');
}
const ms = (s: Summary) => `${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} / ${s.max.toFixed(1)}`;

/** Throughput, latency and memory tables of the configurations that ran. */
export function printScaleTables(results: ScaleResults): void {
  if (results.throughput.length > 0) {
    const cpu = (r: ThroughputResult) => {
      const c = r.cpuPercentOfOneCore;
      return `${c.services} / ${c.postgres} / ${c.bench} / ${c.others}`;
    };
    const pendingGet = (r: ThroughputResult) => {
      const p = r.get.byRunStatus.pending;
      return p ? `${p.n}: ${p.p50.toFixed(1)} / ${p.p99.toFixed(1)}` : '—';
    };
    table(
      [
        'configuration',
        'runs (failed)',
        'wall s',
        'runs/min',
        'run post→done p50 / max s',
        'POST p50 / max ms',
        'CPU % of a core: services / Postgres / bench / others',
      ],
      results.throughput.map((r) => [
        r.label,
        `${r.completed}/${r.runs} (${r.failed})`,
        (r.wallMs / 1000).toFixed(1),
        String(r.runsPerMinute),
        `${r.runSeconds.p50.toFixed(1)} / ${r.runSeconds.max.toFixed(1)}`,
        `${r.post.p50.toFixed(1)} / ${r.post.max.toFixed(1)}`,
        cpu(r),
      ]),
    );
    table(
      [
        'configuration',
        'GET req/s (errors)',
        'GET p50 / p99 / max ms',
        'of which pending runs: n: p50 / p99 ms',
        'SSE streams ended',
        'SSE events timed',
        'SSE p50 / p99 / max ms',
      ],
      results.throughput.map((r) => [
        r.label,
        `${r.get.ratePerSecond} (${r.get.errors})`,
        ms(r.get),
        pendingGet(r),
        `${r.sse.ended}/${r.sse.streams}`,
        String(r.sse.n),
        ms(r.sse),
      ]),
    );
  }
  if (results.rss.length > 0) {
    const milestones = Object.keys(results.rss[0]!.rssMiB.afterCompleted).join(' / ');
    table(
      [
        'store',
        'runs (failed)',
        'most executing',
        'idle MiB',
        'after posting MiB',
        `after ${milestones} done MiB`,
        'peak sampled MiB (at n done)',
        'VmHWM MiB',
        'peak ÷ after 5',
        'runs/min',
      ],
      results.rss.map((r) => {
        const m = r.rssMiB;
        return [
          r.store,
          `${r.completed}/${r.runs} (${r.failed})`,
          String(r.mostExecuting),
          String(m.idle),
          String(m.afterPosting),
          Object.values(m.afterCompleted).join(' / '),
          `${m.peakSampled} (${m.peakSampledWhenCompleted})`,
          String(m.highWaterMark),
          String(r.peakOverAfter5),
          String(r.runsPerMinute),
        ];
      }),
    );
  }
}
