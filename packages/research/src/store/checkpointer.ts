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

// CommonJS, evaluated in the worker: no TypeScript loader is needed there.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
parentPort.on('message', () => {
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

  /** Stops checkpointing (the worker's connection closes with it). */
  stop(): void {
    clearInterval(this.timer);
    void this.worker?.terminate();
    this.worker = undefined;
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
