import type pg from 'pg';
import type { StageName } from '../../domain/artefacts.ts';
import type { FeedbackEntry } from '../types.ts';
import { nowIso } from '../ids.ts';
import type { FeedbackStore } from '../contract.ts';
import { storableText, type Sql } from './sql.ts';

type FeedbackRow = Omit<FeedbackEntry, 'id'> & { id: string };

const COLUMNS = 'id, run_id, user_id, stage, text, created_at, consumed_at';

/** The queue of user feedback waiting to train the planner. */
export class PostgresFeedbackStore implements FeedbackStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  async enqueue(entry: {
    run_id: string;
    user_id: string;
    stage: StageName;
    text: string;
  }): Promise<FeedbackEntry> {
    const created_at = nowIso();
    const text = storableText(entry.text);
    await this.beforeWrite();
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO feedback (run_id, user_id, stage, text, created_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [entry.run_id, entry.user_id, entry.stage, text, created_at],
    );
    return { ...entry, text, id: Number(rows[0]!.id), created_at, consumed_at: null };
  }

  async pending(userId: string): Promise<FeedbackEntry[]> {
    const { rows } = await this.pool.query<FeedbackRow>(
      `SELECT ${COLUMNS} FROM feedback WHERE user_id = $1 AND consumed_at IS NULL ORDER BY id`,
      [userId],
    );
    return rows.map(toEntry);
  }

  async list(filter: { userId?: string; runId?: string }): Promise<FeedbackEntry[]> {
    const { rows } = filter.runId
      ? await this.pool.query<FeedbackRow>(
          `SELECT ${COLUMNS} FROM feedback WHERE run_id = $1 ORDER BY id`,
          [filter.runId],
        )
      : await this.pool.query<FeedbackRow>(
          `SELECT ${COLUMNS} FROM feedback WHERE user_id = $1 ORDER BY id`,
          [filter.userId ?? ''],
        );
    return rows.map(toEntry);
  }

  async markConsumed(ids: number[]): Promise<void> {
    await this.beforeWrite();
    await this.markConsumedWith(this.pool, ids);
  }

  /** `markConsumed` on a given connection (for the planner's transaction). */
  async markConsumedWith(sql: Sql, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await sql.query('UPDATE feedback SET consumed_at = $1 WHERE id = ANY($2::bigint[])', [
      nowIso(),
      ids,
    ]);
  }
}

/** bigint ids come back as strings; feedback ids stay far below 2^53. */
function toEntry(row: FeedbackRow): FeedbackEntry {
  return { ...row, id: Number(row.id) };
}
