// Child process: audit-trail write throughput on a temp SQLite database opened exactly as
// the service opens it (Store.open: WAL, synchronous=NORMAL), through the service's own
// EventRepository.append and RunEventHub.emit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../packages/research/src/store/store.ts';
import { RunEventHub } from '../../packages/research/src/pipeline/event-hub.ts';
import { narrate } from '../../packages/research/src/narrator/narrator.ts';
import type {
  RunEventPayloads,
  RunEventType,
} from '../../packages/research/src/pipeline/events.ts';
import { serve } from './ipc.ts';
import type { AuditCase, AuditCommands } from './protocol.ts';
import { summarize } from './stats.ts';
import { syntheticPayload } from './synthetic.ts';

type Emit = { [T in RunEventType]: { type: T; data: RunEventPayloads[T] } }[RunEventType];

/** A run's mix of events (some narrated, most not), in the proportions of a real run. */
const RUN_MIX: Emit[] = [
  { type: 'status_changed', data: { status: 'running' } },
  {
    type: 'trajectory_event',
    data: {
      kind: 'stage_started',
      label: 'Starting coding',
      detail: 'Retrieved 3 skill(s).',
      metadata: {},
    },
  },
  {
    type: 'trajectory_event',
    data: {
      kind: 'code_generated',
      label: 'Generated project (attempt 1)',
      detail: 'A simulation.',
      metadata: {},
    },
  },
  {
    type: 'trajectory_event',
    data: {
      kind: 'execution_started',
      label: 'Running the experiment',
      detail: 'main.py',
      metadata: {},
    },
  },
  {
    type: 'trajectory_event',
    data: {
      kind: 'execution_finished',
      label: 'Experiment finished',
      detail: 'exit 0',
      metadata: { ok: true, duration_ms: 320, timed_out: false },
    },
  },
  {
    type: 'stage_completed',
    data: {
      stage: 'coding',
      status: 'completed',
      summary: 'The experiment ran.',
      new_skills: [],
      new_memories: [],
    },
  },
];

function measure(
  name: string,
  description: string,
  maxEvents: number,
  maxMs: number,
  appendOne: (i: number) => void,
  rowsOf: () => number,
): AuditCase {
  const durations: number[] = [];
  const start = performance.now();
  let i = 0;
  // The clock is read once per append anyway, so the time bound costs nothing extra.
  for (let last = start; i < maxEvents && last - start < maxMs; i++) {
    appendOne(i);
    const now = performance.now();
    durations.push((now - last) * 1000);
    last = now;
  }
  const elapsedMs = performance.now() - start;
  const rows = rowsOf();
  // Appends of 5 ms or more: WAL auto-checkpoints (with their fsyncs) on the caller's thread.
  const stalls = durations.filter((us) => us >= 5000);
  return {
    name,
    description,
    events: i,
    rows,
    elapsedMs,
    rowsPerSec: (rows / elapsedMs) * 1000,
    callsPerSec: (i / elapsedMs) * 1000,
    appendUs: summarize(durations),
    stalls: { count: stalls.length, totalMs: stalls.reduce((t, us) => t + us, 0) / 1000 },
  };
}

function withStore<T>(fn: (store: Store) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'bench-research-audit-'));
  const store = Store.open(join(dir, 'research.db'));
  try {
    return fn(store);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const countRows = (store: Store) =>
  (store.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;

serve<AuditCommands>({
  run({ maxEvents, maxMs }) {
    const cases: AuditCase[] = [];
    cases.push(
      withStore((store) =>
        measure(
          'append, 1 run',
          'EventRepository.append in a loop, one run (one autocommit transaction per event)',
          maxEvents,
          maxMs,
          (i) => store.events.append('run-a', 'trajectory_event', syntheticPayload('audit', i)),
          () => countRows(store),
        ),
      ),
    );
    cases.push(
      withStore((store) =>
        measure(
          'append, 1,000 runs',
          'EventRepository.append round-robin over 1,000 runs (first append of each run reads MAX(seq))',
          maxEvents,
          maxMs,
          (i) =>
            store.events.append(
              `run-${i % 1000}`,
              'trajectory_event',
              syntheticPayload('audit', i),
            ),
          () => countRows(store),
        ),
      ),
    );
    cases.push(
      withStore((store) => {
        const hub = new RunEventHub(store, narrate);
        return measure(
          'hub.emit + narrator',
          'RunEventHub.emit (append, narrator, append of the narration, publish; no subscribers) over a real run’s mix of events',
          maxEvents,
          maxMs,
          (i) => {
            const e = RUN_MIX[i % RUN_MIX.length]!;
            hub.emit(`run-${i % 10}`, e.type, e.data as never);
          },
          () => countRows(store),
        );
      }),
    );
    // Diagnostic, not a setting to ship as is: with no auto-checkpoint the WAL keeps every
    // frame, so it also counts the pages each one-event transaction writes.
    cases.push(
      withStore((store) => {
        store.db.pragma('wal_autocheckpoint = 0');
        const result = measure(
          'append, 1,000 runs, no auto-checkpoint',
          'Diagnostic: the 1,000-run case with wal_autocheckpoint=0, so no checkpoint (and fsync) runs inside the loop',
          maxEvents,
          maxMs,
          (i) =>
            store.events.append(
              `run-${i % 1000}`,
              'trajectory_event',
              syntheticPayload('audit', i),
            ),
          () => countRows(store),
        );
        const [wal] = store.db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
        return { ...result, walFramesPerEvent: wal ? wal.log / result.rows : undefined };
      }),
    );
    cases.push(
      withStore((store) => {
        const batch = 100;
        const result = measure(
          'append, 100 per transaction',
          'What batching would give: the same appends, 100 per store.transaction',
          Math.ceil(maxEvents / batch),
          maxMs,
          (i) =>
            store.transaction(() => {
              for (let j = 0; j < batch; j++)
                store.events.append(
                  'run-a',
                  'trajectory_event',
                  syntheticPayload('audit', i * batch + j),
                );
            }),
          () => countRows(store),
        );
        const perEvent = (x: number) => x / batch;
        const { n: _n, ...us } = result.appendUs;
        return {
          ...result,
          events: result.rows,
          callsPerSec: result.rowsPerSec,
          // Per event: a batch's time shared by its 100 events.
          appendUs: {
            n: result.rows,
            ...(Object.fromEntries(Object.entries(us).map(([k, v]) => [k, perEvent(v)])) as Omit<
              typeof result.appendUs,
              'n'
            >),
          },
        };
      }),
    );
    return withStore((store) => ({
      cases,
      sqliteVersion: store.db.prepare('SELECT sqlite_version() AS v').pluck().get() as string,
      pragmas: {
        journal_mode: store.db.pragma('journal_mode', { simple: true }),
        synchronous: store.db.pragma('synchronous', { simple: true }),
        wal_autocheckpoint: store.db.pragma('wal_autocheckpoint', { simple: true }),
        page_size: store.db.pragma('page_size', { simple: true }),
      },
    }));
  },
});
