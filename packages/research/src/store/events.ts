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

/** The append-only audit trail: one row per event of a run, numbered from 1. */
export class EventRepository {
  private readonly insertStmt: Statement;
  private readonly maxSeqStmt: Statement;
  private readonly nextSeq = new Map<string, number>();

  constructor(private readonly db: Database) {
    this.insertStmt = db.prepare(
      'INSERT INTO events (run_id, seq, type, ts, data) VALUES (?, ?, ?, ?, ?)',
    );
    this.maxSeqStmt = db.prepare(
      'SELECT COALESCE(MAX(seq), 0) AS seq FROM events WHERE run_id = ?',
    );
  }

  /** Appends an event, giving it the run's next sequence number. */
  append<T extends RunEventType>(runId: string, type: T, data: RunEventPayloads[T]): RunEvent<T> {
    let seq = this.nextSeq.get(runId);
    if (seq === undefined) seq = (this.maxSeqStmt.get(runId) as { seq: number }).seq + 1;
    const ts = nowIso();
    this.insertStmt.run(runId, seq, type, ts, JSON.stringify(data));
    this.nextSeq.set(runId, seq + 1);
    return { seq, run_id: runId, type, ts, data } as RunEvent<T>;
  }

  /** Events of a run with `seq > afterSeq`, in order. */
  list(runId: string, afterSeq = 0, limit = 100_000): RunEvent[] {
    const rows = this.db
      .prepare(
        'SELECT run_id, seq, type, ts, data FROM events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?',
      )
      .all(runId, afterSeq, limit) as EventRow[];
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
}
