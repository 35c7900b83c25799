import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VoiceError } from '../../errors.ts';
import type { HttpDeps } from '../deps.ts';
import { requireTenant } from './sessions.ts';

const IndexParams = z.object({
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . -; at most 64'),
});
const Documents = z.object({
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

/** Retrieval indexes of the caller's tenant: fill one, list them. */
export function indexRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.post('/v1/indexes/:name/documents', async (request, reply) => {
    const tenant = requireTenant(request, deps);
    const params = IndexParams.safeParse(request.params);
    if (!params.success)
      throw new VoiceError('invalid_message', `index name: ${params.error.issues[0]!.message}`);
    const body = Documents.safeParse(request.body);
    if (!body.success) {
      const issue = body.error.issues[0]!;
      throw new VoiceError(
        'invalid_message',
        `${issue.path.join('.') || 'body'}: ${issue.message}`,
      );
    }
    const added = deps.rag.addDocuments(tenant, params.data.name, body.data.documents);
    return reply
      .status(201)
      .send({ index_name: params.data.name, documents: added.documents, passages: added.passages });
  });

  app.get('/v1/indexes', async (request) => {
    const tenant = requireTenant(request, deps);
    return { indexes: deps.rag.listIndexes(tenant) };
  });
}
