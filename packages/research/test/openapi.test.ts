import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { apiRoutes } from '../src/http/app.ts';
import type { HttpDeps } from '../src/http/deps.ts';
import { buildOpenApiDocument } from '../src/http/openapi.ts';
import { OPERATIONS } from '../src/http/openapi-operations.ts';
import { ROUTE_ERRORS } from '../src/http/route-errors.ts';
import { ERROR_CODES } from '../src/errors.ts';
import { RUN_EVENT_TYPES } from '../src/domain/events.ts';
import { eventComponentName } from '../src/http/response-schemas.ts';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const document = buildOpenApiDocument(pkg.version) as any;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `METHOD /path` of every operation of the document, in the routes' `:param` notation. */
function documentedRoutes(doc: any): string[] {
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/** Every route `apiRoutes` registers (as Fastify sees them), without Fastify's own HEADs. */
async function registeredRoutes(): Promise<string[]> {
  const routes: string[] = [];
  const app = Fastify({ logger: false });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push(`${method} ${route.url.replace(/^\/api/, '')}`);
  });
  // Route registration reads no dependency; the handlers are never called here.
  await app.register(async (api) => apiRoutes(api, { serveApi: true } as HttpDeps), {
    prefix: '/api',
  });
  await app.ready();
  await app.close();
  return routes;
}

test('the document is valid OpenAPI 3.1', async () => {
  const validator = new Validator();
  const result = await validator.validate(document);
  assert.deepEqual(result, { valid: true });
  assert.equal(validator.version, '3.1');
});

test('every route Fastify registers is in the document, and nothing else', async () => {
  const registered = (await registeredRoutes()).sort();
  assert.ok(registered.length >= 20, `found ${registered.length} routes`);
  assert.deepEqual(documentedRoutes(document).sort(), registered);
  assert.deepEqual(Object.keys(OPERATIONS).sort(), registered);
  assert.deepEqual(document.servers, [{ url: '/api', description: 'This service' }]);
});

test("each operation documents its route's error statuses with the {detail} bodies", () => {
  for (const [route, codes] of Object.entries(ROUTE_ERRORS)) {
    const [method, path] = route.split(' ') as [string, string];
    const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')][method.toLowerCase()];
    for (const code of [...codes, 'internal_error' as const]) {
      const status = String(ERROR_CODES[code].status);
      const response = operation.responses[status];
      assert.ok(response, `${route} documents ${status} (${code})`);
      assert.match(
        response.description,
        new RegExp(`\`${code}\``),
        `${route} ${status} names ${code}`,
      );
      const body = status === '422' ? 'HTTPValidationError' : 'ErrorDetail';
      assert.equal(
        response.content['application/json'].schema.$ref,
        `#/components/schemas/${body}`,
        `${route} ${status}`,
      );
    }
  }
  const item = document.components.schemas.ValidationError;
  assert.deepEqual(item.required, ['loc', 'msg', 'type']);
});

test('operation ids are unique and schema names are the stable ones clients use', () => {
  const ids = Object.values(OPERATIONS).map((o) => o.operationId);
  assert.equal(new Set(ids).size, ids.length);
  const schemas = document.components.schemas;
  for (const name of [
    'UserProfile',
    'UserProfileInput',
    'RunSnapshot',
    'RunStatus',
    'StageName',
    'Skill',
    'Memory',
    'RunEvent',
    'IntentRequest',
    'IntentResponse',
    'CreateRunRequest',
    'FeedbackRequest',
    'ErrorDetail',
    'HTTPValidationError',
    'CompiledPaper',
  ])
    assert.ok(schemas[name], `components.schemas.${name}`);
  // Nothing is named after zod-openapi's input/output split.
  assert.deepEqual(
    Object.keys(schemas).filter((name) => name.endsWith('Output')),
    [],
  );
  assert.deepEqual(schemas.RunStatus.enum, [
    'pending',
    'running',
    'awaiting_feedback',
    'completed',
    'failed',
  ]);
});

test('the RunEvent union has every event type, discriminated by `type`', () => {
  const runEvent = document.components.schemas.RunEvent;
  assert.equal(runEvent.discriminator.propertyName, 'type');
  assert.deepEqual(Object.keys(runEvent.discriminator.mapping).sort(), [...RUN_EVENT_TYPES].sort());
  for (const type of RUN_EVENT_TYPES) {
    const variant = document.components.schemas[eventComponentName(type)];
    assert.equal(variant.properties.type.const, type);
  }
  const stream = document.paths['/runs/{run_id}/stream'].get;
  assert.ok(stream.responses['200'].content['text/event-stream']);
  assert.ok(stream.parameters.some((p: any) => p.in === 'header' && p.name === 'Last-Event-ID'));
});

test('the checked-in packages/research/openapi.json is what the code generates', () => {
  const checkedIn = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
  assert.deepEqual(
    checkedIn,
    JSON.parse(JSON.stringify(document)),
    'packages/research/openapi.json is out of date: run npm run openapi',
  );
});
