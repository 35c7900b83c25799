import type { Database } from 'better-sqlite3';
import { UserProfile } from './types.ts';
import { nowIso } from './ids.ts';

/** Users and their profiles. */
export class UserRepository {
  constructor(private readonly db: Database) {}

  /** Inserts or replaces a profile; returns whether the user is new. */
  upsert(profile: UserProfile): { created: boolean } {
    const now = nowIso();
    const existing = this.db.prepare('SELECT 1 FROM users WHERE user_id = ?').get(profile.user_id);
    this.db
      .prepare(
        `INSERT INTO users (user_id, profile, created_at, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET profile = excluded.profile, updated_at = excluded.updated_at`,
      )
      .run(profile.user_id, JSON.stringify(profile), now, now);
    return { created: !existing };
  }

  get(userId: string): UserProfile | undefined {
    const row = this.db.prepare('SELECT profile FROM users WHERE user_id = ?').get(userId) as
      { profile: string } | undefined;
    return row ? UserProfile.parse(JSON.parse(row.profile)) : undefined;
  }

  /** All user ids, in creation order. */
  listIds(): string[] {
    return (
      this.db.prepare('SELECT user_id FROM users ORDER BY created_at, user_id').all() as {
        user_id: string;
      }[]
    ).map((r) => r.user_id);
  }
}
