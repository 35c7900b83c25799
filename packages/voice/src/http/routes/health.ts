import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../deps.ts';
import { PROMETHEUS_CONTENT_TYPE } from '@hikma/service-kit';
import type { Health, NotReady, Ready } from '../response-schemas.ts';

/** GET /healthz (liveness and provider readiness) and GET /metrics (Prometheus text). */
export function healthRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.get(
    '/healthz',
    async () =>
      ({
        status: 'ok',
        sessions: deps.sessions.size,
        providers: deps.providers(),
        ...(deps.cluster ? { cluster: { ...deps.cluster.describe() } } : {}),
      }) satisfies Health,
  );
  // Readiness: false while draining, or while the shared state (Redis) is unreachable and new
  // sessions would be refused, so a load balancer sends new sessions elsewhere.
  app.get('/readyz', async (_request, reply) => {
    if (deps.sessions.isDraining)
      return reply.status(503).send({ status: 'draining' } satisfies NotReady);
    if (deps.cluster && !deps.cluster.available)
      return reply.status(503).send({ status: 'shared_state_unavailable' } satisfies NotReady);
    return reply.send({ status: 'ready', sessions: deps.sessions.size } satisfies Ready);
  });
  app.get('/metrics', async (_request, reply) =>
    reply.type(PROMETHEUS_CONTENT_TYPE).send(await deps.metrics.prometheusText()),
  );
}
