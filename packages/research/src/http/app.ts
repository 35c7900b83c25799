import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { HttpDeps } from './deps.ts';
import { errorHandler } from './errors.ts';
import { healthRoutes } from './routes/health.ts';
import { userRoutes } from './routes/users.ts';
import { runRoutes } from './routes/runs.ts';
import { streamRoutes } from './routes/stream.ts';
import { intentRoutes } from './routes/intent.ts';
import { registerWebUI } from './static.ts';

export interface AppOptions {
  logLevel?: string;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** The built web app served at `/` (default `packages/research/web/dist`). */
  webDistDir?: string;
  /** A request's headers and body must have arrived within this (default 120 s). */
  requestTimeoutMs?: number;
}

/**
 * Builds the HTTP app: every route under `/api`, the web app at `/`, CORS for the one UI
 * origin, `{detail}` errors.
 */
export async function buildApp(deps: HttpDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? 120_000;
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // A client that trickles its request is cut off (408). Node enforces the body part only
    // when the timeout is given to the server's constructor (hence `http`); it checks every
    // 30 s by default.
    requestTimeout,
    http: {
      requestTimeout,
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, requestTimeout / 4)),
    },
  });
  app.setErrorHandler(errorHandler);
  await app.register(cors, {
    // Answer with the header only for the one UI origin; other origins get no CORS headers.
    origin: (origin, callback) => callback(null, origin === deps.uiOrigin),
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Last-Event-ID'],
  });
  await app.register(async (api) => apiRoutes(api, deps), { prefix: '/api' });
  // Also installs the not-found handler: JSON 404 under /api, the app's index.html elsewhere.
  await registerWebUI(app, options.webDistDir);
  return app;
}

/** Every route of the API (registered under `/api` by `buildApp`). */
export function apiRoutes(api: FastifyInstance, deps: HttpDeps): void {
  healthRoutes(api, deps);
  // A worker-only instance answers probes and metrics, nothing else.
  if (!deps.serveApi) return;
  userRoutes(api, deps);
  runRoutes(api, deps);
  streamRoutes(api, deps);
  intentRoutes(api, deps);
}
