import type pg from 'pg';
import type { Skill } from '../types.ts';
import { fingerprint, NEAR_DUPLICATE, similarity } from '../fts.ts';
import { newSkillId, nowIso } from '../ids.ts';
import type { NewSkill, SkillStore } from '../contract.ts';
import { retrieveRanked, type SearchedTable } from './search.ts';
import { storableText } from './sql.ts';

const COLUMNS =
  'skill_id, user_id, name, description, procedure, stage, source_run_id, uses, created_at, last_used_at';
const TABLE: SearchedTable = { table: 'skills', idColumn: 'skill_id', columns: COLUMNS };

/** The per-user skill bank: reusable procedures, searchable with Postgres full-text search. */
export class PostgresSkillStore implements SkillStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  /**
   * Adds a skill unless the user already has one with the same name and procedure (case,
   * punctuation and spacing ignored) or a reworded copy of one; returns the stored skill
   * and whether it is new.
   */
  async add(userId: string, given: NewSkill): Promise<{ skill: Skill; created: boolean }> {
    const skill: NewSkill = {
      ...given,
      name: storableText(given.name),
      description: storableText(given.description),
      procedure: storableText(given.procedure),
      stage: storableText(given.stage),
    };
    const fp = fingerprint(`${skill.name}\n${skill.procedure}`);
    const existing = await this.byFingerprint(userId, fp);
    if (existing) return { skill: existing, created: false };
    const text = `${skill.name} ${skill.procedure}`;
    const near = (await this.list(userId)).find(
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
    await this.beforeWrite();
    const { rowCount } = await this.pool.query(
      `INSERT INTO skills (skill_id, user_id, name, description, procedure, stage, fingerprint,
         source_run_id, uses, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (user_id, fingerprint) DO NOTHING`,
      [
        row.skill_id,
        row.user_id,
        row.name,
        row.description,
        row.procedure,
        row.stage,
        fp,
        row.source_run_id,
        row.uses,
        row.created_at,
      ],
    );
    if (rowCount === 0) {
      // Another instance added the same skill since we looked.
      const winner = await this.byFingerprint(userId, fp);
      if (winner) return { skill: winner, created: false };
    }
    return { skill: row, created: true };
  }

  async list(userId: string): Promise<Skill[]> {
    const { rows } = await this.pool.query<Skill>(
      `SELECT ${COLUMNS} FROM skills WHERE user_id = $1 ORDER BY position`,
      [userId],
    );
    return rows;
  }

  /** The top-k skills for a query by relevance, then usage; counts each returned one as used. */
  async retrieve(userId: string, query: string, k: number): Promise<Skill[]> {
    await this.beforeWrite(); // counts the returned entries as used
    return retrieveRanked<Skill>(this.pool, TABLE, userId, query, k);
  }

  private async byFingerprint(userId: string, fp: string): Promise<Skill | undefined> {
    const { rows } = await this.pool.query<Skill>(
      `SELECT ${COLUMNS} FROM skills WHERE user_id = $1 AND fingerprint = $2`,
      [userId, fp],
    );
    return rows[0];
  }
}
