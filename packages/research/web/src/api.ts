import type {
  Artefacts,
  Intent,
  IntentResponse,
  IntentSession,
  Memory,
  RunSnapshot,
  RunUsage,
  Skill,
  UserProfile,
} from './types.ts';

/** The service's API, same-origin: served by the service, or proxied by the dev server. */
export const API = '/api';

/** A non-2xx answer, with the service's `{detail}` message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!res.ok) throw new ApiError(res.status, detailOf(parsed, res.statusText));
  return parsed as T;
}

/** The message of an error body: a string `detail`, or the first validation item's. */
function detailOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail) && detail.length > 0) {
      const first = detail[0] as { loc?: unknown[]; msg?: string };
      const where = first.loc?.slice(1).join('.');
      return where ? `${where}: ${first.msg ?? 'invalid'}` : (first.msg ?? fallback);
    }
  }
  return typeof body === 'string' && body ? body : fallback;
}

const enc = encodeURIComponent;

/** Typed calls of the research service. */
export const api = {
  /** `action`: the user's pick of a clarifying question's options (the router takes it as given). */
  intent: (text: string, session: IntentSession, action?: Intent['action']) =>
    request<IntentResponse>(
      'POST',
      '/intent',
      action ? { text, session, action } : { text, session },
    ),
  listUsers: () => request<string[]>('GET', '/users'),
  getUser: (userId: string) => request<UserProfile>('GET', `/users/${enc(userId)}`),
  saveUser: (profile: Partial<UserProfile> & { user_id: string }) =>
    request<UserProfile>('POST', '/users', profile),
  skills: (userId: string) => request<Skill[]>('GET', `/users/${enc(userId)}/skills`),
  memories: (userId: string) => request<Memory[]>('GET', `/users/${enc(userId)}/memories`),
  trainPlanner: (userId: string) =>
    request<Record<string, unknown>>('POST', `/users/${enc(userId)}/planner/train`, {}),
  startRun: (userId: string, topic: string) =>
    request<RunSnapshot>('POST', '/runs', { user_id: userId, topic }),
  listRuns: (userId: string) => request<RunSnapshot[]>('GET', `/runs?user_id=${enc(userId)}`),
  getRun: (runId: string) => request<RunSnapshot>('GET', `/runs/${enc(runId)}`),
  feedback: (runId: string, text: string) =>
    request<RunSnapshot>('POST', `/runs/${enc(runId)}/feedback`, { text }),
  artefacts: (runId: string) => request<Artefacts>('GET', `/runs/${enc(runId)}/artefacts`),
  usage: (runId: string) => request<RunUsage>('GET', `/runs/${enc(runId)}/usage`),
};

/** URLs the browser opens itself (stream, paper downloads). */
export const urls = {
  stream: (runId: string) => `${API}/runs/${enc(runId)}/stream`,
  pdf: (runId: string) => `${API}/runs/${enc(runId)}/paper.pdf`,
  tex: (runId: string) => `${API}/runs/${enc(runId)}/paper.tex`,
};

/** A user-facing message for any error thrown by a call. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.detail;
  if (err instanceof TypeError) return 'The research service could not be reached.';
  return err instanceof Error ? err.message : String(err);
}
