import { VoiceClientError } from './errors.ts';
import type { SessionConfigPatch, SessionHandle } from './protocol.ts';

export interface CreateSessionOptions {
  /**
   * The service's HTTP origin (`http://127.0.0.1:8080`), or `''` for the page's own origin in
   * a browser.
   */
  url: string;
  /** Sent in `X-API-Key` only: never in a URL, never logged. */
  apiKey: string;
  /** Initial session configuration (the fields of `session.update`'s `session`). */
  session?: SessionConfigPatch;
  signal?: AbortSignal;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** Checks a service URL: `''` (same origin) or an absolute http(s) URL; returns it without a trailing slash. */
export function normaliseBaseUrl(url: string): string {
  if (url === '') return '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new VoiceClientError('invalid_options', `"${url}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new VoiceClientError('invalid_options', `"${url}" is not an http(s) URL`);
  }
  return url.replace(/\/+$/, '');
}

function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}

/** `POST /v1/sessions`: creates a session and returns its handle (`session_id`, `ws_url`, `token`). */
export async function createSession(options: CreateSessionOptions): Promise<SessionHandle> {
  const base = normaliseBaseUrl(options.url);
  if (!options.apiKey) throw new VoiceClientError('invalid_options', 'an API key is required');
  const doFetch = options.fetch ?? globalThis.fetch;
  let res: Response;
  try {
    res = await doFetch(`${base}/v1/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': options.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(options.session ?? {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (err) {
    if (options.signal?.aborted) throw new VoiceClientError('aborted', 'session creation aborted');
    throw new VoiceClientError(
      'network_error',
      `cannot reach the voice service at ${base || 'this origin'}: ${describeNetworkError(err)}`,
      undefined,
      { cause: err },
    );
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const error = body?.error as { code?: unknown; message?: unknown } | undefined;
    throw new VoiceClientError(
      typeof error?.code === 'string' ? error.code : `http_${res.status}`,
      typeof error?.message === 'string'
        ? error.message
        : `POST /v1/sessions answered ${res.status}`,
      res.status,
    );
  }
  if (
    !body ||
    typeof body.session_id !== 'string' ||
    typeof body.ws_url !== 'string' ||
    typeof body.token !== 'string'
  ) {
    throw new VoiceClientError(
      'invalid_response',
      'POST /v1/sessions answered without session_id, ws_url and token',
      res.status,
    );
  }
  return body as unknown as SessionHandle;
}
