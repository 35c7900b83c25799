import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { WebSocketServer } from 'ws';
import type { Tracer } from '@opentelemetry/api';
import { createLogger, echoRequestId, requestIdOptions, traceRequests } from '@hikma/service-kit';
import type { HttpDeps } from './deps.ts';
import { errorHandler, sendError } from './errors.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { indexRoutes } from './routes/indexes.ts';
import { healthRoutes } from './routes/health.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { webConsoleRoutes } from './static.ts';
import { attachVoiceSocket } from './websocket.ts';

export interface VoiceApp {
  app: FastifyInstance;
  wss: WebSocketServer;
}

/** Builds the HTTP routes and the WebSocket endpoint on one server. */
export async function buildApp(
  deps: HttpDeps,
  options: {
    /** The service's logger; default: one at `logLevel` in the terminal's format. */
    logger?: FastifyBaseLogger;
    logLevel?: string;
    /** A span per HTTP request goes to this tracer. */
    tracer?: Tracer;
    trustProxy?: boolean;
    webConsoleDir?: string;
    requestTimeoutMs?: number;
  } = {},
): Promise<VoiceApp> {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    loggerInstance:
      options.logger ??
      createLogger({ service: 'voice', level: options.logLevel ?? 'info', format: 'auto' }),
    ...requestIdOptions(),
    bodyLimit: 4 * 1024 * 1024,
    // A client that trickles its request (headers or body) is cut off rather than holding a
    // socket. Node enforces the body part only when the timeout is given to the server's
    // constructor (hence `http`), and checks every 30 s by default: often enough here.
    requestTimeout,
    http: {
      requestTimeout,
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, requestTimeout / 4)),
    },
    trustProxy: options.trustProxy ?? true,
  });
  // The spec lets a session be created with an empty body, even one typed as JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('the body is not valid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  echoRequestId(app);
  if (options.tracer) traceRequests(app, options.tracer);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    void sendError(reply, 'not_found', `no route ${request.method} ${request.url.split('?')[0]}`);
  });
  sessionRoutes(app, deps);
  indexRoutes(app, deps);
  healthRoutes(app, deps);
  apiDocsRoutes(app);
  await webConsoleRoutes(app, options.webConsoleDir);
  await app.ready();
  const wss = attachVoiceSocket(app.server, deps, app.log);
  return { app, wss };
}
