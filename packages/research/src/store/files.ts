import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { RunFile, RunFileStore } from './contract.ts';
import { nowIso } from './ids.ts';

/** A run's files in the database (table `run_files`), one row per path. */
export class RunFileRepository implements RunFileStore {
  constructor(
    private readonly db: Database,
    private readonly beforeWrite: () => void,
  ) {}

  async put(runId: string, files: readonly RunFile[]): Promise<void> {
    if (files.length === 0) return;
    this.beforeWrite();
    const stmt = this.db.prepare(
      `INSERT INTO run_files (run_id, path, sha256, size, bytes, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(run_id, path) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size,
         bytes = excluded.bytes, updated_at = excluded.updated_at`,
    );
    const now = nowIso();
    this.db.transaction(() => {
      for (const f of files) stmt.run(runId, f.path, sha256(f.bytes), f.bytes.length, f.bytes, now);
    })();
  }

  async get(runId: string, path: string): Promise<Buffer | undefined> {
    const row = this.db
      .prepare('SELECT bytes FROM run_files WHERE run_id = ? AND path = ?')
      .get(runId, path) as { bytes: Buffer } | undefined;
    return row?.bytes;
  }

  async list(runId: string): Promise<{ path: string; sha256: string; size: number }[]> {
    return this.db
      .prepare('SELECT path, sha256, size FROM run_files WHERE run_id = ? ORDER BY path')
      .all(runId) as { path: string; sha256: string; size: number }[];
  }
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
