import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import { ResearchError } from '../errors.ts';

/** One PASSIVE checkpoint: WAL frames in the log, frames copied back, and its wall time. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
  ms: number;
  /** Where it ran. */
  thread: 'worker' | 'main';
}

export interface CheckpointerOptions {
  intervalMs: number;
  /** `worker` (default): a worker thread with its own connection; `main`: on the event loop. */
  thread: 'worker' | 'main';
  onError: (err: unknown) => void;
  onCheckpoint?: (result: CheckpointResult) => void;
}

/** How long a stopping worker may take to close (SQLite's busy timeout is 5 s). */
const STOP_GRACE_MS = 10_000;

// CommonJS, evaluated in the worker: no TypeScript loader is needed there.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    try {
      db.close();
    } catch {} // its files may be gone already; the thread ends either way
    parentPort.close(); // nothing left to wait for: the thread ends
    return;
  }
  const start = performance.now();
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, ...r, ms: performance.now() - start });
  } catch (err) {
    parentPort.postMessage({ ok: false, error: String(err && err.message ? err.message : err) });
  }
});
`;

/**
 * Copies the WAL back into the database every `intervalMs` with PASSIVE checkpoints
 * (which never wait for readers or writers), instead of SQLite's auto-checkpoint inside a
 * commit. By default they run in a worker thread on a connection of its own, because after
 * a second of heavy writing one checkpoint (copy and fsyncs) took 200-350 ms, all of it
 * time the event loop, and so every SSE stream, would otherwise stand still. If the worker
 * fails, checkpoints continue on the event loop.
 */
export class WalCheckpointer {
  private readonly timer: NodeJS.Timeout;
  private worker: Worker | undefined;
  private inFlight = false;

  constructor(
    private readonly db: Database,
    file: string,
    private readonly options: CheckpointerOptions,
  ) {
    if (options.thread === 'worker') this.worker = this.startWorker(file);
    this.timer = setInterval(() => this.tick(), options.intervalMs).unref();
  }

  /**
   * Stops checkpointing. The worker is asked to close its connection and end, not
   * terminated: a thread terminated inside a SQLite call (at start, say, when the service
   * stops at once) makes better-sqlite3 throw into a dying isolate, which aborts the whole
   * process. It is terminated only if it has not ended well after SQLite's busy timeout.
   * Resolves when the worker has ended (callers need not wait).
   */
  stop(): Promise<{ terminated: boolean }> {
    clearInterval(this.timer);
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return Promise.resolve({ terminated: false });
    let terminated = false;
    const ended = new Promise<{ terminated: boolean }>((resolve) =>
      worker.once('exit', () => {
        clearTimeout(deadline);
        resolve({ terminated });
      }),
    );
    worker.postMessage('close');
    worker.ref(); // the process waits the moment it takes to close, not the thread's death
    const deadline = setTimeout(() => {
      terminated = true;
      void worker.terminate();
    }, STOP_GRACE_MS).unref();
    return ended;
  }

  private startWorker(file: string): Worker {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
    worker.unref();
    worker.on(
      'message',
      (
        m:
          | { ok: true; busy: number; log: number; checkpointed: number; ms: number }
          | { ok: false; error: string },
      ) => {
        this.inFlight = false;
        if (m.ok)
          this.options.onCheckpoint?.({
            busy: m.busy,
            log: m.log,
            checkpointed: m.checkpointed,
            ms: m.ms,
            thread: 'worker',
          });
        else
          this.options.onError(
            new ResearchError('internal_error', `WAL checkpoint failed: ${m.error}`),
          );
      },
    );
    worker.on('error', (err) => {
      this.options.onError(err);
      this.worker = undefined; // go on from the event loop
      this.inFlight = false;
    });
    return worker;
  }

  private tick(): void {
    if (this.inFlight) return; // the last one is still copying
    if (this.worker) {
      this.inFlight = true;
      this.worker.postMessage('checkpoint');
      return;
    }
    if (!this.db.open) return;
    const start = performance.now();
    try {
      const [r] = this.db.pragma('wal_checkpoint(PASSIVE)') as Omit<
        CheckpointResult,
        'ms' | 'thread'
      >[];
      if (r) this.options.onCheckpoint?.({ ...r, ms: performance.now() - start, thread: 'main' });
    } catch (err) {
      this.options.onError(err);
    }
  }
}
