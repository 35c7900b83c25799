import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fliteSpeech16k, silence16k } from './helpers/audio.ts';
import {
  API_KEY,
  OTHER_KEY,
  createSession,
  startVoice,
  VoiceClient,
  type RunningVoice,
} from './helpers/service.ts';
import { buildAsyncApiDocument } from '../src/http/asyncapi.ts';
import { buildOpenApiDocument } from '../src/http/openapi.ts';
import { pascalCase } from '../src/http/message-components.ts';

/**
 * The documents against the running service: the routes Fastify serves are the documented
 * ones, every HTTP answer matches the schema of its operation and status, and every message
 * of a real session (spoken audio, a tool call, a bad message) matches its AsyncAPI schema.
 */

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const BASE = 'https://hikma.invalid/voice';
let voice: RunningVoice;
let openapi: any;
let asyncapi: any;
const http = new Ajv2020({ strict: false, allErrors: true });
const socket = new Ajv({ strict: false, allErrors: true });

before(async () => {
  voice = await startVoice({ VOICE_TENANT_MAX_SESSIONS: '3' });
  openapi = await (await fetch(`${voice.http}/v1/openapi.json`)).json();
  asyncapi = await (await fetch(`${voice.http}/v1/asyncapi.json`)).json();
  addFormats.default(http);
  http.addSchema({ $id: `${BASE}/openapi.json`, components: openapi.components });
  socket.addSchema({ $id: `${BASE}/asyncapi.json`, components: asyncapi.components });
});
after(async () => {
  await voice?.close();
});

/** `METHOD /path` of each route in `printRoutes` output (a tree of path segments). */
function printedRoutes(tree: string): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[└├]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const parent = depth === 0 ? '' : paths[depth - 1]!;
    const path = `${parent}${parent.endsWith('/') || match[2]!.startsWith('/') ? '' : '/'}${match[2]}`;
    paths[depth] = path.replace(/\/+/g, '/');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') routes.push(`${method} ${paths[depth]}`);
  }
  return routes;
}

test('every route the service serves is documented, but the console and the documents', async () => {
  const served = printedRoutes(voice.service.app.printRoutes({ commonPrefix: false }));
  const notApi = ['GET /', 'GET /*', 'GET /v1/openapi.json', 'GET /v1/asyncapi.json'];
  for (const route of notApi) assert.ok(served.includes(route), `${route} is served`);
  const documented = Object.entries(openapi.paths).flatMap(([path, item]: [string, any]) =>
    Object.keys(item).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  assert.deepEqual(documented.sort(), served.filter((r) => !notApi.includes(r)).sort());
  assert.deepEqual(openapi, JSON.parse(JSON.stringify(buildOpenApiDocument(pkg.version))));
  assert.deepEqual(asyncapi, JSON.parse(JSON.stringify(buildAsyncApiDocument(pkg.version))));
});

/** Calls the service and checks the answer against the documented response of `route`. */
async function checked(
  route: string,
  url: string,
  init: { body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const [method, path] = route.split(' ') as [string, string];
  const res = await fetch(`${voice.http}${url}`, { method, ...init });
  const text = await res.text();
  const contentType = res.headers.get('content-type') ?? '';
  const response = openapi.paths[path]?.[method.toLowerCase()]?.responses[String(res.status)];
  assert.ok(response, `${route} documents ${res.status}: ${text.slice(0, 200)}`);
  const [mediaType] = Object.keys(response.content);
  assert.equal(mediaType!.split(';')[0], contentType.split(';')[0], `${route} ${res.status}`);
  if (mediaType !== 'application/json') return { status: res.status, body: text };
  const body = JSON.parse(text);
  const schema = JSON.parse(
    JSON.stringify(response.content[mediaType].schema).replaceAll('"#/', `"${BASE}/openapi.json#/`),
  );
  const validate = http.compile(schema);
  assert.ok(validate(body), `${route} ${res.status}: ${http.errorsText(validate.errors)}`);
  return { status: res.status, body };
}

const withKey = (key: string, body?: unknown, type = 'application/json') => ({
  headers: { 'x-api-key': key, 'content-type': type },
  ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
});

test('HTTP answers, successes and errors, match their documented schemas', async () => {
  assert.equal((await checked('GET /healthz', '/healthz')).status, 200);
  assert.equal((await checked('GET /readyz', '/readyz')).status, 200);
  assert.equal((await checked('GET /metrics', '/metrics')).status, 200);
  const created = await checked('POST /v1/sessions', '/v1/sessions', withKey(API_KEY, {}));
  assert.equal(created.status, 201);
  const routed = await checked('POST /v1/sessions', '/v1/sessions?route=r-1', withKey(API_KEY));
  assert.match(routed.body.ws_url, /\?route=r-1$/);
  const statuses = [
    await checked('POST /v1/sessions', '/v1/sessions', withKey('wrong-key', {})),
    await checked('POST /v1/sessions', '/v1/sessions', withKey(API_KEY, { voice: '' })),
    await checked('POST /v1/sessions', '/v1/sessions', withKey(API_KEY, '<a/>', 'application/xml')),
    await checked('POST /v1/sessions', '/v1/sessions', withKey(API_KEY, 'x'.repeat(5 << 20))),
  ].map((r) => r.status);
  assert.deepEqual(statuses, [401, 400, 415, 413]);
  const limited = [];
  for (let i = 0; i < 4; i++)
    limited.push((await checked('POST /v1/sessions', '/v1/sessions', withKey(OTHER_KEY))).status);
  assert.deepEqual(limited, [201, 201, 201, 429]);

  const added = await checked(
    'POST /v1/indexes/{name}/documents',
    '/v1/indexes/faq/documents',
    withKey(API_KEY, { documents: [{ id: 'hours', text: 'We open at nine.' }] }),
  );
  assert.deepEqual(added.body, { index_name: 'faq', documents: 1, passages: 1 });
  const badName = await checked(
    'POST /v1/indexes/{name}/documents',
    '/v1/indexes/no%20spaces/documents',
    withKey(API_KEY, { documents: [{ text: 'x' }] }),
  );
  assert.equal(badName.status, 400);
  assert.deepEqual((await checked('GET /v1/indexes', '/v1/indexes', withKey(API_KEY))).body, {
    indexes: ['faq'],
  });
  assert.equal((await checked('GET /v1/indexes', '/v1/indexes')).status, 401);
});

test('every message of a real session matches its schema in the AsyncAPI document', async () => {
  const session = await createSession(voice.http, {
    analysis: { pii: true, sentiment: true },
    tools: [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
    ],
  });
  assert.equal(session.status, 201);
  const client = await VoiceClient.connect(session.body);
  try {
    await client.waitFor('session.created');
    const sent = [
      { type: 'session.update', session: { instructions: 'Answer in one sentence.' } },
      { type: 'conversation.item.create', item: { role: 'user', content: 'Weather in Oslo?' } },
    ];
    client.send(sent[0]);
    await client.waitFor('session.updated');
    client.send(sent[1]);
    const call = await client.waitFor('tool.call');
    const result = { type: 'tool.result', call_id: call.call_id, output: '{"sky":"clear"}' };
    client.send(result);
    await client.waitFor('response.done', (m) => m.stream_id === call.stream_id);
    await client.streamAudio(
      Buffer.concat([
        silence16k(300),
        fliteSpeech16k('my email is ada at example dot com'),
        silence16k(1200),
      ]),
      2,
    );
    await client.waitFor('transcript.analysis');
    const spoken = await client.waitFor('transcript.final');
    await client.waitFor('response.done', (m) => m.stream_id > call.stream_id, 30_000);
    client.send({ type: 'no.such.message' });
    await client.waitFor('error');

    const validateClient = socket.compile({
      $ref: `${BASE}/asyncapi.json#/components/schemas/ClientEvent`,
    });
    for (const message of [
      ...sent,
      result,
      { type: 'input_audio.commit' },
      { type: 'response.cancel' },
    ])
      assert.ok(
        validateClient(message),
        `${message.type}: ${socket.errorsText(validateClient.errors)}`,
      );
    assert.equal(validateClient({ type: 'session.update', session: { voice: '' } }), false);

    const seen = new Set<string>();
    for (const { at: _at, ...message } of client.messages) {
      const name = `ServerEvent${pascalCase(message.type)}`;
      const validate = socket.compile({
        $ref: `${BASE}/asyncapi.json#/components/schemas/${name}`,
      });
      assert.ok(
        validate(message),
        `${message.type}: ${socket.errorsText(validate.errors)} in ${JSON.stringify(message)}`,
      );
      seen.add(message.type);
    }
    for (const type of [
      'session.created',
      'session.updated',
      'tool.call',
      'response.created',
      'response.text.delta',
      'response.audio.delta',
      'response.audio.done',
      'response.done',
      'vad.speech_started',
      'vad.speech_stopped',
      'transcript.final',
      'transcript.analysis',
      'error',
    ])
      assert.ok(
        seen.has(type),
        `the session sent ${type} (got ${[...seen].join(', ')}; heard "${spoken.text}")`,
      );
    assert.ok(client.frames.length > 0, 'audio frames arrived');
  } finally {
    client.close();
  }
});
