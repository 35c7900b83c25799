import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../deps.ts';

/** GET /healthz (liveness and provider readiness) and GET /metrics (Prometheus text). */
export function healthRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.get('/healthz', async () => ({
    status: 'ok',
    sessions: deps.sessions.size,
    providers: deps.providers(),
  }));
  app.get('/metrics', async (_request, reply) =>
    reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(await deps.metrics.prometheusText()),
  );
}
