import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../deps.ts';

/** GET /healthz (liveness and provider readiness) and GET /metrics (Prometheus text). */
export function healthRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.get('/healthz', async () => ({
    status: 'ok',
    sessions: deps.sessions.size,
    providers: deps.providers(),
  }));
  // Readiness: false while draining, so a load balancer stops sending new sessions here.
  app.get('/readyz', async (_request, reply) =>
    deps.sessions.isDraining
      ? reply.status(503).send({ status: 'draining' })
      : reply.send({ status: 'ready', sessions: deps.sessions.size }),
  );
  app.get('/metrics', async (_request, reply) =>
    reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(await deps.metrics.prometheusText()),
  );
}
