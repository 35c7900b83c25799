import type { Database } from 'better-sqlite3';
import { IdeationArtefacts } from '../domain/artefacts.ts';
import { nowIso } from '../store/ids.ts';
import { PreferenceModel } from './preference-model.ts';

/** What a training session recorded next to the weights. */
export interface PlannerMetrics {
  train_accuracy: number;
  accuracy_before: number;
  loss_before: number;
  loss_after: number;
  epochs: number;
  duration_ms: number;
  feedback_used: number;
  feedback_consumed: number;
  /** Pairs per rule that produced them (explicit, approval, rejection, attribute). */
  rules: Record<string, number>;
}

export interface PlannerModelInfo {
  user_id: string;
  version: number;
  trained_at: string;
  pairs: number;
  metrics: PlannerMetrics;
}

interface Row {
  user_id: string;
  version: number;
  weights_json: string;
  trained_at: string;
  pairs: number;
  metrics_json: string;
}

/** Versioned planner weights per user (table `planner_models`): training adds a version. */
export class PlannerModelRepository {
  constructor(private readonly db: Database) {}

  /** Stores a new version of the user's model and returns its number (1, 2, …). */
  save(userId: string, model: PreferenceModel, pairs: number, metrics: PlannerMetrics): number {
    const row = this.db
      .prepare('SELECT COALESCE(MAX(version), 0) AS v FROM planner_models WHERE user_id = ?')
      .get(userId) as { v: number };
    const version = row.v + 1;
    this.db
      .prepare(
        'INSERT INTO planner_models (user_id, version, weights_json, trained_at, pairs, metrics_json) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        userId,
        version,
        JSON.stringify(model.toJSON()),
        nowIso(),
        pairs,
        JSON.stringify(metrics),
      );
    return version;
  }

  /** The latest version number, 0 when the user has never been trained. */
  latestVersion(userId: string): number {
    const row = this.db
      .prepare('SELECT COALESCE(MAX(version), 0) AS v FROM planner_models WHERE user_id = ?')
      .get(userId) as { v: number };
    return row.v;
  }

  /** The latest model and its record; throws `PlannerError` on an unknown model version. */
  latest(userId: string): { info: PlannerModelInfo; model: PreferenceModel } | undefined {
    const row = this.db
      .prepare('SELECT * FROM planner_models WHERE user_id = ? ORDER BY version DESC LIMIT 1')
      .get(userId) as Row | undefined;
    if (!row) return undefined;
    return { info: toInfo(row), model: PreferenceModel.fromJSON(JSON.parse(row.weights_json)) };
  }

  /** Every version's record (without weights), oldest first. */
  list(userId: string): PlannerModelInfo[] {
    return (
      this.db
        .prepare(
          'SELECT user_id, version, trained_at, pairs, metrics_json FROM planner_models WHERE user_id = ? ORDER BY version',
        )
        .all(userId) as Omit<Row, 'weights_json'>[]
    ).map(toInfo);
  }

  /**
   * The ideation artefact as the user saw it when giving feedback at `asOf`: a revision made
   * after the feedback must not be mistaken for the candidates it was about. (Reads the
   * artefacts table directly; belongs in `ArtefactRepository` as an `asOf` query.)
   */
  ideationAsOf(runId: string, asOf: string): IdeationArtefacts | undefined {
    const row = this.db
      .prepare(
        `SELECT data FROM artefacts WHERE run_id = ? AND kind = 'ideation' AND created_at <= ?
         ORDER BY version DESC LIMIT 1`,
      )
      .get(runId, asOf) as { data: string } | undefined;
    if (!row) return undefined;
    const parsed = IdeationArtefacts.safeParse(JSON.parse(row.data));
    return parsed.success ? parsed.data : undefined;
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
