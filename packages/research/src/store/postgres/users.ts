import type pg from 'pg';
import { UserProfile } from '../types.ts';
import type { UserStore } from '../contract.ts';
import { nowIso } from '../ids.ts';

/** Users and their profiles. */
export class PostgresUserStore implements UserStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  async upsert(profile: UserProfile): Promise<{ created: boolean }> {
    await this.beforeWrite();
    // xmax is 0 on a row this statement inserted, set on one it updated.
    const { rows } = await this.pool.query<{ created: boolean }>(
      `INSERT INTO users (user_id, profile, created_at, updated_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (user_id) DO UPDATE SET profile = excluded.profile, updated_at = excluded.updated_at
       RETURNING (xmax = 0) AS created`,
      [profile.user_id, JSON.stringify(profile), nowIso()],
    );
    return { created: rows[0]!.created };
  }

  async get(userId: string): Promise<UserProfile | undefined> {
    const { rows } = await this.pool.query<{ profile: string }>(
      'SELECT profile FROM users WHERE user_id = $1',
      [userId],
    );
    return rows[0] ? UserProfile.parse(JSON.parse(rows[0].profile)) : undefined;
  }

  async listIds(): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM users ORDER BY created_at, user_id',
    );
    return rows.map((r) => r.user_id);
  }
}
