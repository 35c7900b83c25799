import type pg from 'pg';
import type { Memory, MemoryKind } from '../types.ts';
import { fingerprint, NEAR_DUPLICATE, similarity } from '../fts.ts';
import { newMemoryId, nowIso } from '../ids.ts';
import type { MemoryStore } from '../contract.ts';
import { retrieveRanked, type SearchedTable } from './search.ts';
import { storableText } from './sql.ts';

const COLUMNS = 'memory_id, user_id, kind, content, source_run_id, uses, created_at, last_used_at';
const TABLE: SearchedTable = { table: 'memories', idColumn: 'memory_id', columns: COLUMNS };

/** The per-user memory module: facts, preferences and outcomes, searchable with full-text search. */
export class PostgresMemoryStore implements MemoryStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  /** Adds a memory unless the user already has the same or a near-identical content. */
  async add(
    userId: string,
    given: { kind: MemoryKind; content: string; source_run_id: string | null },
  ): Promise<{ memory: Memory; created: boolean }> {
    const memory = { ...given, content: storableText(given.content) };
    const fp = fingerprint(memory.content);
    const existing = await this.byFingerprint(userId, fp);
    if (existing) return { memory: existing, created: false };
    const near = (await this.list(userId)).find(
      (m) => similarity(m.content, memory.content) >= NEAR_DUPLICATE,
    );
    if (near) return { memory: near, created: false };
    const row: Memory = {
      memory_id: newMemoryId(),
      user_id: userId,
      uses: 0,
      created_at: nowIso(),
      last_used_at: null,
      ...memory,
    };
    await this.beforeWrite();
    const { rowCount } = await this.pool.query(
      `INSERT INTO memories (memory_id, user_id, kind, content, fingerprint, source_run_id, uses, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id, fingerprint) DO NOTHING`,
      [
        row.memory_id,
        row.user_id,
        row.kind,
        row.content,
        fp,
        row.source_run_id,
        row.uses,
        row.created_at,
      ],
    );
    if (rowCount === 0) {
      // Another instance added the same memory since we looked.
      const winner = await this.byFingerprint(userId, fp);
      if (winner) return { memory: winner, created: false };
    }
    return { memory: row, created: true };
  }

  async list(userId: string): Promise<Memory[]> {
    const { rows } = await this.pool.query<Memory>(
      `SELECT ${COLUMNS} FROM memories WHERE user_id = $1 ORDER BY position`,
      [userId],
    );
    return rows;
  }

  /** The top-k memories for a query by relevance, then usage; counts each returned one as used. */
  async retrieve(userId: string, query: string, k: number): Promise<Memory[]> {
    await this.beforeWrite(); // counts the returned entries as used
    return retrieveRanked<Memory>(this.pool, TABLE, userId, query, k);
  }

  private async byFingerprint(userId: string, fp: string): Promise<Memory | undefined> {
    const { rows } = await this.pool.query<Memory>(
      `SELECT ${COLUMNS} FROM memories WHERE user_id = $1 AND fingerprint = $2`,
      [userId, fp],
    );
    return rows[0];
  }
}
