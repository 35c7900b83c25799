import type pg from 'pg';
import type { Skill } from '../types.ts';
import { newSkillId, nowIso } from '../ids.ts';
import type { NewSkill, SkillStore } from '../contract.ts';
import { storableText } from './sql.ts';
import { UserEntries, type EntryKind } from './user-entries.ts';

const SKILLS: EntryKind<Skill> = {
  table: 'skills',
  idColumn: 'skill_id',
  columns:
    'skill_id, user_id, name, description, procedure, stage, source_run_id, uses, created_at, last_used_at',
  insertColumns: [
    'skill_id',
    'user_id',
    'name',
    'description',
    'procedure',
    'stage',
    'source_run_id',
    'uses',
    'created_at',
  ],
  identity: (s) => `${s.name} ${s.procedure}`,
};

/** The per-user skill bank: reusable procedures, searchable with Postgres full-text search. */
export class PostgresSkillStore implements SkillStore {
  private readonly entries: UserEntries<Skill>;

  constructor(pool: pg.Pool, beforeWrite: () => Promise<void>) {
    this.entries = new UserEntries(pool, beforeWrite, SKILLS);
  }

  /**
   * Adds a skill unless the user already has one with the same name and procedure (case,
   * punctuation and spacing ignored) or a reworded copy of one; returns the stored skill
   * and whether it is new.
   */
  async add(userId: string, given: NewSkill): Promise<{ skill: Skill; created: boolean }> {
    const { entry, created } = await this.entries.add({
      skill_id: newSkillId(),
      user_id: userId,
      uses: 0,
      created_at: nowIso(),
      last_used_at: null,
      ...given,
      name: storableText(given.name),
      description: storableText(given.description),
      procedure: storableText(given.procedure),
      stage: storableText(given.stage),
    });
    return { skill: entry, created };
  }

  list(userId: string): Promise<Skill[]> {
    return this.entries.list(userId);
  }

  /** The top-k skills for a query by relevance, then usage; counts each returned one as used. */
  retrieve(userId: string, query: string, k: number): Promise<Skill[]> {
    return this.entries.retrieve(userId, query, k);
  }
}
