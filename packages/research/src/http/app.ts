import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { Tracer } from '@opentelemetry/api';
import {
  createLogger,
  echoRequestId,
  REQUEST_ID_HEADER,
  requestIdOptions,
  traceRequests,
} from '@hikma/service-kit';
import type { HttpDeps } from './deps.ts';
import { errorHandler } from './errors.ts';
import { healthRoutes } from './routes/health.ts';
import { userRoutes } from './routes/users.ts';
import { runRoutes } from './routes/runs.ts';
import { streamRoutes } from './routes/stream.ts';
import { intentRoutes } from './routes/intent.ts';
import { registerWebUI } from './static.ts';
import { registerApiDocs } from './api-docs.ts';

export interface AppOptions {
  /** The service's logger; default: one at `logLevel` in the terminal's format. */
  logger?: FastifyBaseLogger;
  logLevel?: string;
  /** A span per HTTP request goes to this tracer. */
  tracer?: Tracer;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** The built web app served at `/` (default `packages/research/web/dist`). */
  webDistDir?: string;
  /** A request's headers and body must have arrived within this (default 120 s). */
  requestTimeoutMs?: number;
}

/**
 * Builds the HTTP app: every route under `/api`, its OpenAPI document and docs, the web app at
 * `/`, CORS for the one UI origin, `{detail}` errors.
 */
export async function buildApp(deps: HttpDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? 120_000;
  const app = Fastify({
    loggerInstance:
      options.logger ??
      createLogger({ service: 'research', level: options.logLevel ?? 'info', format: 'auto' }),
    ...requestIdOptions(),
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
  echoRequestId(app);
  if (options.tracer) traceRequests(app, options.tracer);
  // Whatever is logged while serving a run's route carries its run_id.
  app.addHook('preHandler', (request, reply, done) => {
    const runId = (request.params as { run_id?: unknown } | undefined)?.run_id;
    if (typeof runId === 'string') request.log = reply.log = request.log.child({ run_id: runId });
    done();
  });
  app.setErrorHandler(errorHandler);
  await app.register(cors, {
    // Answer with the header only for the one UI origin; other origins get no CORS headers.
    origin: (origin, callback) => callback(null, origin === deps.uiOrigin),
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Last-Event-ID', REQUEST_ID_HEADER],
    exposedHeaders: [REQUEST_ID_HEADER],
  });
  await app.register(async (api) => apiRoutes(api, deps), { prefix: '/api' });
  // The OpenAPI document and Swagger UI describe the API; a worker-only instance serves none.
  if (deps.serveApi) await registerApiDocs(app, deps.version);
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
