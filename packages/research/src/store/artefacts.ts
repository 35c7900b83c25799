import type { Database, Statement } from 'better-sqlite3';
import type { StageName } from '../domain/artefacts.ts';
import type { ArtefactKind } from '../domain/artefact-map.ts';
import { IdeationArtefacts } from '../domain/artefacts.ts';
import { nowIso } from './ids.ts';
import type { ArtefactStore, StoredArtefact } from './contract.ts';

export type { StoredArtefact };

/** Versioned stage artefacts: a revision adds a version, nothing is overwritten. */
export class ArtefactRepository implements ArtefactStore {
  private readonly maxVersionStmt: Statement;
  private readonly insertStmt: Statement;
  private readonly latestStmt: Statement;

  constructor(
    private readonly db: Database,
    private readonly beforeWrite: () => void,
  ) {
    this.maxVersionStmt = db.prepare(
      'SELECT COALESCE(MAX(version), 0) AS v FROM artefacts WHERE run_id = ? AND kind = ?',
    );
    this.insertStmt = db.prepare(
      'INSERT INTO artefacts (run_id, kind, version, stage, data, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.latestStmt = db.prepare(
      'SELECT kind, stage, version, data, created_at FROM artefacts WHERE run_id = ? AND kind = ? ORDER BY version DESC LIMIT 1',
    );
  }

  /** Stores a new version of an artefact and returns its version number. */
  async save(runId: string, stage: StageName, kind: ArtefactKind, data: unknown): Promise<number> {
    this.beforeWrite();
    return this.saveSync(runId, stage, kind, data);
  }

  /** `save` without the promise, for `completeStage`'s transaction. */
  saveSync(runId: string, stage: StageName, kind: ArtefactKind, data: unknown): number {
    const row = this.maxVersionStmt.get(runId, kind) as { v: number };
    const version = row.v + 1;
    this.insertStmt.run(runId, kind, version, stage, JSON.stringify(data), nowIso());
    return version;
  }

  /** The latest version of an artefact, if any. */
  async latest<T = unknown>(
    runId: string,
    kind: ArtefactKind,
  ): Promise<StoredArtefact<T> | undefined> {
    const row = this.latestStmt.get(runId, kind) as
      (Omit<StoredArtefact, 'data'> & { data: string }) | undefined;
    return row ? { ...row, data: JSON.parse(row.data) as T } : undefined;
  }

  /** The latest version of every artefact of a run. */
  async latestAll(runId: string): Promise<StoredArtefact[]> {
    const rows = this.db
      .prepare(
        `SELECT a.kind, a.stage, a.version, a.data, a.created_at FROM artefacts a
         WHERE a.run_id = ? AND a.version = (SELECT MAX(version) FROM artefacts b WHERE b.run_id = a.run_id AND b.kind = a.kind)
         ORDER BY a.created_at`,
      )
      .all(runId) as (Omit<StoredArtefact, 'data'> & { data: string })[];
    return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as unknown }));
  }

  async ideationAsOf(runId: string, asOf: string): Promise<IdeationArtefacts | undefined> {
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
