import type { Database } from 'better-sqlite3';
import { ResearchError } from '../errors.ts';

/**
 * Schema migrations, applied in order. `PRAGMA user_version` records how many have run,
 * so a database is upgraded in place and a newer-than-known schema is refused.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: users, runs, artefacts, feedback queue, audit trail, skills and memories with FTS5.
  `
  CREATE TABLE users (
    user_id TEXT PRIMARY KEY,
    profile TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE runs (
    run_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(user_id),
    project_id TEXT NOT NULL,
    topic TEXT NOT NULL,
    status TEXT NOT NULL,
    current_stage TEXT,
    stages_completed TEXT NOT NULL,
    last_summary TEXT NOT NULL,
    error TEXT,
    state TEXT NOT NULL,
    started_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX runs_by_user ON runs(user_id, started_at);
  CREATE INDEX runs_by_status ON runs(status);

  CREATE TABLE artefacts (
    run_id TEXT NOT NULL REFERENCES runs(run_id),
    kind TEXT NOT NULL,
    version INTEGER NOT NULL,
    stage TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (run_id, kind, version)
  );

  CREATE TABLE feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT NOT NULL REFERENCES runs(run_id),
    user_id TEXT NOT NULL,
    stage TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    consumed_at TEXT
  );
  CREATE INDEX feedback_pending ON feedback(user_id, consumed_at);

  CREATE TABLE events (
    run_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    ts TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (run_id, seq)
  ) WITHOUT ROWID;

  CREATE TABLE skills (
    rowid INTEGER PRIMARY KEY AUTOINCREMENT,
    skill_id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    procedure TEXT NOT NULL,
    stage TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    source_run_id TEXT,
    uses INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    UNIQUE (user_id, fingerprint)
  );
  CREATE VIRTUAL TABLE skills_fts USING fts5(
    name, description, procedure, content='skills', content_rowid='rowid'
  );
  CREATE TRIGGER skills_ai AFTER INSERT ON skills BEGIN
    INSERT INTO skills_fts(rowid, name, description, procedure)
    VALUES (new.rowid, new.name, new.description, new.procedure);
  END;
  CREATE TRIGGER skills_ad AFTER DELETE ON skills BEGIN
    INSERT INTO skills_fts(skills_fts, rowid, name, description, procedure)
    VALUES ('delete', old.rowid, old.name, old.description, old.procedure);
  END;

  CREATE TABLE memories (
    rowid INTEGER PRIMARY KEY AUTOINCREMENT,
    memory_id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    content TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    source_run_id TEXT,
    uses INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    UNIQUE (user_id, fingerprint)
  );
  CREATE VIRTUAL TABLE memories_fts USING fts5(content, content='memories', content_rowid='rowid');
  CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts(rowid, content) VALUES (new.rowid, new.content);
  END;
  CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
  END;
  `,
  // 2: the trainable planner's weights, one row per training session (planner/).
  `
  CREATE TABLE planner_models (
    user_id TEXT NOT NULL REFERENCES users(user_id),
    version INTEGER NOT NULL,
    weights_json TEXT NOT NULL,
    trained_at TEXT NOT NULL,
    pairs INTEGER NOT NULL,
    metrics_json TEXT NOT NULL,
    PRIMARY KEY (user_id, version)
  );
  `,
  // 3: when skills and memories were last retrieved, so unused ones fade in the ranking.
  `
  ALTER TABLE skills ADD COLUMN last_used_at TEXT;
  ALTER TABLE memories ADD COLUMN last_used_at TEXT;
  `,
  // 4: the files each run produced, so any instance can serve them and a worker can resume.
  `
  CREATE TABLE run_files (
    run_id TEXT NOT NULL REFERENCES runs(run_id),
    path TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL,
    bytes BLOB NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (run_id, path)
  );
  `,
];

/** Applies every migration the database has not seen yet, each in its own transaction. */
export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new ResearchError(
      'store_version_unsupported',
      `database schema version ${current} is newer than this build knows (${MIGRATIONS.length}); refusing to open it`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
