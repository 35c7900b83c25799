import type { FastifyInstance } from 'fastify';
import { PROMETHEUS_CONTENT_TYPE } from '@hikma/service-kit';
import type { HttpDeps } from '../deps.ts';
import { ResearchError } from '../../errors.ts';

/**
 * GET /health (liveness, the version, which LLM provider is in use), GET /readyz (the store
 * answers and the engine takes runs) and GET /metrics (Prometheus text).
 */
export function healthRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.get('/health', async () => ({
    status: 'ok',
    version: deps.version,
    llm_provider: deps.llmProvider,
    ...(deps.providers ? { providers: deps.providers } : {}),
    ...(deps.llmProvider === 'offline'
      ? { warning: 'offline LLM provider: deterministic development fallback, no model is used' }
      : {}),
  }));
  // Readiness: a load balancer sends no new work to an instance that is stopping or cannot
  // reach its store.
  app.get('/readyz', async () => {
    if (!deps.engine.accepting)
      throw new ResearchError('service_stopping', 'the service is stopping; it takes no new runs');
    if (!(await deps.store.reachable()))
      throw new ResearchError('store_unavailable', 'the run store cannot be reached');
    if (!(await deps.queueReachable()))
      throw new ResearchError('store_unavailable', 'the run queue cannot be reached');
    return { status: 'ready' };
  });
  app.get('/metrics', async (_request, reply) =>
    reply.type(PROMETHEUS_CONTENT_TYPE).send(await deps.metrics.prometheusText()),
  );
}
