import type { Database, Statement } from 'better-sqlite3';
import { RunState, type RunRecord, type RunSnapshot } from './types.ts';
import type { StageName } from '../domain/artefacts.ts';
import type { RunStatus } from '../domain/events.ts';
import { nowIso } from './ids.ts';
import { ResearchError } from '../errors.ts';
import type { RunPatch, RunStore } from './contract.ts';

interface RunRow {
  run_id: string;
  user_id: string;
  project_id: string;
  topic: string;
  status: RunStatus;
  current_stage: StageName | null;
  stages_completed: string;
  last_summary: string;
  error: string | null;
  state: string;
  started_at: string;
  updated_at: string;
}

export type { RunPatch };

/** Runs and their persisted engine state. */
export class RunRepository implements RunStore {
  private readonly insertStmt: Statement;
  private readonly getStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly listAllStmt: Statement;
  private readonly listByUserStmt: Statement;
  private readonly unfinishedStmt: Statement;
  private readonly countStmt: Statement;

  constructor(
    db: Database,
    private readonly beforeWrite: () => void,
  ) {
    // Prepared once: `get` answers every GET /runs/{id}, and preparing was as costly as the query.
    this.insertStmt = db.prepare(
      `INSERT INTO runs (run_id, user_id, project_id, topic, status, current_stage, stages_completed,
         last_summary, error, state, started_at, updated_at)
       VALUES (@run_id, @user_id, @project_id, @topic, @status, @current_stage, @stages_completed,
         @last_summary, @error, @state, @started_at, @updated_at)`,
    );
    this.getStmt = db.prepare('SELECT * FROM runs WHERE run_id = ?');
    this.updateStmt = db.prepare(
      `UPDATE runs SET status = @status, current_stage = @current_stage, stages_completed = @stages_completed,
         last_summary = @last_summary, error = @error, state = @state, updated_at = @updated_at
       WHERE run_id = @run_id`,
    );
    this.listAllStmt = db.prepare('SELECT * FROM runs ORDER BY started_at DESC, run_id DESC');
    this.listByUserStmt = db.prepare(
      'SELECT * FROM runs WHERE user_id = ? ORDER BY started_at DESC, run_id DESC',
    );
    this.unfinishedStmt = db.prepare(
      "SELECT * FROM runs WHERE status IN ('pending', 'running') ORDER BY started_at",
    );
    this.countStmt = db.prepare('SELECT status, COUNT(*) AS runs FROM runs GROUP BY status');
  }

  async insert(run: RunRecord): Promise<void> {
    this.beforeWrite();
    this.insertStmt.run({
      ...run,
      stages_completed: JSON.stringify(run.stages_completed),
      state: JSON.stringify(run.state),
    });
  }

  async get(runId: string): Promise<RunRecord | undefined> {
    return this.getSync(runId);
  }

  getSync(runId: string): RunRecord | undefined {
    const row = this.getStmt.get(runId) as RunRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  /** Applies a patch and bumps `updated_at`; returns the new record. */
  async update(runId: string, patch: RunPatch): Promise<RunRecord> {
    return this.updateSync(runId, patch);
  }

  async updateIf(
    runId: string,
    onlyIf: RunStatus,
    patch: RunPatch,
  ): Promise<RunRecord | undefined> {
    // One process, one connection: nothing runs between this read and the write.
    if (this.getSync(runId)?.status !== onlyIf) return undefined;
    return this.updateSync(runId, patch);
  }

  /** `update` without the promise, for `completeStage`'s transaction. */
  updateSync(runId: string, patch: RunPatch): RunRecord {
    const current = this.getSync(runId);
    if (!current) throw new ResearchError('run_not_found', `run ${runId} not found`);
    const next: RunRecord = { ...current, ...patch, updated_at: nowIso() };
    this.beforeWrite();
    this.updateStmt.run({
      run_id: runId,
      status: next.status,
      current_stage: next.current_stage,
      stages_completed: JSON.stringify(next.stages_completed),
      last_summary: next.last_summary,
      error: next.error,
      state: JSON.stringify(next.state),
      updated_at: next.updated_at,
    });
    return next;
  }

  /** Runs, newest first, optionally for one user. */
  async list(userId?: string): Promise<RunRecord[]> {
    const rows = (userId ? this.listByUserStmt.all(userId) : this.listAllStmt.all()) as RunRow[];
    return rows.map(toRecord);
  }

  /** How many runs there are of each status. */
  async countByStatus(): Promise<Partial<Record<RunStatus, number>>> {
    const rows = this.countStmt.all() as { status: RunStatus; runs: number }[];
    return Object.fromEntries(rows.map((r) => [r.status, r.runs]));
  }

  /** Runs the process was executing or had waiting when it stopped (to resume at start-up). */
  async listUnfinished(): Promise<RunRecord[]> {
    return (this.unfinishedStmt.all() as RunRow[]).map(toRecord);
  }
}

function toRecord(row: RunRow): RunRecord {
  return {
    run_id: row.run_id,
    user_id: row.user_id,
    topic: row.topic,
    project_id: row.project_id,
    status: row.status,
    current_stage: row.current_stage,
    stages_completed: JSON.parse(row.stages_completed) as StageName[],
    last_summary: row.last_summary,
    started_at: row.started_at,
    updated_at: row.updated_at,
    error: row.error,
    state: RunState.parse(JSON.parse(row.state)),
  };
}

/**
 * The public view of a run (drops engine state); `queue_position` is where a pending run
 * stands in the queue for a run slot (1 = next), null otherwise.
 */
export function toSnapshot(run: RunRecord, queuePosition: number | null = null): RunSnapshot {
  const { state: _state, ...snapshot } = run;
  return { ...snapshot, queue_position: queuePosition };
}
