import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../deps.ts';

/** GET /health: liveness, the version, and which LLM provider is in use. */
export function healthRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.get('/health', async () => ({
    status: 'ok',
    version: deps.version,
    llm_provider: deps.llmProvider,
    ...(deps.llmProvider === 'offline'
      ? { warning: 'offline LLM provider: deterministic development fallback, no model is used' }
      : {}),
  }));
}
