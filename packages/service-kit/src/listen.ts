import type { AddressInfo } from 'node:net';

/** The part of a Fastify instance that listening needs. */
export interface Listenable {
  listen(options: { host: string; port: number }): Promise<unknown>;
  server: { address(): AddressInfo | string | null };
}

/**
 * Listens on 127.0.0.1 at a port the kernel picks (tests and benchmarks run side by side) and
 * returns it with the origin, e.g. `http://127.0.0.1:41234`.
 */
export async function listenOnLoopback(app: Listenable): Promise<{ port: number; origin: string }> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
  return { port: address.port, origin: `http://127.0.0.1:${address.port}` };
}
