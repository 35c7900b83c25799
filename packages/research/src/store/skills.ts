import type { Database } from 'better-sqlite3';
import type { Skill } from './types.ts';
import { fingerprint, NEAR_DUPLICATE, retrieveRanked, similarity } from './fts.ts';
import { newSkillId, nowIso } from './ids.ts';
import type { NewSkill, SkillStore } from './contract.ts';

export type { NewSkill };

/** The per-user skill bank: reusable procedures, searchable with FTS5/BM25. */
export class SkillRepository implements SkillStore {
  constructor(
    private readonly db: Database,
    private readonly beforeWrite: () => void,
  ) {}

  /**
   * Adds a skill unless the user already has one with the same name and procedure
   * (case, punctuation and spacing ignored). Returns the stored skill and whether it is new.
   */
  async add(userId: string, skill: NewSkill): Promise<{ skill: Skill; created: boolean }> {
    const fp = fingerprint(`${skill.name}\n${skill.procedure}`);
    const existing = this.db
      .prepare('SELECT * FROM skills WHERE user_id = ? AND fingerprint = ?')
      .get(userId, fp) as (Skill & { rowid: number }) | undefined;
    if (existing) return { skill: strip(existing), created: false };
    // A reworded copy of a skill the user has is the same skill.
    const text = `${skill.name} ${skill.procedure}`;
    const near = this.listSync(userId).find(
      (s) => similarity(`${s.name} ${s.procedure}`, text) >= NEAR_DUPLICATE,
    );
    if (near) return { skill: near, created: false };
    const row: Skill = {
      skill_id: newSkillId(),
      user_id: userId,
      uses: 0,
      created_at: nowIso(),
      last_used_at: null,
      ...skill,
    };
    this.beforeWrite();
    this.db
      .prepare(
        `INSERT INTO skills (skill_id, user_id, name, description, procedure, stage, fingerprint, source_run_id, uses, created_at)
         VALUES (@skill_id, @user_id, @name, @description, @procedure, @stage, @fp, @source_run_id, @uses, @created_at)`,
      )
      .run({ ...row, fp });
    return { skill: row, created: true };
  }

  async list(userId: string): Promise<Skill[]> {
    return this.listSync(userId);
  }

  private listSync(userId: string): Skill[] {
    return (
      this.db
        .prepare('SELECT * FROM skills WHERE user_id = ? ORDER BY rowid')
        .all(userId) as Skill[]
    ).map(strip);
  }

  /**
   * The top-k skills for a query by BM25, then the most used; counts each returned skill as
   * used. Falls back to the most recent skills when nothing matches.
   */
  async retrieve(userId: string, query: string, k: number): Promise<Skill[]> {
    this.beforeWrite(); // counts the returned entries as used
    return retrieveRanked<Skill & Record<string, unknown>>(
      this.db,
      { table: 'skills', idColumn: 'skill_id' },
      userId,
      query,
      k,
    ).map(strip);
  }
}

function strip(row: Skill & { rowid?: number; fingerprint?: string }): Skill {
  const { rowid: _r, fingerprint: _f, ...skill } = row;
  return skill;
}
