import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { HttpDeps } from './deps.ts';
import { errorHandler } from './errors.ts';
import { healthRoutes } from './routes/health.ts';
import { userRoutes } from './routes/users.ts';
import { runRoutes } from './routes/runs.ts';
import { streamRoutes } from './routes/stream.ts';
import { intentRoutes } from './routes/intent.ts';

export interface AppOptions {
  logLevel?: string;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
}

/** Builds the HTTP app: every route under `/api`, CORS for the one UI origin, `{detail}` errors. */
export async function buildApp(deps: HttpDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    requestTimeout: 120_000,
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ detail: 'Not Found' });
  });
  await app.register(cors, {
    // Answer with the header only for the one UI origin; other origins get no CORS headers.
    origin: (origin, callback) => callback(null, origin === deps.uiOrigin),
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Last-Event-ID'],
  });
  await app.register(
    async (api) => {
      healthRoutes(api, deps);
      userRoutes(api, deps);
      runRoutes(api, deps);
      streamRoutes(api, deps);
      intentRoutes(api, deps);
    },
    { prefix: '/api' },
  );
  return app;
}
