import type pg from 'pg';
import type { Memory, MemoryKind } from '../types.ts';
import { newMemoryId, nowIso } from '../ids.ts';
import type { MemoryStore } from '../contract.ts';
import { storableText } from './sql.ts';
import { UserEntries, type EntryKind } from './user-entries.ts';

const MEMORIES: EntryKind<Memory> = {
  table: 'memories',
  idColumn: 'memory_id',
  columns: 'memory_id, user_id, kind, content, source_run_id, uses, created_at, last_used_at',
  insertColumns: ['memory_id', 'user_id', 'kind', 'content', 'source_run_id', 'uses', 'created_at'],
  identity: (m) => m.content,
};

/** The per-user memory module: facts, preferences and outcomes, searchable with full-text search. */
export class PostgresMemoryStore implements MemoryStore {
  private readonly entries: UserEntries<Memory>;

  constructor(pool: pg.Pool, beforeWrite: () => Promise<void>) {
    this.entries = new UserEntries(pool, beforeWrite, MEMORIES);
  }

  /** Adds a memory unless the user already has the same or a near-identical content. */
  async add(
    userId: string,
    given: { kind: MemoryKind; content: string; source_run_id: string | null },
  ): Promise<{ memory: Memory; created: boolean }> {
    const { entry, created } = await this.entries.add({
      memory_id: newMemoryId(),
      user_id: userId,
      uses: 0,
      created_at: nowIso(),
      last_used_at: null,
      ...given,
      content: storableText(given.content),
    });
    return { memory: entry, created };
  }

  list(userId: string): Promise<Memory[]> {
    return this.entries.list(userId);
  }

  /** The top-k memories for a query by relevance, then usage; counts each returned one as used. */
  retrieve(userId: string, query: string, k: number): Promise<Memory[]> {
    return this.entries.retrieve(userId, query, k);
  }
}
