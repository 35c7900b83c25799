import type pg from 'pg';
import { decayedUses, queryWords } from '../fts.ts';

/** A per-user table with a `search` tsvector, a `uses` counter and an insertion `position`. */
export interface SearchedTable {
  table: 'skills' | 'memories';
  idColumn: 'skill_id' | 'memory_id';
  /** The columns handed out (without `position`, `fingerprint` and `search`). */
  columns: string;
}

interface Usage {
  uses: number;
  last_used_at: string | null;
  created_at: string;
  position: string;
}

/**
 * The top-k rows of a user for a query, ranked as the SQLite store ranks them (fts.ts
 * `retrieveRanked`), with Postgres full-text search in place of FTS5: `ts_rank` over the
 * query's words joined with OR, nudged by how often (and how recently) each entry was
 * useful; topped up by the most-used (decayed) entries when too few match. Every returned
 * row counts as used now; rows come back as they were before that.
 */
export async function retrieveRanked<T extends object>(
  pool: pg.Pool,
  spec: SearchedTable,
  userId: string,
  query: string,
  k: number,
): Promise<T[]> {
  if (k <= 0) return [];
  const { table, idColumn, columns } = spec;
  const now = Date.now();
  const usage = (r: Usage) => decayedUses(r.uses, r.last_used_at, r.created_at, now);
  const words = queryWords(query);
  // Words hold only letters and digits, so the only operator websearch_to_tsquery sees is `or`.
  const matched =
    words.length === 0
      ? []
      : (
          await pool.query<T & Usage & { rank: number }>(
            `SELECT ${columns}, position, ts_rank(search, query) AS rank
             FROM ${table}, websearch_to_tsquery('simple', $2) AS query
             WHERE user_id = $1 AND search @@ query
             ORDER BY rank DESC, position LIMIT $3`,
            [userId, words.join(' or '), k * 3],
          )
        ).rows;
  // Usage adds at most a modest bonus so that relevance decides.
  const rows = matched
    .map((r) => ({ r, score: r.rank * (1 + 0.1 * Math.log1p(usage(r))) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map(({ r }) => r as T & Usage);
  if (rows.length < k) {
    const seen = new Set(rows.map((r) => (r as Record<string, unknown>)[idColumn]));
    const { rows: all } = await pool.query<T & Usage>(
      `SELECT ${columns}, position FROM ${table} WHERE user_id = $1`,
      [userId],
    );
    const rest = all
      .filter((r) => !seen.has((r as Record<string, unknown>)[idColumn]))
      .sort((a, b) => usage(b) - usage(a) || Number(b.position) - Number(a.position));
    rows.push(...rest.slice(0, k - rows.length));
  }
  if (rows.length > 0) {
    await pool.query(
      `UPDATE ${table} SET uses = uses + 1, last_used_at = $1 WHERE ${idColumn} = ANY($2::text[])`,
      [new Date(now).toISOString(), rows.map((r) => (r as Record<string, unknown>)[idColumn])],
    );
  }
  return rows.map((r) => {
    const { position: _p, rank: _r, ...row } = r as T & Usage & { rank?: number };
    return row as unknown as T;
  });
}
