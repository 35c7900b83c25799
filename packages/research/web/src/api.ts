import { ResearchApiError, ResearchClient } from '@hikma/research-client';
import type { Intent, IntentSession, UserProfile } from './types.ts';

/** The service's API, same-origin: served by the service, or proxied by the dev server. */
export const API = '/api';

/** The typed client of the service (its OpenAPI document), shared by the whole app. */
export const client = new ResearchClient({ baseUrl: API });

/** A failed call, with the service's `{detail}` message and the status. */
export { ResearchApiError as ApiError };

/** The calls the app makes, in its own words. */
export const api = {
  /** `action`: the user's pick of a clarifying question's options (the router takes it as given). */
  intent: (text: string, session: IntentSession, action?: Intent['action']) =>
    client.intent(action ? { text, session, action } : { text, session }),
  listUsers: () => client.listUsers(),
  getUser: (userId: string) => client.getUser(userId),
  saveUser: (profile: Partial<UserProfile> & { user_id: string }) => client.saveUser(profile),
  skills: (userId: string) => client.skills(userId),
  memories: (userId: string) => client.memories(userId),
  trainPlanner: (userId: string) => client.trainPlanner(userId),
  startRun: (userId: string, topic: string) => client.startRun({ user_id: userId, topic }),
  listRuns: (userId: string) => client.listRuns(userId),
  getRun: (runId: string) => client.getRun(runId),
  feedback: (runId: string, text: string) => client.feedback(runId, text),
  artefacts: (runId: string) => client.artefacts(runId),
  usage: (runId: string) => client.usage(runId),
};

/** URLs the browser opens itself (paper downloads). */
export const urls = client.urls;

/** A user-facing message for any error thrown by a call. */
export function errorText(err: unknown): string {
  if (err instanceof ResearchApiError) {
    return err.code === 'network_error' ? 'The research service could not be reached.' : err.detail;
  }
  if (err instanceof TypeError) return 'The research service could not be reached.';
  return err instanceof Error ? err.message : String(err);
}
