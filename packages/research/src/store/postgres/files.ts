import type pg from 'pg';
import type { RunFile, RunFileStore } from '../contract.ts';
import { sha256 } from '../files.ts';
import { nowIso } from '../ids.ts';

/** A run's files (table `run_files`, contents as `bytea`), one row per path. */
export class PostgresRunFileStore implements RunFileStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  async put(runId: string, files: readonly RunFile[]): Promise<void> {
    // One row per path, the last copy given winning (one statement cannot update a row twice).
    const byPath = new Map(files.map((f) => [f.path, f.bytes]));
    if (byPath.size === 0) return;
    await this.beforeWrite();
    const paths = [...byPath.keys()];
    const contents = [...byPath.values()];
    await this.pool.query(
      `INSERT INTO run_files (run_id, path, sha256, size, bytes, updated_at)
       SELECT $1, f.path, f.sha256, f.size, f.bytes, $2
       FROM unnest($3::text[], $4::text[], $5::integer[], $6::bytea[]) AS f(path, sha256, size, bytes)
       ON CONFLICT (run_id, path) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size,
         bytes = excluded.bytes, updated_at = excluded.updated_at`,
      [
        runId,
        nowIso(),
        paths,
        contents.map((b) => sha256(b)),
        contents.map((b) => b.length),
        contents,
      ],
    );
  }

  async get(runId: string, path: string): Promise<Buffer | undefined> {
    const { rows } = await this.pool.query<{ bytes: Buffer }>(
      'SELECT bytes FROM run_files WHERE run_id = $1 AND path = $2',
      [runId, path],
    );
    return rows[0]?.bytes;
  }

  async list(runId: string): Promise<{ path: string; sha256: string; size: number }[]> {
    const { rows } = await this.pool.query<{ path: string; sha256: string; size: number }>(
      'SELECT path, sha256, size FROM run_files WHERE run_id = $1 ORDER BY path',
      [runId],
    );
    return rows;
  }
}
