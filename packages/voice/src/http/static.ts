import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where `npm run build -w @hikma/voice` puts the web console. */
export const WEB_CONSOLE_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Only our own origin. The page has no inline script or style; the audio worklet is a file
 * of ours, and `blob:`/`data:` are allowed where worklets and generated audio may need them.
 * `connect-src 'self'` covers the same-origin `ws://`/`wss://` socket (CSP level 3).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function securityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
}

/**
 * Serves the web console at `/` and its files (`/assets/*`, the worklet, the icon). Whether
 * it is built is checked per request, so building while the service runs is enough; until
 * then `/` answers 503. Unknown files fall through to the JSON 404 handler.
 */
export async function webConsoleRoutes(
  app: FastifyInstance,
  root: string = WEB_CONSOLE_DIR,
): Promise<void> {
  const index = join(root, 'index.html');
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    dotfiles: 'ignore',
    // The route is registered even before the first build; the warning would be noise.
    suppressWarning: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      securityHeaders(reply);
      // Files under assets/ carry a content hash in their name; the rest must be revalidated.
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', async (_request, reply) => {
    if (!existsSync(index)) {
      return reply.status(503).send({
        error: {
          code: 'not_found',
          message: 'the web console is not built: run npm run build',
        },
      });
    }
    return reply.sendFile('index.html');
  });
}
