import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VoiceError } from '../../errors.ts';
import {
  SessionConfigPatch,
  defaultSessionConfig,
  mergeSessionConfig,
} from '../../protocol/session-config.ts';
import type { HttpDeps } from '../deps.ts';
import { ROUTE_KEY } from '../request-schemas.ts';
import type { SessionHandle } from '../response-schemas.ts';

/**
 * `ws://` or `wss://` URL of the voice socket as the client reached us (proxy headers
 * honoured). A `route` query parameter of the request is carried over, so a load balancer that
 * hashes on it (`hash $arg_route`) sends the socket to the instance that created the session.
 */
export function websocketUrl(request: FastifyRequest): string {
  const first = (v: string | string[] | undefined) =>
    (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const proto = first(request.headers['x-forwarded-proto']) ?? request.protocol;
  const host = first(request.headers['x-forwarded-host']) ?? request.headers.host ?? 'localhost';
  const route = (request.query as Record<string, unknown> | undefined)?.route;
  const query = typeof route === 'string' && ROUTE_KEY.test(route) ? `?route=${route}` : '';
  return `${proto === 'https' || proto === 'wss' ? 'wss' : 'ws'}://${host}/v1/voice${query}`;
}

/** Resolves the tenant of the request's `X-API-Key`, or throws `invalid_api_key`. */
export function requireTenant(request: FastifyRequest, deps: HttpDeps): string {
  const header = request.headers['x-api-key'];
  const tenant = deps.apiKeys.tenantFor(typeof header === 'string' ? header : undefined);
  if (!tenant) throw new VoiceError('invalid_api_key', 'missing or invalid X-API-Key');
  return tenant;
}

/** POST /v1/sessions: a session handle (id, socket URL, 5-minute token). */
export function sessionRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.post('/v1/sessions', async (request, reply) => {
    const tenant = requireTenant(request, deps);
    const body = request.body ?? {};
    const parsed = SessionConfigPatch.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new VoiceError(
        'invalid_message',
        `${issue.path.join('.') || 'body'}: ${issue.message}`,
      );
    }
    const config = mergeSessionConfig(
      defaultSessionConfig(deps.defaultVoice, deps.defaultModel),
      parsed.data,
    );
    const record = await deps.sessions.create(tenant, config, { requestId: request.id });
    const { token, expiresAt } = await deps.tokens.issue(tenant, record.id);
    return reply.status(201).send({
      session_id: record.id,
      ws_url: websocketUrl(request),
      token,
      expires_at: expiresAt,
    } satisfies SessionHandle);
  });
}
