import {
  Queue,
  Worker,
  createPostgresBackend,
  type Job,
  type JobProgress,
  type PostgresConnectionOptions,
  type PostgresQueueBackend,
} from 'bullmq';

type RunQueue = Queue<
  RunTicket,
  void,
  string,
  RunTicket,
  void,
  string,
  PostgresQueueBackend,
  PostgresConnectionOptions
>;
type RunQueueWorker = Worker<
  RunTicket,
  void,
  string,
  PostgresQueueBackend,
  JobProgress,
  PostgresConnectionOptions
>;
import { ResearchError } from '../errors.ts';
import type {
  AdmissionStats,
  QueuePlace,
  RunAdmission,
  RunTicket,
  RunWorker,
} from './admission.ts';

/** The queue every instance of a deployment shares. */
export const RUN_QUEUE = 'research-runs';
/** Retries of a run's job after its worker stopped or the database failed under it. */
const JOB_ATTEMPTS = 1000;
/** How long a read of the queue's order answers `place` (a snapshot's queue_position). */
const ORDER_TTL_MS = 250;
/** A run's job is taken over after this many worker deaths only (then it fails for good). */
const MAX_STALLS = 20;

export interface QueueAdmissionOptions {
  /** The Postgres that holds the queue (the research store's database). */
  databaseUrl: string;
  /** Runs this instance executes at once; 0 for an instance that only serves the API. */
  limit: number;
  /** How long a worker's claim lasts without renewal (BullMQ's lock duration). */
  leaseMs: number;
  /** Unfinished runs in the store, to put back in the queue when a job went missing. */
  unfinishedRuns(): Promise<RunTicket[]>;
  /** Whether the run still needs a worker (pending or running) after one let it go. */
  stillUnfinished(runId: string): Promise<boolean>;
  onError(err: unknown, what: string): void;
}

/**
 * Admission through a durable job queue shared by every instance: BullMQ on the research
 * store's Postgres. A run waiting for a slot is a job; a worker claims it with a lease that
 * BullMQ renews while the worker lives, and a worker that dies loses it, after which another
 * worker takes the job and the engine resumes the run from its last completed stage.
 *
 * Why BullMQ: it renews a claim while the worker lives and hands it on once it lapses,
 * on Postgres since version 6; pg-boss gained heartbeats only in versions that need Node 22,
 * and before that a job's claim is a fixed timeout (a dead worker's run would wait out the
 * whole stage budget, a slow live one would run twice).
 *
 * Fairness: a job's priority is one more than the user's runs already waiting, so slots go
 * round-robin between users and each user's runs keep their order.
 */
export class QueueAdmission implements RunAdmission {
  readonly shared = true;
  private readonly queue: RunQueue;
  private worker: RunQueueWorker | null = null;
  private engine: RunWorker | null = null;
  private reconciler: NodeJS.Timeout | undefined;
  private cached: AdmissionStats;
  private order: { at: number; order: string[]; active: number } | null = null;
  private orderRead: Promise<{ order: string[]; active: number }> | null = null;
  private readonly connection: { connectionString: string; migrate: true };

  constructor(private readonly options: QueueAdmissionOptions) {
    this.connection = { connectionString: options.databaseUrl, migrate: true };
    this.queue = new Queue(RUN_QUEUE, { connection: this.connection }, createPostgresBackend);
    this.queue.on('error', (err) => options.onError(err, 'run queue'));
    this.cached = { waiting: 0, active: 0, limit: options.limit };
  }

  /** Connects (creating the queue's tables on first use); throws when Postgres is unreachable. */
  async ready(): Promise<void> {
    await this.queue.waitUntilReady();
  }

  start(engine: RunWorker): void {
    this.engine = engine;
    const { limit, leaseMs } = this.options;
    if (limit > 0 && !this.worker) {
      const worker = new Worker(
        RUN_QUEUE,
        (job: Job<RunTicket>) => this.process(job),
        {
          connection: this.connection,
          concurrency: limit,
          lockDuration: leaseMs,
          stalledInterval: Math.max(1000, Math.floor(leaseMs / 2)),
          maxStalledCount: MAX_STALLS,
        },
        createPostgresBackend,
      );
      worker.on('error', (err) => this.options.onError(err, 'run queue worker'));
      // A claim this worker could not renew is another worker's now: stop the run here.
      worker.on('lockRenewalFailed', (jobIds: string[]) => {
        for (const id of jobIds)
          this.engine?.abandon?.(runOfJob(id), 'its claim on the run lapsed');
      });
      this.worker = worker;
      // Puts back runs whose job went missing (a job that failed for good, a lost queue row).
      this.reconciler = setInterval(() => void this.reconcile(), leaseMs * 4);
      this.reconciler.unref();
    }
  }

  async submit(ticket: RunTicket): Promise<void> {
    if (await this.queue.getJob(jobId(ticket))) return; // queued or claimed already
    const waiting = await this.waitingTickets();
    const active = await this.queue.getActiveCount();
    const ahead = waiting.filter((t) => t.user_id === ticket.user_id && t.since <= ticket.since);
    // Announced before the job exists, so no worker writes the run's events meanwhile.
    if (waiting.length > 0 || active >= this.options.limit) {
      const place = {
        position: waiting.length + 1,
        waiting: waiting.length + 1,
        active,
        limit: this.options.limit,
      };
      await this.engine?.queued(ticket, place);
    }
    await this.add(ticket, ahead.length + 1);
  }

  async place(runId: string): Promise<QueuePlace | null> {
    const { order, active } = await this.waitingOrder();
    const index = order.indexOf(runId);
    return index === -1
      ? null
      : { position: index + 1, waiting: order.length, active, limit: this.options.limit };
  }

  /**
   * The waiting runs in the order they will be claimed, read at most every ORDER_TTL_MS:
   * every GET of a pending run asks for its place, and the answer is a few queries.
   */
  private async waitingOrder(): Promise<{ order: string[]; active: number }> {
    const now = Date.now();
    if (this.order && now - this.order.at < ORDER_TTL_MS) return this.order;
    this.orderRead ??= (async () => {
      try {
        const jobs = await this.queue.getJobs(['prioritized', 'waiting']);
        const order = jobs
          .filter((j) => j?.data)
          .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || a.timestamp - b.timestamp)
          .map((j) => (j.data as RunTicket).run_id);
        const active = await this.queue.getActiveCount();
        this.cached = { waiting: order.length, active, limit: this.options.limit };
        this.order = { at: Date.now(), order, active };
        return this.order;
      } finally {
        this.orderRead = null;
      }
    })();
    return this.orderRead;
  }

  /** Last known counts (refreshed by `place` and `refreshStats`): metrics read them often. */
  stats(): AdmissionStats {
    return this.cached;
  }

  async refreshStats(): Promise<AdmissionStats> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'active');
    this.cached = {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      limit: this.options.limit,
    };
    return this.cached;
  }

  /** Whether the queue's database answers; never throws. */
  async reachable(): Promise<boolean> {
    try {
      await withTimeout(this.refreshStats(), 1000);
      return true;
    } catch {
      return false;
    }
  }

  /** Claims no more runs here (the ones held are let go by the engine). */
  stop(): void {
    clearInterval(this.reconciler);
    this.worker?.pause(true).catch(() => {});
  }

  /** Stops claiming runs, waits for this worker's jobs to be let go, and disconnects. */
  async close(): Promise<void> {
    this.stop();
    await this.worker?.close();
    await this.queue.close();
  }

  private async add(ticket: RunTicket, priority: number): Promise<void> {
    await this.queue.add('run', ticket, {
      jobId: jobId(ticket),
      priority,
      attempts: JOB_ATTEMPTS,
      backoff: { type: 'fixed', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  private async process(job: Job<RunTicket>): Promise<void> {
    const engine = this.engine;
    if (!engine) throw new ResearchError('service_stopping', 'the worker is not started');
    await engine.run(job.data, Math.max(0, Date.now() - job.timestamp));
    // The engine lets a run go when it pauses or ends, and also when this process stops or
    // its claim lapsed: then the job must stay, for another worker (a failed attempt is retried).
    if (await this.options.stillUnfinished(job.data.run_id)) {
      throw new ResearchError('service_stopping', 'the run was let go unfinished; retrying');
    }
  }

  private async reconcile(): Promise<void> {
    try {
      for (const ticket of await this.options.unfinishedRuns()) {
        if (!(await this.queue.getJob(jobId(ticket)))) await this.add(ticket, 1);
      }
    } catch (err) {
      this.options.onError(err, 'run queue reconciliation');
    }
  }

  private async waitingTickets(): Promise<RunTicket[]> {
    const jobs = await this.queue.getJobs(['prioritized', 'waiting']);
    return jobs.filter((j) => j?.data).map((j) => j.data as RunTicket);
  }
}

/**
 * One job per stretch of a run between pauses: the same stretch submitted twice (a restart,
 * the reconciler) is one job, and the stretch after a pause is a new one even while the
 * job that paused is still being let go.
 */
const jobId = (ticket: RunTicket) => `${ticket.run_id}~${ticket.round ?? 0}`;
const runOfJob = (id: string) => id.split('~')[0] ?? id;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
