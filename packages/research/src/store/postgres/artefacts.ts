import type pg from 'pg';
import type { StageName } from '../../domain/artefacts.ts';
import type { ArtefactKind } from '../../domain/artefact-map.ts';
import { IdeationArtefacts } from '../../domain/artefacts.ts';
import { nowIso } from '../ids.ts';
import type { ArtefactStore, StoredArtefact } from '../contract.ts';
import { isUniqueViolation, type Sql } from './sql.ts';

type ArtefactRow = Omit<StoredArtefact, 'data'> & { data: string };

/** Attempts at a version number when another instance saves the same artefact at once. */
const SAVE_ATTEMPTS = 5;

/** Versioned stage artefacts: a revision adds a version, nothing is overwritten. */
export class PostgresArtefactStore implements ArtefactStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  async save(runId: string, stage: StageName, kind: ArtefactKind, data: unknown): Promise<number> {
    await this.beforeWrite();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.saveWith(this.pool, runId, stage, kind, data);
      } catch (err) {
        // Two writers took the same next version; the loser takes the one after.
        if (!isUniqueViolation(err) || attempt === SAVE_ATTEMPTS) throw err;
      }
    }
  }

  /** `save` on a given connection (for `completeStage`'s transaction). */
  async saveWith(
    sql: Sql,
    runId: string,
    stage: StageName,
    kind: ArtefactKind,
    data: unknown,
  ): Promise<number> {
    const { rows } = await sql.query<{ version: number }>(
      `INSERT INTO artefacts (run_id, kind, version, stage, data, created_at)
       SELECT $1, $2, COALESCE(MAX(version), 0) + 1, $3, $4, $5
       FROM artefacts WHERE run_id = $1 AND kind = $2
       RETURNING version`,
      [runId, kind, stage, JSON.stringify(data), nowIso()],
    );
    return rows[0]!.version;
  }

  async latest<T = unknown>(
    runId: string,
    kind: ArtefactKind,
  ): Promise<StoredArtefact<T> | undefined> {
    const { rows } = await this.pool.query<ArtefactRow>(
      `SELECT kind, stage, version, data, created_at FROM artefacts
       WHERE run_id = $1 AND kind = $2 ORDER BY version DESC LIMIT 1`,
      [runId, kind],
    );
    return rows[0] ? { ...rows[0], data: JSON.parse(rows[0].data) as T } : undefined;
  }

  async latestAll(runId: string): Promise<StoredArtefact[]> {
    const { rows } = await this.pool.query<ArtefactRow>(
      `SELECT * FROM (
         SELECT DISTINCT ON (kind) kind, stage, version, data, created_at FROM artefacts
         WHERE run_id = $1 ORDER BY kind, version DESC
       ) latest ORDER BY created_at, kind`,
      [runId],
    );
    return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as unknown }));
  }

  async ideationAsOf(runId: string, asOf: string): Promise<IdeationArtefacts | undefined> {
    const { rows } = await this.pool.query<{ data: string }>(
      `SELECT data FROM artefacts WHERE run_id = $1 AND kind = 'ideation' AND created_at <= $2
       ORDER BY version DESC LIMIT 1`,
      [runId, asOf],
    );
    if (!rows[0]) return undefined;
    const parsed = IdeationArtefacts.safeParse(JSON.parse(rows[0].data));
    return parsed.success ? parsed.data : undefined;
  }
}
