import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { ERROR_CODES, ResearchError, type ResearchErrorCode } from '../src/errors.ts';
import { apiRoutes } from '../src/http/app.ts';
import type { HttpDeps } from '../src/http/deps.ts';
import { errorHandler } from '../src/http/errors.ts';
import { ANY_ROUTE_ERRORS, NOT_FOUND_ERRORS, ROUTE_ERRORS } from '../src/http/route-errors.ts';
import { PlannerError } from '../src/planner/errors.ts';

const CODES = Object.keys(ERROR_CODES) as ResearchErrorCode[];

test('every research error code is documented in docs/errors.md with its status', () => {
  const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
  const research = doc.slice(doc.indexOf('## Research service'));
  for (const [code, { status, recoverable }] of Object.entries(ERROR_CODES)) {
    const row = new RegExp(`\\| \`${code}\` \\| ${status} \\| ${recoverable ? 'yes' : 'no'} \\|`);
    assert.match(research, row, `${code} is documented`);
  }
});

/**
 * Deps whose every call throws `make()`, so a route reaching any of them raises that error;
 * without `make`, every call answers another such object.
 */
function raising(make?: () => Error): HttpDeps {
  const deps: any = new Proxy(function () {}, {
    get: (_target, prop) => (prop === 'then' ? undefined : deps),
    apply: () => {
      if (make) throw make();
      return deps;
    },
  });
  return deps as HttpDeps;
}

async function appWith(deps: HttpDeps, routes: string[] = []): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push(`${method} ${route.url.replace(/^\/api/, '')}`);
    }
  });
  await app.register(async (api) => apiRoutes(api, deps), { prefix: '/api' });
  await app.ready();
  return app;
}

/** A request of the route that passes validation (`valid`) or fails it. */
function requestFor(route: string, valid: boolean) {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string];
  const url = path.replace(':user_id', valid ? 'ana' : 'u'.repeat(65)).replace(':run_id', 'run-1');
  const bodies: Record<string, unknown> = {
    'POST /users': { user_id: 'ana' },
    'POST /runs': { user_id: 'ana', topic: 'pollinator decline' },
    'POST /runs/:run_id/feedback': { text: 'looks good' },
  };
  const invalidQuery = route === 'GET /runs' ? '?user_id=' : method === 'GET' ? '?after=-1' : '';
  return {
    method,
    url: `/api${url}${valid ? '' : invalidQuery}`,
    payload: method === 'POST' ? ((valid && bodies[route]) ?? {}) : undefined,
  };
}

test('the route table lists every API route and only those, with codes of the registry', async () => {
  const routes: string[] = [];
  const app = await appWith(raising(), routes);
  await app.close();
  assert.deepEqual([...routes].sort(), Object.keys(ROUTE_ERRORS).sort());
  const listed = [...Object.values(ROUTE_ERRORS).flat(), ...ANY_ROUTE_ERRORS, ...NOT_FOUND_ERRORS];
  for (const code of listed) assert.ok(CODES.includes(code), `${code} is in the registry`);
});

test('every route answers each code it can raise with its registry status and a {detail}', async () => {
  for (const [route, codes] of Object.entries(ROUTE_ERRORS)) {
    for (const code of codes) {
      const invalid = code === 'validation_failed';
      const app = await appWith(
        raising(invalid ? undefined : () => new ResearchError(code, `raised ${code}`)),
      );
      const res = await app.inject(requestFor(route, !invalid));
      await app.close();
      assert.equal(res.statusCode, ERROR_CODES[code].status, `${route}: ${code}`);
      const { detail } = res.json() as { detail: unknown };
      if (code === 'validation_failed') assert.ok(Array.isArray(detail), `${route}: 422 items`);
      else assert.equal(detail, `raised ${code}`, `${route}: ${code} detail`);
    }
  }
});

test("the planner's errors reach its routes with their statuses", async () => {
  for (const code of ['model_version_unsupported', 'model_invalid'] as const) {
    const deps = raising(() => new PlannerError(code, `planner: ${code}`));
    const user = { user_id: 'ana' };
    const store = { users: { get: () => user } };
    const app = await appWith({
      ...deps,
      store,
      planner: deps.planner,
      serveApi: true,
    } as unknown as HttpDeps);
    for (const route of ['POST /users/:user_id/planner/train', 'GET /users/:user_id/planner']) {
      assert.ok(ROUTE_ERRORS[route]!.includes(code), `${route} lists ${code}`);
      const res = await app.inject(requestFor(route, true));
      assert.equal(res.statusCode, ERROR_CODES[code].status, `${route}: ${code}`);
      assert.deepEqual(res.json(), { detail: `planner: ${code}` });
    }
    await app.close();
  }
});

test('an unexpected error is a 500 whose detail says nothing of it', async () => {
  const app = await appWith(raising(() => new Error('secret path /etc/x')));
  const res = await app.inject({ method: 'GET', url: '/api/runs/run-1' });
  await app.close();
  assert.equal(res.statusCode, ERROR_CODES.internal_error.status);
  assert.deepEqual(res.json(), { detail: 'Internal Server Error' });
});
