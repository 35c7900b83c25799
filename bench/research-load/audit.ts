// Child process: audit-trail write throughput on a temp SQLite database opened exactly as
// the service opens it (Store.open: WAL, synchronous=NORMAL, no auto-checkpoint, a PASSIVE
// checkpoint every second), through the service's own EventRepository.append and
// RunEventHub.emit with their group commit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { Store } from '../../packages/research/src/store/store.ts';
import { RunEventHub } from '../../packages/research/src/pipeline/event-hub.ts';
import { narrate } from '../../packages/research/src/narrator/narrator.ts';
import type { RunEventPayloads, RunEventType } from '../../packages/research/src/domain/events.ts';
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

/** Work that held the event loop 5 ms or more counts as a stall. */
const STALL_MS = 5;

/**
 * A fresh database, with the store's group commits timed (the method the service calls,
 * wrapped on this instance) and its periodic checkpoints reported.
 */
function instrumentedStore(dir: string, checkpointThread: 'worker' | 'main') {
  const checkpointMs: number[] = [];
  let checkpointedPages = 0;
  let backgroundStalls: number[] = [];
  const store = Store.open(join(dir, 'research.db'), {
    checkpointThread,
    onCheckpoint: (r) => {
      checkpointMs.push(r.ms);
      checkpointedPages += r.checkpointed;
      // A checkpoint in the worker thread does not hold the event loop.
      if (r.thread === 'main' && r.ms >= STALL_MS) backgroundStalls.push(r.ms);
    },
  });
  const commitMs: number[] = [];
  const commitSizes: number[] = [];
  let inCall = false;
  // Every group commit goes through `flushNow` (the end of the turn, a full group, and the
  // other writes and reads, which commit the queue first); `flush` calls it too.
  const flushNow = store.events.flushNow.bind(store.events);
  store.events.flushNow = () => {
    const queued = store.events.queued;
    if (queued === 0) return flushNow();
    const t0 = performance.now();
    flushNow();
    const took = performance.now() - t0;
    if (store.events.queued === 0) {
      commitMs.push(took);
      commitSizes.push(queued);
      if (!inCall && took >= STALL_MS) backgroundStalls.push(took);
    }
  };
  return {
    store,
    /** Marks a timed call, so a commit inside it is not counted twice as a stall. */
    call<T>(fn: () => T): T {
      inCall = true;
      try {
        return fn();
      } finally {
        inCall = false;
      }
    },
    figures(calls: number[]) {
      const callStalls = calls.filter((us) => us >= STALL_MS * 1000).map((us) => us / 1000);
      const stalls = [...callStalls, ...backgroundStalls];
      const result = {
        commits: {
          count: commitMs.length,
          eventsPerCommit: commitSizes.reduce((t, n) => t + n, 0) / Math.max(1, commitSizes.length),
          ms: summarize(commitMs),
        },
        checkpoints: {
          thread: checkpointThread,
          count: checkpointMs.length,
          ms: summarize(checkpointMs),
          pages: checkpointedPages,
        },
        stalls: { count: stalls.length, totalMs: stalls.reduce((t, ms) => t + ms, 0) },
      };
      backgroundStalls = [];
      return result;
    },
  };
}

type Instrumented = ReturnType<typeof instrumentedStore>;

/** One case on a fresh database, removed afterwards. */
async function onFreshStore<T>(
  fn: (s: Instrumented) => Promise<T>,
  checkpointThread: 'worker' | 'main' = 'worker',
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-research-audit-'));
  const s = instrumentedStore(dir, checkpointThread);
  try {
    return await fn(s);
  } finally {
    await s.store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const countRows = (store: Store) =>
  (store.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;

/**
 * `runs` producers, each calling `appendOne` once per event-loop turn as a run's stages do
 * (they yield after every event), until `maxEvents` or `maxMs`; rows counted once the last
 * group is committed.
 */
async function concurrentRuns(
  s: Instrumented,
  name: string,
  description: string,
  runs: number,
  maxEvents: number,
  maxMs: number,
  appendOne: (run: number, i: number) => void,
): Promise<AuditCase> {
  const durations: number[] = [];
  const start = performance.now();
  let calls = 0;
  const producer = async (run: number) => {
    for (let i = 0; calls < maxEvents && performance.now() - start < maxMs; i++) {
      const t0 = performance.now();
      s.call(() => appendOne(run, i));
      durations.push((performance.now() - t0) * 1000);
      calls++;
      await nextLoopTurn();
    }
  };
  await Promise.all(Array.from({ length: runs }, (_, run) => producer(run)));
  return finishCase(s, name, description, calls, start, durations);
}

/** `appendOne` in a loop that never yields, as the old benchmark did; groups cut at MAX_GROUP. */
function tightLoop(
  s: Instrumented,
  name: string,
  description: string,
  maxEvents: number,
  maxMs: number,
  appendOne: (i: number) => void,
): AuditCase {
  const durations: number[] = [];
  const start = performance.now();
  let i = 0;
  for (let last = start; i < maxEvents && last - start < maxMs; i++) {
    s.call(() => appendOne(i));
    const now = performance.now();
    durations.push((now - last) * 1000);
    last = now;
  }
  return finishCase(s, name, description, i, start, durations);
}

/** Commits what is queued, then the case's figures from the rows the table holds. */
function finishCase(
  s: Instrumented,
  name: string,
  description: string,
  calls: number,
  start: number,
  durations: number[],
): AuditCase {
  s.store.events.flushNow();
  const elapsedMs = performance.now() - start;
  const rows = countRows(s.store);
  return {
    name,
    description,
    events: calls,
    rows,
    elapsedMs,
    rowsPerSec: (rows / elapsedMs) * 1000,
    callsPerSec: (calls / elapsedMs) * 1000,
    appendUs: summarize(durations),
    ...s.figures(durations),
  };
}

serve<AuditCommands>({
  async run({ maxEvents, maxMs }) {
    const cases: AuditCase[] = [];
    const synthetic = (run: number, i: number) => syntheticPayload(`audit-${run}`, i);
    cases.push(
      await onFreshStore(async (s) =>
        concurrentRuns(
          s,
          '1,000 runs, 1 event a turn each',
          'EventRepository.append from 1,000 concurrent runs, each yielding to the event loop after every event as stages do; one group commit a turn',
          1000,
          maxEvents,
          maxMs,
          (run, i) => s.store.events.append(`run-${run}`, 'trajectory_event', synthetic(run, i)),
        ),
      ),
    );
    cases.push(
      await onFreshStore(async (s) => {
        const hub = new RunEventHub(s.store, narrate);
        return concurrentRuns(
          s,
          'hub.emit + narrator, 1,000 runs',
          'RunEventHub.emit (append, narrator, append of the narration; published after the commit; no subscribers) over a real run’s mix of events, 1,000 concurrent runs',
          1000,
          maxEvents,
          maxMs,
          (run, i) => {
            const e = RUN_MIX[(run + i) % RUN_MIX.length]!;
            hub.emit(`run-${run}`, e.type, e.data as never);
          },
        );
      }),
    );
    // Diagnostic: the same load with the periodic checkpoints on the event loop instead.
    cases.push(
      await onFreshStore(
        async (s) =>
          concurrentRuns(
            s,
            'diagnostic: 1,000 runs, checkpoints on the event loop',
            'Diagnostic: the first case with the 1 s PASSIVE checkpoints run on the main thread (checkpointThread: main)',
            1000,
            maxEvents,
            maxMs,
            (run, i) => s.store.events.append(`run-${run}`, 'trajectory_event', synthetic(run, i)),
          ),
        'main',
      ),
    );
    cases.push(
      await onFreshStore(async (s) =>
        concurrentRuns(
          s,
          '1 run, 1 event a turn',
          'One run alone, yielding after every event: one commit per event, the least batching there is',
          1,
          maxEvents,
          maxMs,
          (run, i) => s.store.events.append('run-a', 'trajectory_event', synthetic(run, i)),
        ),
      ),
    );
    cases.push(
      await onFreshStore(async (s) =>
        tightLoop(
          s,
          'tight loop, 1,000 runs round-robin',
          'The old benchmark loop: append round-robin over 1,000 runs without yielding; the queue is committed every 1,000 events',
          maxEvents,
          maxMs,
          (i) => s.store.events.append(`run-${i % 1000}`, 'trajectory_event', synthetic(0, i)),
        ),
      ),
    );
    cases.push(
      await onFreshStore(async (s) =>
        tightLoop(
          s,
          'tight loop, 1 run',
          'The old benchmark loop: append to one run without yielding; committed every 1,000 events',
          maxEvents,
          maxMs,
          (i) => s.store.events.append('run-a', 'trajectory_event', synthetic(0, i)),
        ),
      ),
    );
    // Diagnostic: the old write path (one transaction per event), checkpoints still off it.
    cases.push(
      await onFreshStore(async (s) =>
        tightLoop(
          s,
          'diagnostic: 1 commit per event, 1,000 runs',
          'Diagnostic: the tight 1,000-run loop committing after every append (the old write path), checkpoints on the timer only',
          maxEvents,
          maxMs,
          (i) => {
            s.store.events.append(`run-${i % 1000}`, 'trajectory_event', synthetic(0, i));
            s.store.events.flushNow();
          },
        ),
      ),
    );
    const dir = mkdtempSync(join(tmpdir(), 'bench-research-audit-'));
    const store = Store.open(join(dir, 'research.db'));
    try {
      return {
        cases,
        sqliteVersion: store.db.prepare('SELECT sqlite_version() AS v').pluck().get() as string,
        pragmas: {
          journal_mode: store.db.pragma('journal_mode', { simple: true }),
          synchronous: store.db.pragma('synchronous', { simple: true }),
          wal_autocheckpoint: store.db.pragma('wal_autocheckpoint', { simple: true }),
          page_size: store.db.pragma('page_size', { simple: true }),
        },
      };
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});
