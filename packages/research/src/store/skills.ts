import type { Database } from 'better-sqlite3';
import type { Skill } from './types.ts';
import { fingerprint, ftsQuery } from './fts.ts';
import { newSkillId, nowIso } from './ids.ts';

export interface NewSkill {
  name: string;
  description: string;
  procedure: string;
  stage: string;
  source_run_id: string | null;
}

/** The per-user skill bank: reusable procedures, searchable with FTS5/BM25. */
export class SkillRepository {
  constructor(private readonly db: Database) {}

  /**
   * Adds a skill unless the user already has one with the same name and procedure
   * (case, punctuation and spacing ignored). Returns the stored skill and whether it is new.
   */
  add(userId: string, skill: NewSkill): { skill: Skill; created: boolean } {
    const fp = fingerprint(`${skill.name}\n${skill.procedure}`);
    const existing = this.db
      .prepare('SELECT * FROM skills WHERE user_id = ? AND fingerprint = ?')
      .get(userId, fp) as (Skill & { rowid: number }) | undefined;
    if (existing) return { skill: strip(existing), created: false };
    const row: Skill = {
      skill_id: newSkillId(),
      user_id: userId,
      uses: 0,
      created_at: nowIso(),
      ...skill,
    };
    this.db
      .prepare(
        `INSERT INTO skills (skill_id, user_id, name, description, procedure, stage, fingerprint, source_run_id, uses, created_at)
         VALUES (@skill_id, @user_id, @name, @description, @procedure, @stage, @fp, @source_run_id, @uses, @created_at)`,
      )
      .run({ ...row, fp });
    return { skill: row, created: true };
  }

  list(userId: string): Skill[] {
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
  retrieve(userId: string, query: string, k: number): Skill[] {
    if (k <= 0) return [];
    const match = ftsQuery(query);
    let rows: Skill[] = [];
    if (match) {
      rows = this.db
        .prepare(
          `SELECT s.* FROM skills_fts f JOIN skills s ON s.rowid = f.rowid
           WHERE skills_fts MATCH ? AND s.user_id = ? ORDER BY bm25(skills_fts), s.uses DESC LIMIT ?`,
        )
        .all(match, userId, k) as Skill[];
    }
    if (rows.length < k) {
      const seen = new Set(rows.map((r) => r.skill_id));
      const recent = this.db
        .prepare('SELECT * FROM skills WHERE user_id = ? ORDER BY uses DESC, rowid DESC LIMIT ?')
        .all(userId, k) as Skill[];
      rows.push(...recent.filter((r) => !seen.has(r.skill_id)).slice(0, k - rows.length));
    }
    const bump = this.db.prepare('UPDATE skills SET uses = uses + 1 WHERE skill_id = ?');
    this.db.transaction(() => rows.forEach((r) => bump.run(r.skill_id)))();
    return rows.map(strip);
  }
}

function strip(row: Skill & { rowid?: number; fingerprint?: string }): Skill {
  const { rowid: _r, fingerprint: _f, ...skill } = row;
  return skill;
}
