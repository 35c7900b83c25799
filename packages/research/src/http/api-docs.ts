import type { FastifyInstance } from 'fastify';
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument } from './openapi.ts';

/** Where the API describes itself. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * Serves the OpenAPI document at `/api/openapi.json` and Swagger UI at `/api/docs` (the
 * document also at `/api/docs/json`; `/docs` redirects there). The UI's scripts and styles come from `@fastify/swagger-ui`'s own copy
 * in node_modules, and its page may fetch nothing from another origin.
 */
export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  const document = buildOpenApiDocument(version);
  await app.register(swagger, {
    mode: 'static',
    specification: { document: document as StaticDocumentSpec['document'] },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
    // Only our origin: no CDN, no online validator; Swagger UI sets inline styles.
    staticCSP: [
      "default-src 'self'",
      "base-uri 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    theme: { title: 'Hikma research API' },
  });
  app.get(OPENAPI_PATH, async () => document);
  // Where users of FastAPI-style services look first.
  app.get('/docs', async (_request, reply) => reply.redirect(DOCS_PATH));
}
