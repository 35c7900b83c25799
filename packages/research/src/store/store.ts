import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrations.ts';
import { ResearchError } from '../errors.ts';
import { UserRepository } from './users.ts';
import { RunRepository } from './runs.ts';
import { ArtefactRepository } from './artefacts.ts';
import { EventRepository } from './events.ts';
import { FeedbackRepository } from './feedback.ts';
import { SkillRepository } from './skills.ts';
import { MemoryRepository } from './memories.ts';
import { RunFileRepository } from './files.ts';
import { PlannerModelRepository } from './planner-models.ts';
import { WalCheckpointer, type CheckpointResult } from './checkpointer.ts';
import type { ResearchStore, RunPatch } from './contract.ts';
import type { StageName } from '../domain/artefacts.ts';
import type { ArtefactKind } from '../domain/artefact-map.ts';
import type { RunRecord } from './types.ts';

/** How often the WAL is copied back into the database, off the write path. */
export const CHECKPOINT_INTERVAL_MS = 1000;
/** Size the WAL file is cut back to after a checkpoint that let it restart. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

export interface StoreOptions {
  /** Errors of work nobody waits for: background commits of the audit trail, checkpoints. */
  onBackgroundError?: (err: unknown) => void;
  checkpointIntervalMs?: number;
  /** Where periodic checkpoints run (default `worker`; `main` is the event loop). */
  checkpointThread?: 'worker' | 'main';
  /** Called after each periodic checkpoint (for measurements). */
  onCheckpoint?: (result: CheckpointResult) => void;
}

/**
 * The research service's storage: one SQLite database (WAL), one repository per domain.
 *
 * Durability: `synchronous=NORMAL` in WAL mode, so a commit survives a crash of the process
 * but the last commits before a power loss or OS crash may be rolled back; the WAL is
 * fsynced when it is checkpointed. Checkpoints do not run inside a write
 * (`wal_autocheckpoint=0`; they used to stall one append in ~400 for 5-15 ms) but every
 * CHECKPOINT_INTERVAL_MS from a worker thread (see WalCheckpointer), so what a power loss
 * can take is bounded by that interval rather than by a page count; `close` checkpoints
 * everything and empties the WAL. Audit events are group-committed (see EventRepository)
 * and published only once committed.
 */
export class Store implements ResearchStore {
  readonly backend = 'sqlite' as const;
  readonly users: UserRepository;
  readonly runs: RunRepository;
  readonly artefacts: ArtefactRepository;
  readonly events: EventRepository;
  readonly feedback: FeedbackRepository;
  readonly skills: SkillRepository;
  readonly memories: MemoryRepository;
  readonly files: RunFileRepository;
  readonly plannerModels: PlannerModelRepository;
  private checkpointer: WalCheckpointer | undefined;
  private readonly onBackgroundError: (err: unknown) => void;

  private constructor(
    readonly db: Database.Database,
    options: StoreOptions,
  ) {
    this.onBackgroundError =
      options.onBackgroundError ?? ((err) => process.emitWarning(`research store: ${String(err)}`));
    this.events = new EventRepository(db, this.onBackgroundError);
    // Every other write commits queued audit events first, keeping commits in program order.
    const beforeWrite = () => this.events.flushNow();
    this.users = new UserRepository(db, beforeWrite);
    this.runs = new RunRepository(db, beforeWrite);
    this.artefacts = new ArtefactRepository(db, beforeWrite);
    this.feedback = new FeedbackRepository(db, beforeWrite);
    this.skills = new SkillRepository(db, beforeWrite);
    this.memories = new MemoryRepository(db, beforeWrite);
    this.files = new RunFileRepository(db, beforeWrite);
    this.plannerModels = new PlannerModelRepository(db, this.feedback, beforeWrite);
  }

  /** Opens (creating and migrating as needed) the database at `file`; `:memory:` for tests. */
  static open(file: string, options: StoreOptions = {}): Store {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('wal_autocheckpoint = 0');
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    const store = new Store(db, options);
    if (file !== ':memory:') {
      store.checkpointer = new WalCheckpointer(db, file, {
        intervalMs: options.checkpointIntervalMs ?? CHECKPOINT_INTERVAL_MS,
        thread: options.checkpointThread ?? 'worker',
        onError: store.onBackgroundError,
        onCheckpoint: options.onCheckpoint,
      });
    }
    return store;
  }

  async completeStage(
    runId: string,
    stage: StageName,
    artefacts: Partial<Record<ArtefactKind, unknown>>,
    patch: (latest: RunRecord) => RunPatch,
  ): Promise<RunRecord> {
    this.events.flushNow();
    return this.db.transaction(() => {
      const latest = this.runs.getSync(runId);
      if (!latest) throw new ResearchError('run_not_found', `run ${runId} not found`);
      for (const [kind, data] of Object.entries(artefacts))
        this.artefacts.saveSync(runId, stage, kind as ArtefactKind, data);
      return this.runs.updateSync(runId, patch(latest));
    })();
  }

  /**
   * Copies committed WAL frames back into the database file on this thread (fsyncing the
   * WAL first). PASSIVE never waits for readers or writers; TRUNCATE waits for them and
   * also empties the WAL file.
   */
  checkpoint(mode: 'PASSIVE' | 'TRUNCATE' = 'PASSIVE'): {
    busy: number;
    log: number;
    checkpointed: number;
  } {
    const [result] = this.db.pragma(`wal_checkpoint(${mode})`) as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    return result ?? { busy: 0, log: 0, checkpointed: 0 };
  }

  /** Whether the database answers a query (for readiness); never throws. */
  async reachable(): Promise<boolean> {
    try {
      return this.db.open && this.db.prepare('SELECT 1 AS ok').get() !== undefined;
    } catch {
      return false;
    }
  }

  /** Commits queued audit events, checkpoints the WAL into the database and closes it. */
  async close(): Promise<void> {
    // The checkpoint thread closes its connection first, so this one is the last: SQLite
    // then removes the WAL and shared-memory files here, not later from the other thread
    // while a caller is already deleting the directory.
    await this.checkpointer?.stop();
    this.closeSync();
  }

  /** `close` on this thread (for tests that simulate a crash around it). */
  closeSync(): void {
    // Stopped even when the database was closed under it, so its thread does not outlive it.
    this.checkpointer?.stop();
    if (!this.db.open) return;
    try {
      this.events.drain();
      this.checkpoint('TRUNCATE');
    } finally {
      this.db.close();
    }
  }
}
