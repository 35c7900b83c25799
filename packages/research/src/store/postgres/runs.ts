import type pg from 'pg';
import { RunState, type RunRecord } from '../types.ts';
import type { StageName } from '../../domain/artefacts.ts';
import type { RunStatus } from '../../domain/events.ts';
import { nowIso } from '../ids.ts';
import { ResearchError } from '../../errors.ts';
import type { RunPatch, RunStore } from '../contract.ts';
import { storableText, type Sql } from './sql.ts';

interface RunRow {
  run_id: string;
  user_id: string;
  project_id: string;
  topic: string;
  status: RunStatus;
  current_stage: StageName | null;
  stages_completed: StageName[];
  last_summary: string;
  error: string | null;
  state: string;
  started_at: string;
  updated_at: string;
}

/** How each patchable field is stored. */
const PATCH_COLUMNS: { [K in keyof Required<RunPatch>]: (value: RunPatch[K]) => unknown } = {
  status: (v) => v,
  current_stage: (v) => v,
  stages_completed: (v) => JSON.stringify(v),
  last_summary: (v) => storableText(v ?? ''),
  error: (v) => storableText(v ?? null),
  state: (v) => JSON.stringify(v),
};

/** Runs and their persisted engine state. */
export class PostgresRunStore implements RunStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  async insert(run: RunRecord): Promise<void> {
    await this.beforeWrite();
    await this.pool.query(
      `INSERT INTO runs (run_id, user_id, project_id, topic, status, current_stage, stages_completed,
         last_summary, error, state, started_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        run.run_id,
        run.user_id,
        run.project_id,
        storableText(run.topic),
        run.status,
        run.current_stage,
        JSON.stringify(run.stages_completed),
        storableText(run.last_summary),
        storableText(run.error),
        JSON.stringify(run.state),
        run.started_at,
        run.updated_at,
      ],
    );
  }

  async get(runId: string): Promise<RunRecord | undefined> {
    const { rows } = await this.pool.query<RunRow>('SELECT * FROM runs WHERE run_id = $1', [runId]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  async update(runId: string, patch: RunPatch): Promise<RunRecord> {
    await this.beforeWrite();
    return this.updateWith(this.pool, runId, patch);
  }

  async updateIf(
    runId: string,
    onlyIf: RunStatus,
    patch: RunPatch,
  ): Promise<RunRecord | undefined> {
    await this.beforeWrite();
    // One statement: the row lock makes a concurrent compare-and-set wait, then see our status.
    return this.patch(this.pool, runId, patch, onlyIf);
  }

  /** `update` on a given connection (for `completeStage`'s transaction). */
  async updateWith(sql: Sql, runId: string, patch: RunPatch): Promise<RunRecord> {
    const updated = await this.patch(sql, runId, patch);
    if (!updated) throw new ResearchError('run_not_found', `run ${runId} not found`);
    return updated;
  }

  /** The run, locked until the end of the transaction `sql` is in; `run_not_found` if none. */
  async lock(sql: pg.PoolClient, runId: string): Promise<RunRecord> {
    const { rows } = await sql.query<RunRow>('SELECT * FROM runs WHERE run_id = $1 FOR UPDATE', [
      runId,
    ]);
    if (!rows[0]) throw new ResearchError('run_not_found', `run ${runId} not found`);
    return toRecord(rows[0]);
  }

  async list(userId?: string): Promise<RunRecord[]> {
    const { rows } = userId
      ? await this.pool.query<RunRow>(
          'SELECT * FROM runs WHERE user_id = $1 ORDER BY started_at DESC, run_id DESC',
          [userId],
        )
      : await this.pool.query<RunRow>('SELECT * FROM runs ORDER BY started_at DESC, run_id DESC');
    return rows.map(toRecord);
  }

  async countByStatus(): Promise<Partial<Record<RunStatus, number>>> {
    const { rows } = await this.pool.query<{ status: RunStatus; runs: number }>(
      'SELECT status, COUNT(*)::integer AS runs FROM runs GROUP BY status',
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.runs]));
  }

  async listUnfinished(): Promise<RunRecord[]> {
    const { rows } = await this.pool.query<RunRow>(
      "SELECT * FROM runs WHERE status IN ('pending', 'running') ORDER BY started_at, run_id",
    );
    return rows.map(toRecord);
  }

  /** Applies the patch (while the run has status `onlyIf`, when given); undefined if no row was. */
  private async patch(
    sql: Sql,
    runId: string,
    patch: RunPatch,
    onlyIf?: RunStatus,
  ): Promise<RunRecord | undefined> {
    const values: unknown[] = [runId, nowIso()];
    const sets = ['updated_at = $2'];
    for (const [column, encode] of Object.entries(PATCH_COLUMNS) as [
      keyof RunPatch,
      (value: unknown) => unknown,
    ][]) {
      if (patch[column] === undefined) continue;
      values.push(encode(patch[column]));
      sets.push(`${column} = $${values.length}`);
    }
    let where = 'run_id = $1';
    if (onlyIf !== undefined) {
      values.push(onlyIf);
      where += ` AND status = $${values.length}`;
    }
    const { rows } = await sql.query<RunRow>(
      `UPDATE runs SET ${sets.join(', ')} WHERE ${where} RETURNING *`,
      values,
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
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
    stages_completed: row.stages_completed,
    last_summary: row.last_summary,
    started_at: row.started_at,
    updated_at: row.updated_at,
    error: row.error,
    state: RunState.parse(JSON.parse(row.state)),
  };
}
