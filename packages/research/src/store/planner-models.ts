import type { Database } from 'better-sqlite3';
import { nowIso } from './ids.ts';
import type { FeedbackRepository } from './feedback.ts';
import type { PlannerMetrics, PlannerModelInfo, PlannerModelStore } from './contract.ts';

interface Row {
  user_id: string;
  version: number;
  weights_json: string;
  trained_at: string;
  pairs: number;
  metrics_json: string;
}

/** Versioned planner weights per user (table `planner_models`): training adds a version. */
export class PlannerModelRepository implements PlannerModelStore {
  constructor(
    private readonly db: Database,
    private readonly feedback: FeedbackRepository,
    private readonly beforeWrite: () => void,
  ) {}

  async save(
    userId: string,
    weights: unknown,
    pairs: number,
    metrics: PlannerMetrics,
    consumedFeedback: number[],
  ): Promise<number> {
    this.beforeWrite();
    return this.db.transaction(() => {
      const version = this.latestVersionSync(userId) + 1;
      this.db
        .prepare(
          'INSERT INTO planner_models (user_id, version, weights_json, trained_at, pairs, metrics_json) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(userId, version, JSON.stringify(weights), nowIso(), pairs, JSON.stringify(metrics));
      this.feedback.markConsumedSync(consumedFeedback);
      return version;
    })();
  }

  async latestVersion(userId: string): Promise<number> {
    return this.latestVersionSync(userId);
  }

  async latest(userId: string): Promise<{ info: PlannerModelInfo; weights: unknown } | undefined> {
    const row = this.db
      .prepare('SELECT * FROM planner_models WHERE user_id = ? ORDER BY version DESC LIMIT 1')
      .get(userId) as Row | undefined;
    return row ? { info: toInfo(row), weights: JSON.parse(row.weights_json) } : undefined;
  }

  async list(userId: string): Promise<PlannerModelInfo[]> {
    return (
      this.db
        .prepare(
          'SELECT user_id, version, trained_at, pairs, metrics_json FROM planner_models WHERE user_id = ? ORDER BY version',
        )
        .all(userId) as Omit<Row, 'weights_json'>[]
    ).map(toInfo);
  }

  private latestVersionSync(userId: string): number {
    const row = this.db
      .prepare('SELECT COALESCE(MAX(version), 0) AS v FROM planner_models WHERE user_id = ?')
      .get(userId) as { v: number };
    return row.v;
  }
}

function toInfo(row: Omit<Row, 'weights_json'>): PlannerModelInfo {
  return {
    user_id: row.user_id,
    version: row.version,
    trained_at: row.trained_at,
    pairs: row.pairs,
    metrics: JSON.parse(row.metrics_json) as PlannerMetrics,
  };
}
