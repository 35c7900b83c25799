import { createHash } from 'node:crypto';

const STOP = new Set(
  'a an the and or of to in on for with by from at is are was were be been this that these those it its as into over under about via using use we our their'.split(
    ' ',
  ),
);

/** The distinct words of a search query, lowercased, without stop words (at most 32). */
export function queryWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 1 && !STOP.has(w)),
    ),
  ].slice(0, 32);
}

/** Builds an FTS5 MATCH expression: the query's words, quoted, joined with OR (BM25 ranks them). */
export function ftsQuery(text: string): string | null {
  const words = queryWords(text);
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
}

/** Days for an entry's usage count to lose half its weight in the ranking. */
export const USAGE_HALF_LIFE_DAYS = 30;

/** A usage count that fades with the time since the entry was last used. */
export function decayedUses(
  uses: number,
  lastUsedIso: string | null,
  createdIso: string,
  now = Date.now(),
): number {
  const last = Date.parse(lastUsedIso ?? createdIso);
  const days = Number.isFinite(last) ? Math.max(0, (now - last) / 86_400_000) : 0;
  return uses * 0.5 ** (days / USAGE_HALF_LIFE_DAYS);
}

/**
 * The top-k rows of a user for a query: BM25 relevance first, nudged by how often (and how
 * recently) each entry was useful; topped up by the most-used (decayed) entries when too few
 * match. Every returned row counts as used now.
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
  const now = Date.now();
  const usage = (r: T) =>
    decayedUses(
      Number(r.uses ?? 0),
      (r.last_used_at as string | null) ?? null,
      String(r.created_at),
      now,
    );
  const match = ftsQuery(query);
  const matched = match
    ? (db
        .prepare(
          `SELECT t.*, bm25(${table}_fts) AS rank FROM ${table}_fts f JOIN ${table} t ON t.rowid = f.rowid
           WHERE ${table}_fts MATCH ? AND t.user_id = ? ORDER BY rank LIMIT ?`,
        )
        .all(match, userId, k * 3) as (T & { rank: number })[])
    : [];
  // bm25() is lower-is-better; usage adds at most a modest bonus so relevance decides.
  const rows: T[] = matched
    .map((r) => ({ r, score: -r.rank * (1 + 0.1 * Math.log1p(usage(r))) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map(({ r }) => {
      const { rank: _rank, ...row } = r;
      return row as unknown as T;
    });
  if (rows.length < k) {
    const seen = new Set(rows.map((r) => r[idColumn]));
    const rest = (db.prepare(`SELECT * FROM ${table} WHERE user_id = ?`).all(userId) as T[])
      .filter((r) => !seen.has(r[idColumn]))
      .sort((a, b) => usage(b) - usage(a) || Number(b.rowid ?? 0) - Number(a.rowid ?? 0));
    rows.push(...rest.slice(0, k - rows.length));
  }
  const bump = db.prepare(
    `UPDATE ${table} SET uses = uses + 1, last_used_at = ? WHERE ${idColumn} = ?`,
  );
  const stamp = new Date(now).toISOString();
  db.transaction(() => rows.forEach((r) => bump.run(stamp, r[idColumn])))();
  return rows;
}

/** Word set of a text, for near-duplicate detection. */
function wordSet(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2 && !STOP.has(w)),
  );
}

/** Jaccard similarity of two texts' word sets. */
export function similarity(a: string, b: string): number {
  const x = wordSet(a);
  const y = wordSet(b);
  if (x.size === 0 && y.size === 0) return 1;
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / (x.size + y.size - both);
}

/** Entries this similar (word-set Jaccard) count as the same entry. */
export const NEAR_DUPLICATE = 0.8;
