import type { UserProfile } from './types.ts';

/** The profile a user gets when created with just an id (the service's defaults). */
const PROFILE_DEFAULTS = {
  archetype: 'researcher',
  domain: 'general science',
  risk_preference: 'medium',
  baseline_strictness: 'medium',
  persona_brief: '',
} as const;

/**
 * True once the user has told us anything about their work: a profile still at the
 * defaults is what "I'm ana" alone creates, and a run needs more than that.
 */
export function hasProfile(profile: UserProfile | null): boolean {
  if (!profile) return false;
  return (Object.keys(PROFILE_DEFAULTS) as (keyof typeof PROFILE_DEFAULTS)[]).some(
    (field) => profile[field] !== PROFILE_DEFAULTS[field],
  );
}

/** What survives a reload: who is signed in and which run is followed. */
export interface SavedSession {
  userId: string;
  runId: string | null;
}

const KEY = 'hikma.research.session';

export function loadSession(): SavedSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    const saved = raw ? (JSON.parse(raw) as Partial<SavedSession>) : null;
    return saved && typeof saved.userId === 'string' && saved.userId
      ? { userId: saved.userId, runId: typeof saved.runId === 'string' ? saved.runId : null }
      : null;
  } catch {
    return null; // storage disabled or corrupt: start signed out
  }
}

export function saveSession(session: SavedSession | null): void {
  try {
    if (session) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
  } catch {
    // storage disabled: the session just does not survive a reload
  }
}
