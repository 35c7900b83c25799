import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrations.ts';
import { UserRepository } from './users.ts';
import { RunRepository } from './runs.ts';
import { ArtefactRepository } from './artefacts.ts';
import { EventRepository } from './events.ts';
import { FeedbackRepository } from './feedback.ts';
import { SkillRepository } from './skills.ts';
import { MemoryRepository } from './memories.ts';

/** The research service's storage: one SQLite database (WAL), one repository per domain. */
export class Store {
  readonly users: UserRepository;
  readonly runs: RunRepository;
  readonly artefacts: ArtefactRepository;
  readonly events: EventRepository;
  readonly feedback: FeedbackRepository;
  readonly skills: SkillRepository;
  readonly memories: MemoryRepository;

  private constructor(readonly db: Database.Database) {
    this.users = new UserRepository(db);
    this.runs = new RunRepository(db);
    this.artefacts = new ArtefactRepository(db);
    this.events = new EventRepository(db);
    this.feedback = new FeedbackRepository(db);
    this.skills = new SkillRepository(db);
    this.memories = new MemoryRepository(db);
  }

  /** Opens (creating and migrating as needed) the database at `file`; `:memory:` for tests. */
  static open(file: string): Store {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return new Store(db);
  }

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  close(): void {
    this.db.close();
  }
}
