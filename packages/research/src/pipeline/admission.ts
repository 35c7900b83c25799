/** A run that asks for a worker slot. */
export interface RunTicket {
  run_id: string;
  user_id: string;
  /**
   * Orders one user's waiting runs: the run's posting time, so a run resumed after feedback
   * goes before that user's runs posted after it.
   */
  since: string;
  /** Pauses the run has had answered: each stretch between pauses is queued afresh. */
  round?: number;
}

/** Where a waiting run stands. */
export interface QueuePlace {
  /** 1 for the run admitted next, counting the fair order between users. */
  position: number;
  /** Runs waiting on this worker (or queue). */
  waiting: number;
  /** Runs holding a slot, and how many slots there are. */
  active: number;
  limit: number;
}

export interface AdmissionStats {
  waiting: number;
  active: number;
  limit: number;
}

/** What the admission drives: the engine. */
export interface RunWorker {
  /**
   * Runs a run until it pauses or ends; its slot is held until the promise settles.
   * `waitedMs` is how long it waited for the slot.
   */
  run(ticket: RunTicket, waitedMs: number): Promise<void>;
  /** The run has to wait for a slot: where it stands (before `submit` returns, in process). */
  queued(ticket: RunTicket, place: QueuePlace): void | Promise<void>;
  /** Another worker holds the run now (this one's claim lapsed): stop it here, quietly. */
  abandon?(runId: string, reason: string): void;
}

/**
 * Decides when each run gets one of a worker's run slots. The engine submits runs and is
 * called back to run them; it never starts one itself, so a durable queue (pg-boss jobs
 * with leases) can replace the in-process admission without touching the stage loop.
 */
export interface RunAdmission {
  /** True when other instances execute runs from the same queue. */
  readonly shared?: boolean;
  /** Starts admitting runs to `worker`. */
  start(worker: RunWorker): void;
  /** Asks for a slot for a run; the worker runs it once one is free. */
  submit(ticket: RunTicket): Promise<void>;
  /** Where a waiting run stands, or null when it is not waiting. */
  place(runId: string): QueuePlace | null | Promise<QueuePlace | null>;
  stats(): AdmissionStats;
  /** Admits nothing more; waiting runs stay `pending` in the store for the next start. */
  stop(): void;
}

interface Waiting {
  ticket: RunTicket;
  queuedAt: number;
}

/**
 * The embedded admission: at most `limit` runs hold a slot at once. Waiting runs are FIFO
 * per user (by `since`) and fair across users: slots go round-robin between the users with
 * waiting runs, so one user's twenty runs do not starve another's one.
 */
export class InProcessAdmission implements RunAdmission {
  /** Each user's waiting runs, in order. */
  private readonly queues = new Map<string, Waiting[]>();
  /** Users with waiting runs, the next to be served first. */
  private readonly turn: string[] = [];
  private readonly holding = new Set<string>();
  private worker: RunWorker | null = null;
  private stopped = false;

  constructor(
    readonly limit: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  start(worker: RunWorker): void {
    this.worker = worker;
    this.stopped = false;
    this.admit();
  }

  async submit(ticket: RunTicket): Promise<void> {
    if (this.holding.has(ticket.run_id) || this.place(ticket.run_id)) return;
    let queue = this.queues.get(ticket.user_id);
    if (!queue) {
      this.queues.set(ticket.user_id, (queue = []));
      this.turn.push(ticket.user_id);
    }
    const after = queue.findIndex((w) => w.ticket.since > ticket.since);
    queue.splice(after === -1 ? queue.length : after, 0, { ticket, queuedAt: this.now() });
    this.admit();
    const place = this.place(ticket.run_id);
    if (place) this.worker?.queued(ticket, place);
  }

  place(runId: string): QueuePlace | null {
    // Slots go round-robin: in round r each user in turn order gets their r-th run, so the
    // runs ahead are r runs of each user with more than r, plus the r-th run of every user
    // ahead in this round.
    let user = -1;
    let index = -1;
    this.turn.forEach((u, i) => {
      const found = this.queues.get(u)?.findIndex((w) => w.ticket.run_id === runId) ?? -1;
      if (found !== -1) [user, index] = [i, found];
    });
    if (user === -1) return null;
    let ahead = 0;
    this.turn.forEach((u, i) => {
      const length = this.queues.get(u)?.length ?? 0;
      ahead += Math.min(length, index) + (i < user && length > index ? 1 : 0);
    });
    return { position: ahead + 1, ...this.stats() };
  }

  stats(): AdmissionStats {
    let waiting = 0;
    for (const queue of this.queues.values()) waiting += queue.length;
    return { waiting, active: this.holding.size, limit: this.limit };
  }

  stop(): void {
    this.stopped = true;
  }

  private admit(): void {
    const worker = this.worker;
    while (worker && !this.stopped && this.holding.size < this.limit) {
      const next = this.takeNext();
      if (!next) return;
      const runId = next.ticket.run_id;
      this.holding.add(runId);
      const release = () => {
        this.holding.delete(runId);
        this.admit();
      };
      let running: Promise<void>;
      try {
        running = worker.run(next.ticket, this.now() - next.queuedAt);
      } catch {
        running = Promise.resolve();
      }
      running.then(release, release);
    }
  }

  /** The next run in the fair order: the first run of the user whose turn it is. */
  private takeNext(): Waiting | undefined {
    const user = this.turn.shift();
    if (user === undefined) return undefined;
    const queue = this.queues.get(user)!;
    const next = queue.shift();
    if (queue.length > 0) this.turn.push(user);
    else this.queues.delete(user);
    return next;
  }
}
