import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ASYNCAPI_PATH, buildAsyncApiDocument } from '../asyncapi.ts';
import { OPENAPI_PATH, buildOpenApiDocument } from '../openapi.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/**
 * GET /v1/openapi.json (the HTTP endpoints) and GET /v1/asyncapi.json (the socket and its
 * messages). Public, like the protocol they describe; built once, when the app is.
 */
export function apiDocsRoutes(app: FastifyInstance): void {
  const openapi = buildOpenApiDocument(VERSION);
  const asyncapi = buildAsyncApiDocument(VERSION);
  app.get(OPENAPI_PATH, async () => openapi);
  app.get(ASYNCAPI_PATH, async () => asyncapi);
}
