import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '../errors.ts';

/** Where `npm run build -w @hikma/research` writes the web app. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const NOT_BUILT = 'the web UI is not built: run npm run build';

/**
 * Serves the built web app at `/` (outside `/api`) and installs the app's not-found handler:
 * a GET of a page path falls back to `index.html`, so the app survives a reload on any
 * path, and everything else, `/api/*` included, stays a JSON `{detail}` 404. Without a
 * build, page paths answer 503 saying how to make one.
 */
export async function registerWebUI(
  app: FastifyInstance,
  distDir = DEFAULT_WEB_DIST,
): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) app.log.warn({ distDir }, NOT_BUILT);
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // The wildcard route (the default) looks files up per request, so a build made while
    // the service runs is served without a restart.
    wildcard: true,
    suppressWarning: true,
    setHeaders: (reply, path) => {
      // Vite puts a content hash in every asset name; index.html must always be revalidated.
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if (!isPagePath(request))
      return reply.status(ERROR_CODES.route_not_found.status).send({ detail: 'Not Found' });
    if (!existsSync(indexFile))
      return reply.status(ERROR_CODES.web_ui_not_built.status).send({ detail: NOT_BUILT });
    return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
  });
}

/** A GET or HEAD of one of the app's pages: outside `/api`, and not a file name (`/x.js`). */
function isPagePath(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) return false;
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}
