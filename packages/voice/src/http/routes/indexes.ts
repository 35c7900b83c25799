import type { FastifyInstance } from 'fastify';
import { VoiceError } from '../../errors.ts';
import type { HttpDeps } from '../deps.ts';
import { Documents, IndexParams } from '../request-schemas.ts';
import type { DocumentsAdded, IndexList } from '../response-schemas.ts';
import { requireTenant } from './sessions.ts';

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
    return reply.status(201).send({
      index_name: params.data.name,
      documents: added.documents,
      passages: added.passages,
    } satisfies DocumentsAdded);
  });

  app.get('/v1/indexes', async (request) => {
    const tenant = requireTenant(request, deps);
    return { indexes: deps.rag.listIndexes(tenant) } satisfies IndexList;
  });
}
