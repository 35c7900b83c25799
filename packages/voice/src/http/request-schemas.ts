import { z } from 'zod';

/**
 * What the HTTP routes validate their path and body with (the session body is the protocol's
 * SessionConfigPatch). The OpenAPI document is generated from the same objects.
 */

/** A routing key a load balancer may hash on: short, URL-safe. */
export const ROUTE_KEY = /^[A-Za-z0-9_-]{1,64}$/;

export const SessionsQuery = z.object({
  route: z.string().regex(ROUTE_KEY).optional().meta({
    description:
      'A routing key carried over to `ws_url`, so a load balancer that hashes on it sends the socket to the instance that created the session; another value is ignored.',
  }),
});

export const IndexParams = z.object({
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . -; at most 64'),
});

/** Body of POST /v1/indexes/{name}/documents. */
export const Documents = z.object({
  documents: z
    .array(
      z.object({
        id: z.string().min(1).max(200).optional(),
        title: z.string().max(500).optional(),
        text: z.string().min(1).max(1_000_000),
      }),
    )
    .min(1)
    .max(1000),
});
