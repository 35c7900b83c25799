import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../deps.ts';
import { validate } from '../errors.ts';
import { UserParams } from '../request-schemas.ts';
import { ResearchError } from '../../errors.ts';
import { UserProfile } from '../../store/types.ts';

/** Users, their profiles, skill banks and memories. */
export function userRoutes(app: FastifyInstance, { store, planner }: HttpDeps): void {
  app.post('/users', async (request, reply) => {
    const profile = validate(UserProfile, request.body, 'body');
    await store.users.upsert(profile);
    return reply.status(201).send(await store.users.get(profile.user_id));
  });

  app.get('/users', async () => store.users.listIds());

  const requireUser = async (params: unknown) => {
    const { user_id } = validate(UserParams, params, 'path');
    const user = await store.users.get(user_id);
    if (!user) throw new ResearchError('user_not_found', `user '${user_id}' not found`);
    return user;
  };

  app.get('/users/:user_id', async (request) => requireUser(request.params));
  app.get('/users/:user_id/skills', async (request) =>
    store.skills.list((await requireUser(request.params)).user_id),
  );
  // Extension: train the user's planner from the queued feedback; see its state.
  app.post('/users/:user_id/planner/train', async (request) => {
    const user = await requireUser(request.params);
    const { interpretations: _i, ...result } = await planner.train(user.user_id);
    return result;
  });
  app.get('/users/:user_id/planner', async (request) =>
    planner.status((await requireUser(request.params)).user_id),
  );

  app.get('/users/:user_id/memories', async (request) =>
    store.memories.list((await requireUser(request.params)).user_id),
  );
}
