import type pg from 'pg';
import { fingerprint, NEAR_DUPLICATE, similarity } from '../fts.ts';
import { retrieveRanked, type SearchedTable } from './search.ts';

/** How one kind of per-user entry is stored, and what makes two entries the same. */
export interface EntryKind<T> extends SearchedTable {
  /** The columns an insert writes, in order (the fingerprint is written after them). */
  insertColumns: readonly (keyof T & string)[];
  /** The words two entries are the same entry by: equal once normalised, or nearly equal. */
  identity(entry: T): string;
}

/**
 * A user's entries of one kind (skills, memories): each added once (the same words, or a
 * reworded copy, give back the entry already there, also when two instances add it at once),
 * listed in insertion order, retrieved by full-text rank.
 */
export class UserEntries<T extends { user_id: string }> {
  constructor(
    private readonly pool: pg.Pool,
    private readonly beforeWrite: () => Promise<void>,
    private readonly kind: EntryKind<T>,
  ) {}

  /** Stores `row` unless the user has the same or a near-identical entry; says which. */
  async add(row: T): Promise<{ entry: T; created: boolean }> {
    const text = this.kind.identity(row);
    const fp = fingerprint(text);
    const existing = await this.byFingerprint(row.user_id, fp);
    if (existing) return { entry: existing, created: false };
    const near = (await this.list(row.user_id)).find(
      (e) => similarity(this.kind.identity(e), text) >= NEAR_DUPLICATE,
    );
    if (near) return { entry: near, created: false };
    await this.beforeWrite();
    const columns = [...this.kind.insertColumns, 'fingerprint'];
    const { rowCount } = await this.pool.query(
      `INSERT INTO ${this.kind.table} (${columns.join(', ')})
       VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (user_id, fingerprint) DO NOTHING`,
      [...this.kind.insertColumns.map((c) => row[c]), fp],
    );
    if (rowCount === 0) {
      // Another instance added the same entry since we looked.
      const winner = await this.byFingerprint(row.user_id, fp);
      if (winner) return { entry: winner, created: false };
    }
    return { entry: row, created: true };
  }

  async list(userId: string): Promise<T[]> {
    const { rows } = await this.pool.query<T>(
      `SELECT ${this.kind.columns} FROM ${this.kind.table} WHERE user_id = $1 ORDER BY position`,
      [userId],
    );
    return rows;
  }

  /** The top-k entries for a query by relevance, then usage; counts each returned one as used. */
  async retrieve(userId: string, query: string, k: number): Promise<T[]> {
    await this.beforeWrite();
    return retrieveRanked<T>(this.pool, this.kind, userId, query, k);
  }

  private async byFingerprint(userId: string, fp: string): Promise<T | undefined> {
    const { rows } = await this.pool.query<T>(
      `SELECT ${this.kind.columns} FROM ${this.kind.table} WHERE user_id = $1 AND fingerprint = $2`,
      [userId, fp],
    );
    return rows[0];
  }
}
