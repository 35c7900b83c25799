import type { Database, Statement } from 'better-sqlite3';
import type { RunEvent, RunEventPayloads, RunEventType } from '../domain/events.ts';
import { nowIso } from './ids.ts';
import type { CommittedListener, EventStore } from './contract.ts';

interface EventRow {
  run_id: string;
  seq: number;
  type: RunEventType;
  ts: string;
  data: string;
}

interface Queued {
  event: RunEvent;
  /** The payload as stored, serialized when appended. */
  data: string;
}

/** Most events queued before `append` commits them at once instead of at the end of the turn. */
export const MAX_GROUP = 1000;

export type { CommittedListener };

/**
 * The append-only audit trail: one row per event of a run, numbered from 1.
 *
 * Appends are group-committed: `append` numbers the event in memory and queues it, and the
 * queue is inserted in one transaction at the end of the event-loop turn (or as soon as it
 * holds MAX_GROUP events). Every read of events, every other write through the Store and
 * `Store.close` commit the queue first, so the database always holds a prefix of the
 * writes in program order and a read sees every event published so far. Committed events
 * go to `onCommitted` listeners together at the end of the turn, so an event is published
 * only once it is in the database (a process crash loses at most events nobody has seen),
 * and a burst of events emitted in one turn reaches a subscriber in one write.
 */
export class EventRepository implements EventStore {
  private readonly insertStmt: Statement;
  private readonly maxSeqStmt: Statement;
  private readonly listStmt: Statement;
  private readonly insertGroup: (group: readonly Queued[]) => void;
  private readonly nextSeq = new Map<string, number>();
  private readonly listeners = new Set<CommittedListener>();
  private queue: Queued[] = [];
  private turnEndScheduled = false;
  /** Committed events not yet handed to the listeners, in order. */
  private readonly outbox: RunEvent[] = [];
  private publishing = false;

  constructor(
    private readonly db: Database,
    /** Where a failure of a flush nobody is waiting for goes (the events stay queued). */
    private readonly onBackgroundError: (err: unknown) => void,
  ) {
    this.insertStmt = db.prepare(
      'INSERT INTO events (run_id, seq, type, ts, data) VALUES (?, ?, ?, ?, ?)',
    );
    this.maxSeqStmt = db.prepare(
      'SELECT COALESCE(MAX(seq), 0) AS seq FROM events WHERE run_id = ?',
    );
    this.listStmt = db.prepare(
      'SELECT run_id, seq, type, ts, data FROM events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?',
    );
    this.insertGroup = db.transaction((group: readonly Queued[]) => {
      for (const { event, data } of group)
        this.insertStmt.run(event.run_id, event.seq, event.type, event.ts, data);
    });
  }

  /**
   * Gives an event the run's next sequence number and queues it for the next group commit;
   * it reaches `onCommitted` listeners at the end of the loop turn in which it is committed.
   */
  append<T extends RunEventType>(runId: string, type: T, data: RunEventPayloads[T]): RunEvent<T> {
    let seq = this.nextSeq.get(runId);
    if (seq === undefined) seq = (this.maxSeqStmt.get(runId) as { seq: number }).seq + 1;
    const event = { seq, run_id: runId, type, ts: nowIso(), data } as RunEvent<T>;
    this.queue.push({ event: event as RunEvent, data: JSON.stringify(data) });
    this.nextSeq.set(runId, seq + 1);
    if (this.queue.length >= MAX_GROUP) this.flushNow();
    this.scheduleTurnEnd();
    return event;
  }

  /**
   * Commits the queued events now, in one transaction (their listeners get them at the end
   * of the turn). Does nothing inside a transaction: they are committed after it.
   */
  async flush(): Promise<void> {
    this.flushNow();
  }

  /** `flush` on this thread, for the other repositories' writes (they commit events first). */
  flushNow(): void {
    if (this.queue.length === 0 || this.db.inTransaction) return;
    const group = this.queue;
    this.queue = [];
    try {
      this.insertGroup(group);
    } catch (err) {
      const stale = this.staleRuns(group);
      if (stale.size === 0) {
        this.queue = group; // kept in order for the next attempt; nothing was published
        throw err;
      }
      // Another writer numbered these runs' events first: theirs stand, these are dropped
      // (never published) and the runs are closed here; everyone else's events go on.
      for (const runId of stale) this.nextSeq.delete(runId);
      this.queue = group.filter(({ event }) => !stale.has(event.run_id));
      this.onBackgroundError(
        new Error(`stale writer: events of ${[...stale].join(', ')} were numbered elsewhere first`),
      );
      this.flushNow();
      return;
    }
    for (const { event } of group) this.outbox.push(event);
    this.scheduleTurnEnd();
  }

  /** Commits the queued events and hands every committed event to the listeners now. */
  drain(): void {
    this.flushNow();
    this.publish();
  }

  /** Events queued and not yet committed. */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Listens to committed events, in commit order, handed over at the end of the loop turn
   * they were committed in; returns the function that stops listening.
   */
  onCommitted(listener: CommittedListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async open(runId: string): Promise<void> {
    this.flushNow();
    this.nextSeq.set(runId, (this.maxSeqStmt.get(runId) as { seq: number }).seq + 1);
  }

  async release(runId: string): Promise<void> {
    this.flushNow();
    this.nextSeq.delete(runId);
  }

  /** One process writes a SQLite database: every commit is this process's. */
  watch(_runId: string): () => void {
    return () => {};
  }

  /** Events of a run with `seq > afterSeq`, in order (queued events are committed first). */
  async list(runId: string, afterSeq = 0, limit = 100_000): Promise<RunEvent[]> {
    this.flushNow();
    const rows = this.listStmt.all(runId, afterSeq, limit) as EventRow[];
    return rows.map(
      (r) =>
        ({
          seq: r.seq,
          run_id: r.run_id,
          type: r.type,
          ts: r.ts,
          data: JSON.parse(r.data),
        }) as RunEvent,
    );
  }

  /** Runs of a group whose first queued sequence number is already stored. */
  private staleRuns(group: readonly Queued[]): Set<string> {
    const first = new Map<string, number>();
    for (const { event } of group) if (!first.has(event.run_id)) first.set(event.run_id, event.seq);
    const stale = new Set<string>();
    for (const [runId, seq] of first) {
      if ((this.maxSeqStmt.get(runId) as { seq: number }).seq >= seq) stale.add(runId);
    }
    return stale;
  }

  private scheduleTurnEnd(): void {
    if (this.turnEndScheduled) return;
    this.turnEndScheduled = true;
    setImmediate(this.endOfTurn);
  }

  private readonly endOfTurn = (): void => {
    this.turnEndScheduled = false;
    try {
      this.flushNow();
    } catch (err) {
      this.onBackgroundError(err);
    }
    this.publish();
  };

  private publish(): void {
    // A listener may cause another commit (by reading events, say); its events join the
    // outbox and go out after these, so every listener sees commit order.
    if (this.publishing) return;
    this.publishing = true;
    try {
      for (let i = 0; i < this.outbox.length; i++) {
        const event = this.outbox[i]!;
        for (const listener of this.listeners) {
          try {
            listener(event);
          } catch (err) {
            this.onBackgroundError(err);
          }
        }
      }
    } finally {
      this.outbox.length = 0;
      this.publishing = false;
    }
  }
}
