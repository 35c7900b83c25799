import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { chunkText } from './chunk.ts';
import { VoiceError } from '../errors.ts';

export interface NewDocument {
  id?: string;
  title?: string;
  text: string;
}

export interface Passage {
  text: string;
  /** Document title or id the passage comes from. */
  source: string;
  score: number;
}

const STOP = new Set(
  'the a an and or of to in on for with is are was be it this that what which who how do does'.split(
    ' ',
  ),
);

/**
 * Retrieval indexes, one namespace per tenant: documents are split into passages and
 * searched with SQLite FTS5 (BM25).
 */
export class RagIndexStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS indexes (
        tenant TEXT NOT NULL, name TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (tenant, name)
      );
      CREATE TABLE IF NOT EXISTS passages (
        rowid INTEGER PRIMARY KEY AUTOINCREMENT,
        tenant TEXT NOT NULL, index_name TEXT NOT NULL, doc_id TEXT NOT NULL, source TEXT NOT NULL, text TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS passages_doc ON passages(tenant, index_name, doc_id);
      CREATE VIRTUAL TABLE IF NOT EXISTS passages_fts USING fts5(text, content='passages', content_rowid='rowid');
      CREATE TRIGGER IF NOT EXISTS passages_ai AFTER INSERT ON passages BEGIN
        INSERT INTO passages_fts(rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER IF NOT EXISTS passages_ad AFTER DELETE ON passages BEGIN
        INSERT INTO passages_fts(passages_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
    `);
  }

  /** Adds documents to an index (created on first use); a document with a known id replaces the old one. */
  addDocuments(
    tenant: string,
    indexName: string,
    documents: NewDocument[],
  ): { documents: number; passages: number } {
    const insert = this.db.prepare(
      'INSERT INTO passages (tenant, index_name, doc_id, source, text) VALUES (?, ?, ?, ?, ?)',
    );
    const remove = this.db.prepare(
      'DELETE FROM passages WHERE tenant = ? AND index_name = ? AND doc_id = ?',
    );
    let passages = 0;
    this.db.transaction(() => {
      this.db
        .prepare('INSERT OR IGNORE INTO indexes (tenant, name, created_at) VALUES (?, ?, ?)')
        .run(tenant, indexName, new Date().toISOString());
      documents.forEach((doc, i) => {
        const id = doc.id ?? `doc-${Date.now().toString(36)}-${i}`;
        remove.run(tenant, indexName, id);
        for (const passage of chunkText(doc.text)) {
          insert.run(tenant, indexName, id, doc.title ?? id, passage);
          passages++;
        }
      });
    })();
    return { documents: documents.length, passages };
  }

  hasIndex(tenant: string, indexName: string): boolean {
    return !!this.db
      .prepare('SELECT 1 FROM indexes WHERE tenant = ? AND name = ?')
      .get(tenant, indexName);
  }

  /** The index names of a tenant. */
  listIndexes(tenant: string): string[] {
    return (
      this.db.prepare('SELECT name FROM indexes WHERE tenant = ? ORDER BY name').all(tenant) as {
        name: string;
      }[]
    ).map((r) => r.name);
  }

  /** The `k` best passages for a query; throws `rag_index_not_found` for an unknown index. */
  search(tenant: string, indexName: string, query: string, k: number): Passage[] {
    if (!this.hasIndex(tenant, indexName)) {
      throw new VoiceError('rag_index_not_found', `retrieval index "${indexName}" does not exist`);
    }
    const words = [
      ...new Set(
        query
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 1 && !STOP.has(w)),
      ),
    ].slice(0, 32);
    if (words.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT p.text, p.source, bm25(passages_fts) AS rank FROM passages_fts f JOIN passages p ON p.rowid = f.rowid
         WHERE passages_fts MATCH ? AND p.tenant = ? AND p.index_name = ? ORDER BY rank LIMIT ?`,
      )
      .all(words.map((w) => `"${w}"`).join(' OR '), tenant, indexName, k) as {
      text: string;
      source: string;
      rank: number;
    }[];
    return rows.map((r) => ({ text: r.text, source: r.source, score: -r.rank }));
  }

  close(): void {
    this.db.close();
  }
}
