// The printed table, the targets of issue 7 and the SVG chart of a load run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lineChartSvg } from '../lib/svg-chart.ts';
import { SNAPSHOT_TIMEOUT_MS, type RunResult } from './run.ts';
import { type MachineAtStart } from '../lib/machine.ts';

/** The targets. */
export const TARGETS = {
  sessions: 500,
  firstAudioP99Ms: 20,
  cpuRatio: 3,
} as const;

/** One N: the voice run and the baseline run side by side. */
export interface Row {
  sessions: number;
  voice?: RunResult;
  echo?: RunResult;
}

const f = (v: number | undefined, digits = 1) =>
  v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(digits);

/** CPU per voice session over CPU per bare-ws session. */
export const cpuRatio = (row: Row) =>
  row.voice && row.echo ? row.voice.cpuPerSessionPct / row.echo.cpuPerSessionPct : Number.NaN;

/** Frames lost or late: missing VAD events, mismatched ones and `error` messages. */
export function dropped(run: RunResult): number {
  const v = run.client.voice;
  if (!v) return run.client.echoMissing ?? 0;
  const errors = Object.values(run.client.errors).reduce((a, b) => a + b, 0);
  return (
    v.expectedStarts -
    v.receivedStarts +
    (v.expectedStops - v.receivedStops) +
    v.mismatches +
    errors
  );
}

/** Which targets one N meets. */
export function verdict(row: Row): {
  held: boolean;
  p99: boolean;
  noDrops: boolean;
  cpu: boolean | undefined;
} {
  const v = row.voice;
  return {
    held: !!v && v.client.held === row.sessions && v.client.clean === row.sessions,
    p99:
      !!v &&
      v.client.voice!.firstAudio.n > 0 &&
      v.client.voice!.firstAudio.p99 <= TARGETS.firstAudioP99Ms,
    noDrops: !!v && dropped(v) === 0,
    cpu: Number.isFinite(cpuRatio(row)) ? cpuRatio(row) <= TARGETS.cpuRatio : undefined,
  };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 1) + ':').join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/** The results as Markdown tables (printed, and pasted into docs/benchmarks.md). */
export function formatTables(rows: Row[]): string {
  const capacity = table(
    [
      'sessions',
      'held / clean',
      'server CPU (% core)',
      'main thread (% core)',
      'CPU/session (% core)',
      'bare ws CPU/session',
      'ratio',
      'RSS/session (MB)',
      'VAD frames done',
      'mean batch',
      'VAD calls in flight',
      'loop delay p99 (ms)',
      'load gen CPU (% core)',
      'others (% core)',
    ],
    rows.map((row) => {
      const v = row.voice;
      const e = row.echo;
      return [
        String(row.sessions),
        v ? `${v.client.held} / ${v.client.clean}` : '–',
        f(v?.serverCorePct, 0),
        f(v?.mainThreadCorePct, 0),
        f(v?.cpuPerSessionPct, 3),
        f(e?.cpuPerSessionPct, 3),
        `${f(cpuRatio(row), 1)}×`,
        f(v?.rssPerSessionMb, 2),
        v?.vad ? `${f((100 * v.vad.framesPerSecond) / v.vad.expectedPerSecond, 0)} %` : '–',
        f(v?.vad?.meanBatch, 0),
        v?.vad ? `${f(v.vad.inferenceBusyPct, 0)} %` : '–',
        v ? (v.unresponsive ? `> ${SNAPSHOT_TIMEOUT_MS}` : f(v.loopDelay.p99, 0)) : '–',
        f(v?.clientCorePct, 0),
        f(v?.otherCorePct, 0),
      ];
    }),
  );
  const latency = table(
    [
      'sessions',
      '(a) start p50 / p99 (ms)',
      '(a) stop p50 / p99 (ms)',
      '(b) stop→audio p50 / p99 (ms)',
      'backlog at stop p99 (ms)',
      'utterances (expected / got)',
      'dropped / late',
      'errors',
      'load gen send lag p99 (ms)',
      'bare ws echo RTT p50 / p99 (ms)',
    ],
    rows.map((row) => {
      const v = row.voice?.client.voice;
      const e = row.echo?.client;
      const errors = row.voice ? Object.entries(row.voice.client.errors) : [];
      return [
        String(row.sessions),
        v ? `${f(v.speechStarted.p50)} / ${f(v.speechStarted.p99)}` : '–',
        v ? `${f(v.speechStopped.p50)} / ${f(v.speechStopped.p99)}` : '–',
        v ? `${f(v.firstAudio.p50)} / ${f(v.firstAudio.p99)}` : '–',
        v ? f(v.stopBacklogMs.p99, 0) : '–',
        v ? `${v.expectedStarts} / ${v.receivedStarts}` : '–',
        row.voice ? String(dropped(row.voice)) : '–',
        errors.length ? errors.map(([k, c]) => `${k}×${c}`).join(' ') : '0',
        row.voice ? f(row.voice.client.sendLag.p99) : '–',
        e?.echoRtt ? `${f(e.echoRtt.p50)} / ${f(e.echoRtt.p99)}` : '–',
      ];
    }),
  );
  return `${capacity}\n\n${latency}`;
}

/** Three panels: CPU per session against the baseline, latencies against the target, memory. */
export function chartSvg(rows: Row[], subtitle: string): string {
  const xs = rows.map((r) => r.sessions);
  const pts = (pick: (r: Row) => number | undefined): [number, number][] =>
    rows.map((r) => [r.sessions, pick(r) ?? Number.NaN]);
  return lineChartSvg({
    title: 'Voice service under load: one instance, concurrent talking sessions',
    subtitle,
    xLabel: 'concurrent sessions',
    xs,
    panels: [
      {
        title: 'Server CPU per session',
        yLabel: '% of one core',
        series: [
          {
            name: 'voice service',
            color: '#1f77b4',
            points: pts((r) => r.voice?.cpuPerSessionPct),
          },
          {
            name: 'bare ws echo (baseline)',
            color: '#7f7f7f',
            dashed: true,
            points: pts((r) => r.echo?.cpuPerSessionPct),
          },
          {
            name: '3 × baseline (target)',
            color: '#d62728',
            dashed: true,
            points: pts((r) => (r.echo ? 3 * r.echo.cpuPerSessionPct : undefined)),
          },
        ],
      },
      {
        title: 'Server-added latency, p99',
        yLabel: 'ms (log scale)',
        logY: true,
        rules: [{ y: TARGETS.firstAudioP99Ms, label: 'target (b) 20 ms' }],
        series: [
          {
            name: '(b) speech_stopped → first audio',
            color: '#1f77b4',
            points: pts((r) => r.voice?.client.voice?.firstAudio.p99),
          },
          {
            name: '(a) deciding frame → speech_stopped',
            color: '#2ca02c',
            points: pts((r) => r.voice?.client.voice?.speechStopped.p99),
          },
          {
            name: 'server event-loop delay',
            color: '#ff7f0e',
            dashed: true,
            points: pts((r) => r.voice?.loopDelay.p99),
          },
        ],
      },
      {
        title: 'Server memory',
        yLabel: 'MB',
        series: [
          {
            name: 'voice RSS under load',
            color: '#1f77b4',
            points: pts((r) => r.voice?.loadRssMb),
          },
          {
            name: 'bare ws RSS under load',
            color: '#7f7f7f',
            dashed: true,
            points: pts((r) => r.echo?.loadRssMb),
          },
        ],
      },
    ],
  });
}

/** What a run saves as JSON (and `--replot` reads back). */
export interface SavedReport {
  stamp: string;
  machine: MachineAtStart;
  options: {
    sessionSteps: number[];
    windowMs: number;
    silenceMs: number;
    /** Room noise under the audio, dBFS RMS (null: digital silence, as before it existed). */
    noiseDb?: number | null;
    cycleMs: number;
    tenants: number;
    fakes: unknown;
    vad?: unknown;
    /** `--turn-detection` (absent: server_vad, as before it existed). */
    turnDetection?: string;
    /** The silence after which the VAD calibration ends each utterance. */
    stopSilenceMs?: number;
    /** `--server-node-options` and whether `ws` used bufferutil (absent: no flags, and it did not exist). */
    serverNodeOptions?: string;
    bufferUtil?: boolean;
  };
  rows: Row[];
}

/** Prints the tables, the targets met per N and any CPU profile summaries. */
export function printReport(rows: Row[]): void {
  console.log(`\n${formatTables(rows)}\n`);
  const yes = (ok: boolean | undefined) =>
    ok === undefined ? 'not measured' : ok ? 'met' : 'NOT met';
  for (const row of rows) {
    const v = verdict(row);
    console.log(
      `N=${row.sessions}: all held without errors ${yes(v.held)}; (b) p99 ≤ ${TARGETS.firstAudioP99Ms} ms ${yes(v.p99)}; ` +
        `no dropped frames ${yes(v.noDrops)}; CPU/session ≤ ${TARGETS.cpuRatio}× bare ws ${yes(v.cpu)} (${cpuRatio(row).toFixed(1)}×)`,
    );
  }
  for (const row of rows) {
    const threads = row.voice?.threads;
    if (!threads) continue;
    console.log(
      `N=${row.sessions}: server threads (% of a core): ` +
        threads.map((t) => `${t.name}#${t.tid} ${t.corePct.toFixed(1)}`).join(', '),
    );
  }
  for (const row of rows) {
    const profiles = [
      ['main thread', row.voice?.profile],
      ['VAD worker thread', row.voice?.workerProfile],
    ] as const;
    for (const [thread, p] of profiles) {
      if (!p) continue;
      console.log(
        `\nCPU profile of the voice server, N=${row.sessions}, window only: ${(p.sampledMs / 1000).toFixed(1)} s sampled on the ${thread}, ` +
          `${((100 * p.idleMs) / p.sampledMs).toFixed(0)} % idle (${p.file})`,
      );
      for (const [group, ms] of Object.entries(p.groups)) {
        console.log(
          `  ${((100 * ms) / p.sampledMs).toFixed(1).padStart(5)} %  ${group} (inclusive)`,
        );
      }
      console.log('  top self time:');
      for (const e of p.entries)
        console.log(`  ${(100 * e.selfShare).toFixed(1).padStart(5)} %  ${e.name}`);
    }
  }
}

/** Writes `voice-load.svg` into `dir`. */
export function writeChart(report: SavedReport, dir: string): void {
  const { machine, options, rows, stamp } = report;
  const subtitle =
    `${machine.cores} cores, Node ${machine.node}, ${options.windowMs / 1000} s window per step, ` +
    `load average ${rows.map((r) => r.voice?.loadAverage[0]?.toFixed(1) ?? '–').join(' / ')} during the voice runs; ${stamp.slice(0, 10)}`;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'voice-load.svg');
  writeFileSync(path, chartSvg(rows, subtitle));
  console.log(`wrote ${path}`);
}
