import type pg from 'pg';
import { nowIso } from '../ids.ts';
import type { PlannerMetrics, PlannerModelInfo, PlannerModelStore } from '../contract.ts';
import type { PostgresFeedbackStore } from './feedback.ts';
import { transaction } from './sql.ts';

type InfoRow = Omit<PlannerModelInfo, 'metrics'> & { metrics: PlannerMetrics };

/** Versioned planner weights per user (table `planner_models`): training adds a version. */
export class PostgresPlannerModelStore implements PlannerModelStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly feedback: PostgresFeedbackStore,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  async save(
    userId: string,
    weights: unknown,
    pairs: number,
    metrics: PlannerMetrics,
    consumedFeedback: number[],
  ): Promise<number> {
    await this.beforeWrite();
    return transaction(this.pool, async (client) => {
      // The user's row lock serializes two trainings of one user between instances.
      await client.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [userId]);
      const { rows } = await client.query<{ version: number }>(
        `INSERT INTO planner_models (user_id, version, weights, trained_at, pairs, metrics)
         SELECT $1, COALESCE(MAX(version), 0) + 1, $2, $3, $4, $5
         FROM planner_models WHERE user_id = $1
         RETURNING version`,
        [userId, JSON.stringify(weights), nowIso(), pairs, JSON.stringify(metrics)],
      );
      await this.feedback.markConsumedWith(client, consumedFeedback);
      return rows[0]!.version;
    });
  }

  async latestVersion(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: number }>(
      'SELECT COALESCE(MAX(version), 0) AS version FROM planner_models WHERE user_id = $1',
      [userId],
    );
    return rows[0]!.version;
  }

  async latest(userId: string): Promise<{ info: PlannerModelInfo; weights: unknown } | undefined> {
    const { rows } = await this.pool.query<InfoRow & { weights: string }>(
      `SELECT user_id, version, trained_at, pairs, metrics, weights FROM planner_models
       WHERE user_id = $1 ORDER BY version DESC LIMIT 1`,
      [userId],
    );
    if (!rows[0]) return undefined;
    const { weights, ...info } = rows[0];
    return { info, weights: JSON.parse(weights) };
  }

  async list(userId: string): Promise<PlannerModelInfo[]> {
    const { rows } = await this.pool.query<InfoRow>(
      `SELECT user_id, version, trained_at, pairs, metrics FROM planner_models
       WHERE user_id = $1 ORDER BY version`,
      [userId],
    );
    return rows;
  }
}
