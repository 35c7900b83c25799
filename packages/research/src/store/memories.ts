import type { Database } from 'better-sqlite3';
import type { Memory, MemoryKind } from './types.ts';
import { fingerprint, NEAR_DUPLICATE, retrieveRanked, similarity } from './fts.ts';
import { newMemoryId, nowIso } from './ids.ts';
import type { MemoryStore } from './contract.ts';

/** The per-user memory module: facts, preferences and outcomes, searchable with FTS5/BM25. */
export class MemoryRepository implements MemoryStore {
  constructor(
    private readonly db: Database,
    private readonly beforeWrite: () => void,
  ) {}

  /** Adds a memory unless the user already has the same content; returns it and whether it is new. */
  async add(
    userId: string,
    memory: { kind: MemoryKind; content: string; source_run_id: string | null },
  ): Promise<{ memory: Memory; created: boolean }> {
    const fp = fingerprint(memory.content);
    const existing = this.db
      .prepare('SELECT * FROM memories WHERE user_id = ? AND fingerprint = ?')
      .get(userId, fp) as Memory | undefined;
    if (existing) return { memory: strip(existing), created: false };
    const near = this.listSync(userId).find(
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
    this.beforeWrite();
    this.db
      .prepare(
        `INSERT INTO memories (memory_id, user_id, kind, content, fingerprint, source_run_id, uses, created_at)
         VALUES (@memory_id, @user_id, @kind, @content, @fp, @source_run_id, @uses, @created_at)`,
      )
      .run({ ...row, fp });
    return { memory: row, created: true };
  }

  async list(userId: string): Promise<Memory[]> {
    return this.listSync(userId);
  }

  private listSync(userId: string): Memory[] {
    return (
      this.db
        .prepare('SELECT * FROM memories WHERE user_id = ? ORDER BY rowid')
        .all(userId) as Memory[]
    ).map(strip);
  }

  /** The top-k memories for a query by BM25 (falling back to the most recent); counts them as used. */
  async retrieve(userId: string, query: string, k: number): Promise<Memory[]> {
    this.beforeWrite(); // counts the returned entries as used
    return retrieveRanked<Memory & Record<string, unknown>>(
      this.db,
      { table: 'memories', idColumn: 'memory_id' },
      userId,
      query,
      k,
    ).map(strip);
  }
}

function strip(row: Memory & { rowid?: number; fingerprint?: string }): Memory {
  const { rowid: _r, fingerprint: _f, ...memory } = row;
  return memory;
}
