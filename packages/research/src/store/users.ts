import type { Database, Statement } from 'better-sqlite3';
import { UserProfile } from './types.ts';
import type { UserStore } from './contract.ts';
import { nowIso } from './ids.ts';

/** Users and their profiles. */
export class UserRepository implements UserStore {
  private readonly existsStmt: Statement;
  private readonly upsertStmt: Statement;
  private readonly getStmt: Statement;
  private readonly listIdsStmt: Statement;

  constructor(
    db: Database,
    private readonly beforeWrite: () => void,
  ) {
    this.existsStmt = db.prepare('SELECT 1 FROM users WHERE user_id = ?');
    this.upsertStmt = db.prepare(
      `INSERT INTO users (user_id, profile, created_at, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET profile = excluded.profile, updated_at = excluded.updated_at`,
    );
    this.getStmt = db.prepare('SELECT profile FROM users WHERE user_id = ?');
    this.listIdsStmt = db.prepare('SELECT user_id FROM users ORDER BY created_at, user_id');
  }

  /** Inserts or replaces a profile; returns whether the user is new. */
  async upsert(profile: UserProfile): Promise<{ created: boolean }> {
    const now = nowIso();
    const existing = this.existsStmt.get(profile.user_id);
    this.beforeWrite();
    this.upsertStmt.run(profile.user_id, JSON.stringify(profile), now, now);
    return { created: !existing };
  }

  async get(userId: string): Promise<UserProfile | undefined> {
    const row = this.getStmt.get(userId) as { profile: string } | undefined;
    return row ? UserProfile.parse(JSON.parse(row.profile)) : undefined;
  }

  /** All user ids, in creation order. */
  async listIds(): Promise<string[]> {
    return (this.listIdsStmt.all() as { user_id: string }[]).map((r) => r.user_id);
  }
}
