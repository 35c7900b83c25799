import type { Database } from 'better-sqlite3';
import type { StageName } from '../domain/artefacts.ts';
import type { FeedbackEntry } from './types.ts';
import { nowIso } from './ids.ts';
import type { FeedbackStore } from './contract.ts';

/** The queue of user feedback waiting to train the planner. */
export class FeedbackRepository implements FeedbackStore {
  constructor(
    private readonly db: Database,
    private readonly beforeWrite: () => void,
  ) {}

  async enqueue(entry: {
    run_id: string;
    user_id: string;
    stage: StageName;
    text: string;
  }): Promise<FeedbackEntry> {
    const created_at = nowIso();
    this.beforeWrite();
    const info = this.db
      .prepare(
        'INSERT INTO feedback (run_id, user_id, stage, text, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(entry.run_id, entry.user_id, entry.stage, entry.text, created_at);
    return { ...entry, id: Number(info.lastInsertRowid), created_at, consumed_at: null };
  }

  /** Feedback not yet used for training, oldest first. */
  async pending(userId: string): Promise<FeedbackEntry[]> {
    return this.db
      .prepare('SELECT * FROM feedback WHERE user_id = ? AND consumed_at IS NULL ORDER BY id')
      .all(userId) as FeedbackEntry[];
  }

  /** All feedback of a user or run, oldest first. */
  async list(filter: { userId?: string; runId?: string }): Promise<FeedbackEntry[]> {
    if (filter.runId) {
      return this.db
        .prepare('SELECT * FROM feedback WHERE run_id = ? ORDER BY id')
        .all(filter.runId) as FeedbackEntry[];
    }
    return this.db
      .prepare('SELECT * FROM feedback WHERE user_id = ? ORDER BY id')
      .all(filter.userId ?? '') as FeedbackEntry[];
  }

  async markConsumed(ids: number[]): Promise<void> {
    this.beforeWrite();
    this.markConsumedSync(ids);
  }

  /** `markConsumed` without the promise, for the planner's transaction. */
  markConsumedSync(ids: number[]): void {
    const stmt = this.db.prepare('UPDATE feedback SET consumed_at = ? WHERE id = ?');
    const now = nowIso();
    this.db.transaction(() => ids.forEach((id) => stmt.run(now, id)))();
  }
}
