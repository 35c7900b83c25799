import type pg from 'pg';
import type { RunEvent, RunEventPayloads, RunEventType } from '../../domain/events.ts';
import { nowIso } from '../ids.ts';
import type { CommittedListener, EventStore } from '../contract.ts';
import { NotificationListener } from './listener.ts';
import { isUniqueViolation } from './sql.ts';

/** The channel on which every instance announces the events it committed. */
export const EVENTS_CHANNEL = 'hikma_research_events';
/** Most events one INSERT commits; a longer queue is committed in several groups, in order. */
export const MAX_GROUP = 1000;
/** Wait before retrying a failed commit nobody waits for; doubled per failure up to the max. */
const RETRY_MIN_MS = 50;
const RETRY_MAX_MS = 5_000;
/** Events read per query when catching up a watched run. */
const CATCH_UP_PAGE = 1000;
/** pg_notify payloads must stay under 8000 bytes; announcements are split below this. */
const NOTIFY_MAX_BYTES = 7000;

interface Queued {
  event: RunEvent;
  /** The payload as stored, serialized when appended. */
  data: string;
}

interface EventRow {
  run_id: string;
  seq: number;
  type: RunEventType;
  ts: string;
  data: string;
}

/** What an instance announces after a commit: its id and each run's last committed seq. */
interface Announcement {
  instance: string;
  runs: Record<string, number>;
}

/** A run whose events other instances commit are delivered here. */
interface Watch {
  watchers: number;
  /** The last seq delivered to listeners; undefined until the starting point is read. */
  delivered: number | undefined;
  /** Below the starting point being read: the last seq before a local commit seen meanwhile. */
  floor: number;
  /** The read of the starting point (the run's last seq), while it is pending. */
  start: Promise<void> | undefined;
  catchingUp: boolean;
  again: boolean;
  retryTimer: NodeJS.Timeout | undefined;
  retryDelay: number;
}

/** A writer committed a seq another process had already committed for the run. */
export class StaleWriterError extends Error {
  constructor(
    readonly runId: string,
    readonly firstSeq: number,
    readonly committedSeq: number,
    readonly dropped: number,
  ) {
    super(
      `events of run ${runId} from seq ${firstSeq} were not stored: another writer has committed up to seq ${committedSeq}; ` +
        `${dropped} queued event(s) dropped and the run closed for writing here (events.open to write again)`,
    );
    this.name = 'StaleWriterError';
  }
}

/**
 * The append-only audit trail on Postgres, one row per event, numbered from 1 per run.
 *
 * Numbering: a process may append to a run it has opened (`open` reads the last seq); the
 * primary key (run_id, seq) makes a stale writer (one whose run another process has opened
 * and written since) fail instead of forking the trail. Its queued events for that run are
 * dropped, never published, and reported through `onBackgroundError`; the run is closed for
 * writing here, so its next `append` throws.
 *
 * Group commit: `append` queues; the queue is inserted with one statement per group at the
 * end of the event-loop turn or when `flush` is awaited, one flush at a time, in order.
 * The store's other writes await `flush` first, so the database always holds a prefix of
 * the writes in program order. A commit that fails otherwise (the connection is lost)
 * keeps the events queued in order, and the next flush retries them; one nobody waits for
 * is retried after a bounded backoff. Events are published only once committed.
 *
 * Across instances: the statement that inserts a group also announces it with pg_notify
 * (instance id, runs and last seqs). A dedicated connection LISTENs; for each run someone
 * here `watch`es, events committed by another instance are read from the table after the
 * last one delivered and handed to `onCommitted` in order. After the LISTEN connection is
 * lost and comes back, every watched run is caught up the same way, so nothing committed
 * meanwhile is missed.
 */
export class PostgresEventStore implements EventStore {
  private readonly nextSeq = new Map<string, number>();
  private readonly listeners = new Set<CommittedListener>();
  private readonly watches = new Map<string, Watch>();
  private readonly notifications: NotificationListener;
  private queue: Queued[] = [];
  private committing = 0;
  /** The flush in progress (or the last one); the next one starts after it. */
  private flushing: Promise<void> = Promise.resolve();
  private turnEndScheduled = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = RETRY_MIN_MS;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    url: string,
    private readonly instanceId: string,
    /** Where failures nobody waits for go: background commits, stale writers, listeners. */
    private readonly onBackgroundError: (err: unknown) => void,
  ) {
    const name = `research-events ${instanceId}`.slice(0, 63);
    this.notifications = new NotificationListener(url, EVENTS_CHANNEL, name, {
      onNotification: (payload) => this.announced(payload),
      onConnected: () => {
        for (const runId of this.watches.keys()) this.catchUp(runId);
      },
    });
  }

  /** Starts listening to other instances' commits. */
  async start(): Promise<void> {
    await this.notifications.start();
  }

  /** Whether the connection that hears other instances' commits is up. */
  get listening(): boolean {
    return this.notifications.listening;
  }

  /**
   * Gives an event the run's next sequence number and queues it for the next group commit;
   * the run must be open for writing here (`open`).
   */
  append<T extends RunEventType>(runId: string, type: T, data: RunEventPayloads[T]): RunEvent<T> {
    if (this.closed) throw new Error(`events: the store is closed (appending to run ${runId})`);
    const seq = this.nextSeq.get(runId);
    if (seq === undefined) {
      throw new Error(
        `events: run ${runId} is not open for writing in this process (events.open(runId) first)`,
      );
    }
    const event = { seq, run_id: runId, type, ts: nowIso(), data } as RunEvent<T>;
    this.queue.push({ event: event as RunEvent, data: JSON.stringify(data) });
    this.nextSeq.set(runId, seq + 1);
    this.scheduleTurnEnd();
    return event;
  }

  /** Reads the run's last sequence number so that this process appends after it. */
  async open(runId: string): Promise<void> {
    await this.flush();
    this.nextSeq.set(runId, (await this.lastSeq(runId)) + 1);
  }

  /** Commits what is queued and forgets the run's counter (another process may write next). */
  async release(runId: string): Promise<void> {
    await this.flush();
    this.nextSeq.delete(runId);
  }

  /**
   * Commits the queued events now, after any flush in progress. Rejects if they could not
   * be committed (they stay queued, in order, for the next flush); a stale writer's events
   * are not a failure of the flush (see the class comment).
   */
  flush(): Promise<void> {
    const flushed = this.flushing.then(() => this.commitQueued());
    this.flushing = flushed.catch(() => {});
    return flushed;
  }

  get queued(): number {
    return this.queue.length + this.committing;
  }

  onCommitted(listener: CommittedListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Delivers to `onCommitted` the run's events that other instances commit, in order, until
   * the returned function is called (watches of one run are counted). Events after
   * `afterSeq` are delivered, those already committed included; without it, those after the
   * run's last seq as read when the watch starts. A `list` of the run called after `watch`
   * waits for that read, so watching then listing misses nothing in between; an event may
   * then come both ways (de-duplicate by seq).
   */
  watch(runId: string, afterSeq?: number): () => void {
    let watch = this.watches.get(runId);
    if (!watch) {
      watch = {
        watchers: 0,
        delivered: afterSeq,
        floor: Infinity,
        start: undefined,
        catchingUp: false,
        again: false,
        retryTimer: undefined,
        retryDelay: RETRY_MIN_MS,
      };
      this.watches.set(runId, watch);
      this.catchUp(runId);
    } else if (
      afterSeq !== undefined &&
      (watch.delivered === undefined || afterSeq < watch.delivered)
    ) {
      // A later watcher asks for events the first had: they go to every listener again.
      watch.delivered = afterSeq;
      this.catchUp(runId);
    }
    watch.watchers++;
    const current = watch;
    let watching = true;
    return () => {
      if (!watching) return;
      watching = false;
      if (--current.watchers > 0 || this.watches.get(runId) !== current) return;
      clearTimeout(current.retryTimer);
      this.watches.delete(runId);
    };
  }

  async list(runId: string, afterSeq = 0, limit = 100_000): Promise<RunEvent[]> {
    await this.flush();
    // A watch that has just started reads where the run stands first (see `watch`).
    await this.watches.get(runId)?.start?.catch(() => {});
    const { rows } = await this.pool.query<EventRow>(
      'SELECT run_id, seq, type, ts, data FROM events WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [runId, afterSeq, limit],
    );
    return rows.map(toEvent);
  }

  /** Commits what is queued, then stops listening; appending afterwards throws. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      this.closed = true;
      clearTimeout(this.retryTimer);
      for (const watch of this.watches.values()) clearTimeout(watch.retryTimer);
      this.watches.clear();
      await this.notifications.stop();
    }
  }

  private async lastSeq(runId: string): Promise<number> {
    const { rows } = await this.pool.query<{ seq: number }>(
      'SELECT COALESCE(MAX(seq), 0) AS seq FROM events WHERE run_id = $1',
      [runId],
    );
    return rows[0]!.seq;
  }

  private scheduleTurnEnd(): void {
    if (this.turnEndScheduled) return;
    this.turnEndScheduled = true;
    setImmediate(() => {
      this.turnEndScheduled = false;
      // While a failed commit backs off, new events wait for its retry.
      if (!this.retryTimer) this.backgroundFlush();
    });
  }

  private backgroundFlush(): void {
    this.flush().catch((err: unknown) => this.onBackgroundError(err));
  }

  /** After a failure, retries the queue later (and later still after each further failure). */
  private scheduleRetry(): void {
    if (this.retryTimer || this.closed || this.queue.length === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.backgroundFlush();
    }, this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
  }

  private async commitQueued(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, MAX_GROUP);
      this.committing = group.length;
      try {
        await this.insert(group);
      } catch (err) {
        this.committing = 0;
        const kept = isUniqueViolation(err) ? await this.dropStale(group, err) : group;
        if (kept !== group) {
          this.queue = kept.concat(this.queue);
          continue; // what the stale writers did not spoil goes in now
        }
        this.queue = group.concat(this.queue); // in order, for the next attempt; nothing was published
        this.scheduleRetry();
        throw err;
      }
      this.committing = 0;
      // Committed again: a retry still pending would hold back the next turns' commits.
      this.retryDelay = RETRY_MIN_MS;
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
      this.publishLocal(group);
    }
  }

  /** Inserts a group and announces it, in one statement (so in one transaction). */
  private async insert(group: readonly Queued[]): Promise<void> {
    const last: Record<string, number> = {};
    for (const { event } of group) last[event.run_id] = event.seq;
    await this.pool.query(
      `WITH inserted AS (
         INSERT INTO events (run_id, seq, type, ts, data)
         SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[])
         RETURNING 1
       )
       SELECT pg_notify($6, announcement) FROM unnest($7::text[]) AS announcement`,
      [
        group.map((q) => q.event.run_id),
        group.map((q) => q.event.seq),
        group.map((q) => q.event.type),
        group.map((q) => q.event.ts),
        group.map((q) => q.data),
        EVENTS_CHANNEL,
        announcements(this.instanceId, last),
      ],
    );
  }

  /**
   * After a duplicate key: finds the runs whose first queued seq another writer has already
   * committed, drops their queued events (in `group` and in the queue), closes them for
   * writing here and reports each. Returns the rest of the group, or `group` itself when
   * no run is stale (or the check failed), to retry it as it is.
   */
  private async dropStale(group: Queued[], err: unknown): Promise<Queued[]> {
    const first = new Map<string, number>();
    for (const { event } of group) if (!first.has(event.run_id)) first.set(event.run_id, event.seq);
    let committed: { run_id: string; seq: number }[];
    try {
      ({ rows: committed } = await this.pool.query<{ run_id: string; seq: number }>(
        'SELECT run_id, MAX(seq) AS seq FROM events WHERE run_id = ANY($1::text[]) GROUP BY run_id',
        [[...first.keys()]],
      ));
    } catch {
      return group;
    }
    const stale = new Map<string, number>();
    for (const { run_id, seq } of committed) if (seq >= first.get(run_id)!) stale.set(run_id, seq);
    if (stale.size === 0) return group;
    const kept = group.filter((q) => !stale.has(q.event.run_id));
    const dropped = new Map<string, number>();
    for (const q of group.concat(this.queue)) {
      if (stale.has(q.event.run_id))
        dropped.set(q.event.run_id, (dropped.get(q.event.run_id) ?? 0) + 1);
    }
    this.queue = this.queue.filter((q) => !stale.has(q.event.run_id));
    for (const [runId, seq] of stale) {
      this.nextSeq.delete(runId);
      const error = new StaleWriterError(runId, first.get(runId)!, seq, dropped.get(runId)!);
      error.cause = err;
      this.onBackgroundError(error);
    }
    return kept;
  }

  /**
   * Hands a committed group to the listeners. A watched run's events go through its
   * catch-up when its deliveries are not exactly up to the event before (a catch-up in
   * progress, a starting point not read yet), so each run's events are delivered in order.
   */
  private publishLocal(group: readonly Queued[]): void {
    for (const { event } of group) {
      const watch = this.watches.get(event.run_id);
      if (!watch) {
        this.emit(event);
      } else if (
        !watch.catchingUp &&
        watch.delivered !== undefined &&
        event.seq === watch.delivered + 1
      ) {
        watch.delivered = event.seq;
        this.emit(event);
      } else if (watch.delivered === undefined || event.seq > watch.delivered) {
        if (watch.delivered === undefined) watch.floor = Math.min(watch.floor, event.seq - 1);
        this.catchUp(event.run_id);
      }
    }
  }

  private emit(event: RunEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.onBackgroundError(err);
      }
    }
  }

  /** Another instance (or this one) committed events: catches up the watched runs among them. */
  private announced(payload: string): void {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload) as Announcement;
    } catch {
      return; // not ours
    }
    if (announcement.instance === this.instanceId) return; // published at commit
    for (const [runId, seq] of Object.entries(announcement.runs ?? {})) {
      const watch = this.watches.get(runId);
      if (watch && (watch.delivered === undefined || seq > watch.delivered)) this.catchUp(runId);
    }
  }

  /**
   * Reads where a watched run stands (its last seq) to deliver what follows; `list` of the
   * run waits for this read, so that watching then listing misses nothing in between.
   */
  private startingPoint(runId: string, watch: Watch): Promise<void> {
    watch.start ??= this.lastSeq(runId).then(
      (last) => {
        watch.start = undefined;
        if (watch.delivered !== undefined) return; // a watcher asked for an earlier start
        // Local commits seen while reading are delivered, not taken as the start.
        watch.delivered = Math.min(last, watch.floor);
        watch.floor = Infinity;
      },
      (err: unknown) => {
        watch.start = undefined;
        throw err;
      },
    );
    return watch.start;
  }

  /**
   * Reads a watched run's events after the last one delivered and delivers them, in order;
   * one catch-up per run at a time (a request meanwhile runs it again). On failure (the
   * database is away) it retries after a backoff; a reconnection also catches up.
   */
  private catchUp(runId: string): void {
    const watch = this.watches.get(runId);
    if (!watch || this.closed) return;
    if (watch.catchingUp) {
      watch.again = true;
      return;
    }
    watch.catchingUp = true;
    const current = () => this.watches.get(runId) === watch && !this.closed;
    void (async () => {
      try {
        do {
          watch.again = false;
          if (watch.delivered === undefined) await this.startingPoint(runId, watch);
          for (;;) {
            const after = watch.delivered;
            if (after === undefined) break; // not after a starting point was read
            const { rows }: { rows: EventRow[] } = await this.pool.query<EventRow>(
              'SELECT run_id, seq, type, ts, data FROM events WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
              [runId, after, CATCH_UP_PAGE],
            );
            if (!current()) return;
            for (const row of rows) {
              if (watch.delivered !== undefined && row.seq <= watch.delivered) continue;
              watch.delivered = row.seq;
              this.emit(toEvent(row));
            }
            if (rows.length < CATCH_UP_PAGE) break;
          }
        } while (watch.again && current());
        watch.retryDelay = RETRY_MIN_MS;
      } catch {
        if (!current()) return;
        // Not reported: the database is away, and the retry or the reconnection catches up.
        clearTimeout(watch.retryTimer);
        watch.retryTimer = setTimeout(() => this.catchUp(runId), watch.retryDelay);
        watch.retryDelay = Math.min(watch.retryDelay * 2, RETRY_MAX_MS);
      } finally {
        watch.catchingUp = false;
      }
    })();
  }
}

/** The announcements of a commit: each run's last seq, split to fit pg_notify's payload limit. */
function announcements(instance: string, last: Record<string, number>): string[] {
  const out: string[] = [];
  let runs: Record<string, number> = {};
  let size = 0;
  for (const [runId, seq] of Object.entries(last)) {
    const entry = Buffer.byteLength(JSON.stringify(runId)) + String(seq).length + 2;
    if (size > 0 && size + entry > NOTIFY_MAX_BYTES) {
      out.push(JSON.stringify({ instance, runs } satisfies Announcement));
      runs = {};
      size = 0;
    }
    runs[runId] = seq;
    size += entry;
  }
  out.push(JSON.stringify({ instance, runs } satisfies Announcement));
  return out;
}

function toEvent(row: EventRow): RunEvent {
  return {
    seq: row.seq,
    run_id: row.run_id,
    type: row.type,
    ts: row.ts,
    data: JSON.parse(row.data),
  } as RunEvent;
}
