// The research load benchmark's tables, printed from its results (research-load.ts).
import type { LoadReport } from './protocol.ts';

const pad = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => c.padStart(widths[i]!)).join('  ')).join('\n');
};
const ms = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(1));
export const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b === 0 ? null : a / b;

/** SSE fan-out, GET, audit-trail and offline-run tables, and the CPU profiles' top entries. */
export function printLoadReport(output: LoadReport): void {
  const { service, baseline, audit, offlineRun: offline } = output;
  const { sseP99Ms, auditPerSec } = output.targets;
  console.log('');
  if (service?.connect && baseline?.connect) {
    console.log(
      `SSE fan-out, ${service.connect.connected} subscribers on one run (latency: event ts -> arrival, ms)`,
    );
    const rows = [
      [
        'step',
        'sent/s',
        'delivered',
        'p50',
        'p99',
        'max',
        'base p50',
        'base p99',
        'p99 ratio',
        'flush p99',
        'base flush',
        'CPU%',
        'base CPU%',
        'p99<=50',
      ],
    ];
    for (const s of service.steps) {
      const b = baseline.steps.find((x) => x.step === s.step);
      const r = ratio(s.client.latencyMs.p99, b?.client.latencyMs.p99);
      rows.push([
        s.step,
        s.emit ? s.emit.achievedRate.toFixed(0) : '-',
        `${s.client.delivered}/${s.client.expected}`,
        ms(s.client.latencyMs.p50),
        ms(s.client.latencyMs.p99),
        ms(s.client.latencyMs.max),
        ms(b?.client.latencyMs.p50),
        ms(b?.client.latencyMs.p99),
        r === null ? '-' : `${r.toFixed(1)}x`,
        ms(s.emit?.flushedMs.p99),
        ms(b?.emit?.flushedMs.p99),
        s.server.cpuPercent.toFixed(0),
        b ? b.server.cpuPercent.toFixed(0) : '-',
        s.client.latencyMs.p99 <= sseP99Ms ? 'yes' : 'NO',
      ]);
    }
    console.log(pad(rows));
    const real = service.steps.find((s) => s.step === 'real run')?.client.split;
    const end = baseline.steps.find((s) => s.step === 'run end')?.client.split;
    if (real && end)
      console.log(
        `real run: p99 ${ms(real.before.p99)} before its final burst (${real.before.n} messages), ${ms(real.from.p99)} for the final burst and stream end (${real.from.n}); the baseline's burst of the same size and stream end: p99 ${ms(end.from.p99)}`,
      );
    const rssRatio = ratio(service.rssPerSubscriberKiB, baseline.rssPerSubscriberKiB);
    console.log(
      `memory per subscriber (RSS delta after GC): service ${service.rssPerSubscriberKiB?.toFixed(1)} KiB, baseline ${baseline.rssPerSubscriberKiB?.toFixed(1)} KiB (${rssRatio?.toFixed(1)}x); heap ${service.heapPerSubscriberKiB?.toFixed(1)} vs ${baseline.heapPerSubscriberKiB?.toFixed(1)} KiB`,
    );
    const delivered = service.steps.reduce((t, s) => t + s.client.delivered, 0);
    console.log(
      `events delivered by the service: ${delivered} (${service.integrity?.seqGaps ?? '?'} seq gaps, ${service.integrity?.duplicates ?? '?'} duplicates, ${service.integrity?.ended} streams ended by stream_end)`,
    );
  }
  if (service?.get && baseline?.get) {
    console.log('');
    console.log(
      `GET /runs/{id}, ${service.get.concurrency} concurrent keep-alive clients, closed loop`,
    );
    console.log(
      pad([
        [
          'server',
          'req/s',
          'p50 ms',
          'p99 ms',
          'max ms',
          'errors',
          'non-200',
          'CPU%',
          'client CPU%',
        ],
        ...[service, baseline].map((t) => [
          t.target,
          t.get!.requestsPerSec.toFixed(0),
          ms(t.get!.latencyMs.p50),
          ms(t.get!.latencyMs.p99),
          ms(t.get!.latencyMs.max),
          `${t.get!.errors}`,
          `${t.get!.non200}`,
          t.getServer ? t.getServer.cpuPercent.toFixed(0) : '-',
          t.get!.clientCpuPercent.toFixed(0),
        ]),
      ]),
    );
  }
  if (audit) {
    console.log('');
    console.log(
      `audit trail appends (SQLite ${audit.sqliteVersion}, ${JSON.stringify(audit.pragmas)})`,
    );
    console.log(
      pad([
        [
          'case',
          'events',
          'rows/s',
          'calls/s',
          'p99 us',
          'max us',
          'commits',
          'ev/commit',
          'commit p99 ms',
          'checkpoints',
          'ckpt max ms',
          'stalls>=5ms',
          '>=20k/s',
        ],
        ...audit.cases.map((c) => [
          c.name,
          `${c.events}`,
          c.rowsPerSec.toFixed(0),
          c.callsPerSec.toFixed(0),
          c.appendUs.p99.toFixed(1),
          c.appendUs.max.toFixed(0),
          `${c.commits.count}`,
          c.commits.eventsPerCommit.toFixed(1),
          c.commits.ms.p99.toFixed(2),
          `${c.checkpoints.count} ${c.checkpoints.thread} (${c.checkpoints.pages} frames)`,
          c.checkpoints.ms.max.toFixed(1),
          `${c.stalls.count} (${c.stalls.totalMs.toFixed(0)} ms)`,
          c.rowsPerSec >= auditPerSec ? 'yes' : 'NO',
        ]),
      ]),
    );
  }
  if (offline) {
    console.log('');
    console.log(
      `full offline run: median ${(offline.totalMs.median / 1000).toFixed(2)} s over ${offline.runs} runs; ` +
        offline.stages.map((s) => `${s.stage} ${(s.medianMs / 1000).toFixed(2)} s`).join(', '),
    );
  }
  const profiles = [
    ...[service, baseline].map(
      (t) => t?.profile && { name: `the ${t.target}`, profile: t.profile },
    ),
    audit?.profile && { name: 'the audit appends', profile: audit.profile },
  ];
  for (const t of profiles) {
    if (!t) continue;
    console.log('');
    console.log(
      `CPU profile of ${t.name} (${t.profile.busyMs.toFixed(0)} ms busy of ${t.profile.totalMs.toFixed(0)} ms), top self time:`,
    );
    for (const f of t.profile.topSelf)
      console.log(`  ${f.percentOfBusy.toFixed(1).padStart(5)}%  ${f.name}`);
    console.log(
      `  inclusive: ${t.profile.inclusive.map((f) => `${f.name} ${f.percentOfBusy.toFixed(1)}%`).join(', ')}`,
    );
  }
}
