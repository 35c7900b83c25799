import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../deps.ts';
import { validate } from '../errors.ts';
import { IntentRequest } from '../../intent/schema.ts';

/** POST /intent: turns chat text into an action (spec §2). */
export function intentRoutes(app: FastifyInstance, { intents }: HttpDeps): void {
  app.post('/intent', async (request) => {
    const body = validate(IntentRequest, request.body, 'body');
    return intents.route(body);
  });
}
