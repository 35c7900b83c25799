import type { Database, Statement } from 'better-sqlite3';
import type { RunEvent, RunEventPayloads, RunEventType } from '../pipeline/events.ts';
import { nowIso } from './ids.ts';

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

/** Most events queued before `append` commits them at once instead of at the end of the tick. */
export const MAX_GROUP = 1000;

export type CommittedListener = (event: RunEvent) => void;

/**
 * The append-only audit trail: one row per event of a run, numbered from 1.
 *
 * Appends are group-committed: `append` numbers the event in memory and queues it, and the
 * queue is inserted in one transaction at the end of the event-loop turn (or as soon as it
 * holds MAX_GROUP events); only then are the events handed to `onCommitted` listeners. So
 * an event is published only once it is in the database, and a process crash loses at most
 * events that nobody has seen. Every read of events, every other write through the Store
 * and `Store.close` commit the queue first, so the database always holds a prefix of the
 * writes in program order and a read sees every published event.
 */
export class EventRepository {
  private readonly insertStmt: Statement;
  private readonly maxSeqStmt: Statement;
  private readonly listStmt: Statement;
  private readonly insertGroup: (group: readonly Queued[]) => void;
  private readonly nextSeq = new Map<string, number>();
  private readonly listeners = new Set<CommittedListener>();
  private queue: Queued[] = [];
  private flushScheduled = false;
  /** Committed events not yet handed to every listener, in order. */
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
   * it reaches `onCommitted` listeners once committed.
   */
  append<T extends RunEventType>(runId: string, type: T, data: RunEventPayloads[T]): RunEvent<T> {
    let seq = this.nextSeq.get(runId);
    if (seq === undefined) seq = (this.maxSeqStmt.get(runId) as { seq: number }).seq + 1;
    const event = { seq, run_id: runId, type, ts: nowIso(), data } as RunEvent<T>;
    this.queue.push({ event: event as RunEvent, data: JSON.stringify(data) });
    this.nextSeq.set(runId, seq + 1);
    if (this.queue.length >= MAX_GROUP && !this.db.inTransaction) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flushInBackground);
    }
    return event;
  }

  /**
   * Commits the queued events in one transaction, then hands them to the listeners. Does
   * nothing inside a transaction (the events must not be published before it commits);
   * they are committed after it.
   */
  flush(): void {
    if (this.queue.length === 0 || this.db.inTransaction) return;
    const group = this.queue;
    this.queue = [];
    try {
      this.insertGroup(group);
    } catch (err) {
      this.queue = group; // kept in order for the next attempt; nothing was published
      throw err;
    }
    for (const { event } of group) this.outbox.push(event);
    this.publish();
  }

  /** Events queued and not yet committed. */
  get queued(): number {
    return this.queue.length;
  }

  /** Listens to events as they are committed, in commit order; returns the function that stops. */
  onCommitted(listener: CommittedListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Events of a run with `seq > afterSeq`, in order (queued events are committed first). */
  list(runId: string, afterSeq = 0, limit = 100_000): RunEvent[] {
    this.flush();
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

  private readonly flushInBackground = (): void => {
    this.flushScheduled = false;
    try {
      this.flush();
    } catch (err) {
      this.onBackgroundError(err);
    }
  };

  private publish(): void {
    // A listener may cause another flush (by reading events, say); its events join the
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
