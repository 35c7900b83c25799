import { createHash } from 'node:crypto';

const STOP = new Set(
  'a an the and or of to in on for with by from at is are was were be been this that these those it its as into over under about via using use we our their'.split(
    ' ',
  ),
);

/** Builds an FTS5 MATCH expression: the query's words, quoted, joined with OR (BM25 ranks them). */
export function ftsQuery(text: string): string | null {
  const words = [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 1 && !STOP.has(w)),
    ),
  ].slice(0, 32);
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"`).join(' OR ');
}

/** Stable fingerprint of a text for de-duplication: case, punctuation and spacing ignored. */
export function fingerprint(text: string): string {
  const normal = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
  return createHash('sha256').update(normal).digest('hex').slice(0, 32);
}

/** A per-user table with an FTS5 index over it and a `uses` counter. */
export interface RankedTable {
  table: 'skills' | 'memories';
  idColumn: 'skill_id' | 'memory_id';
  /** Order of the fallback when the query matches fewer than k rows. */
  fallbackOrder: string;
}

/**
 * The top-k rows of a user for a query by BM25 (ties by most used), topped up by the
 * fallback order when too few match; every returned row counts as used.
 */
export function retrieveRanked<T extends Record<string, unknown>>(
  db: import('better-sqlite3').Database,
  spec: RankedTable,
  userId: string,
  query: string,
  k: number,
): T[] {
  if (k <= 0) return [];
  const { table, idColumn } = spec;
  const match = ftsQuery(query);
  const rows: T[] = match
    ? (db
        .prepare(
          `SELECT t.* FROM ${table}_fts f JOIN ${table} t ON t.rowid = f.rowid
           WHERE ${table}_fts MATCH ? AND t.user_id = ? ORDER BY bm25(${table}_fts), t.uses DESC LIMIT ?`,
        )
        .all(match, userId, k) as T[])
    : [];
  if (rows.length < k) {
    const seen = new Set(rows.map((r) => r[idColumn]));
    const more = db
      .prepare(`SELECT * FROM ${table} WHERE user_id = ? ORDER BY ${spec.fallbackOrder} LIMIT ?`)
      .all(userId, k) as T[];
    rows.push(...more.filter((r) => !seen.has(r[idColumn])).slice(0, k - rows.length));
  }
  const bump = db.prepare(`UPDATE ${table} SET uses = uses + 1 WHERE ${idColumn} = ?`);
  db.transaction(() => rows.forEach((r) => bump.run(r[idColumn])))();
  return rows;
}
