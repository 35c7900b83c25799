import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { call, readSse, startService, type RunningService } from './helpers.ts';

/**
 * The document against the running service: every JSON answer (successes and errors) is
 * checked against the schema the document gives that operation and status.
 */

let svc: RunningService;
let document: any;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const BASE = 'https://hikma.invalid/research-openapi.json';
/** Operations whose documented success status was seen, as `METHOD /path`. */
const succeeded = new Set<string>();

before(async () => {
  svc = await startService({ RESEARCH_PAUSE_AFTER: 'ideation' });
  document = (await call('GET', `${svc.api}/openapi.json`)).body;
  ajv.addSchema({ $id: BASE, components: document.components });
});
after(async () => {
  await svc?.close();
});

/**
 * Sends the request and checks the answer against what the document says `route` answers
 * with that status; returns it.
 */
async function checked(
  route: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; contentType: string }> {
  const [method, path] = route.split(' ') as [string, string];
  const res = await call(method, `${svc.api}${url}`, body, headers);
  const contentType = res.headers.get('content-type') ?? '';
  const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  assert.ok(operation, `${route} is documented`);
  const response = operation.responses[String(res.status)];
  assert.ok(response, `${route} documents ${res.status}: ${JSON.stringify(res.body)}`);
  const mediaType = Object.keys(response.content).find(
    (type) => type.split(';')[0] === contentType.split(';')[0],
  );
  assert.ok(mediaType, `${route} ${res.status} documents ${contentType}`);
  if (mediaType === 'application/json') {
    const schema = JSON.parse(
      JSON.stringify(response.content[mediaType].schema).replaceAll('"#/', `"${BASE}#/`),
    );
    const validate = ajv.compile(schema);
    assert.ok(
      validate(res.body),
      `${route} ${res.status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(res.body)}`,
    );
  }
  if (res.status < 300) succeeded.add(route);
  return { status: res.status, body: res.body, contentType };
}

test('users, runs, events, artefacts, usage, intent and planner answer as documented', async () => {
  await checked('GET /health', '/health');
  await checked('GET /readyz', '/readyz');
  await checked('GET /metrics', '/metrics');
  assert.equal((await checked('POST /users', '/users', { user_id: 'ana' })).status, 201);
  await checked('POST /users', '/users', {
    user_id: 'ben',
    domain: 'ecology',
    persona_brief: 'field biologist',
  });
  await checked('GET /users', '/users');
  await checked('GET /users/:user_id', '/users/ana');
  await checked('GET /users/:user_id/skills', '/users/ana/skills');
  await checked('GET /users/:user_id/memories', '/users/ana/memories');
  await checked('GET /users/:user_id/planner', '/users/ana/planner');
  await checked('POST /users/:user_id/planner/train', '/users/ana/planner/train');
  await checked('POST /intent', '/intent', {
    text: 'start a run on coral bleaching',
    session: { user_id: 'ana', run_id: null, run_status: null, has_profile: true },
  });

  const run = await checked('POST /runs', '/runs', {
    user_id: 'ana',
    topic: 'pollinator decline in cities',
  });
  assert.equal(run.status, 201);
  const runId = run.body.run_id as string;
  const stream = await readSse(`${svc.api}/runs/${runId}/stream`, {
    stopWhen: (m) => m.event === 'awaiting_feedback',
  });
  assert.match(stream.contentType ?? '', /^text\/event-stream/);
  const validateEvent = ajv.compile({ $ref: `${BASE}#/components/schemas/RunEvent` });
  for (const message of stream.messages) {
    assert.ok(
      validateEvent(message.data),
      `${message.event}: ${ajv.errorsText(validateEvent.errors)}`,
    );
    assert.equal(message.event, message.data.type);
    assert.equal(message.id, String(message.data.seq));
  }
  succeeded.add('GET /runs/:run_id/stream');
  const types = new Set(stream.messages.map((m) => m.event));
  for (const type of ['run_started', 'status_changed', 'stage_completed', 'narration'])
    assert.ok(types.has(type), `the stream sent ${type}`);

  await checked('GET /runs', '/runs');
  await checked('GET /runs', '/runs?user_id=ana');
  await checked('GET /runs/:run_id', `/runs/${runId}`);
  const events = await checked('GET /runs/:run_id/events', `/runs/${runId}/events`);
  assert.ok(events.body.length >= stream.messages.length);
  await checked('GET /runs/:run_id/events', `/runs/${runId}/events?after=2`);
  const artefacts = await checked('GET /runs/:run_id/artefacts', `/runs/${runId}/artefacts`);
  assert.ok(artefacts.body.ideation, 'the ideation artefact is there');
  await checked('GET /runs/:run_id/usage', `/runs/${runId}/usage`);
  const tex = await checked('GET /runs/:run_id/paper.tex', `/runs/${runId}/paper.tex`);
  assert.equal(tex.status, 404, 'no paper before writing');
  assert.equal(
    (await checked('GET /runs/:run_id/paper.pdf', `/runs/${runId}/paper.pdf`)).status,
    404,
  );
  const resumed = await checked('POST /runs/:run_id/feedback', `/runs/${runId}/feedback`, {
    text: 'looks good, go on',
  });
  assert.equal(resumed.status, 200);

  const unchecked = Object.entries(document.paths).flatMap(([path, item]: [string, any]) =>
    Object.keys(item)
      .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)
      .filter((route) => !succeeded.has(route)),
  );
  // A paper needs a run through writing and a LaTeX compile: the pipeline tests cover it.
  assert.deepEqual(unchecked.sort(), [
    'GET /runs/:run_id/paper.pdf',
    'GET /runs/:run_id/paper.tex',
  ]);
});

test('errors answer with the documented statuses and bodies', async () => {
  assert.equal((await checked('GET /users/:user_id', '/users/nobody')).status, 404);
  assert.equal((await checked('GET /runs/:run_id', '/runs/run-none')).status, 404);
  assert.equal((await checked('GET /runs/:run_id/stream', '/runs/run-none/stream')).status, 404);
  const missing = await checked('POST /runs', '/runs', { user_id: 'ana' });
  assert.equal(missing.status, 422);
  assert.deepEqual(missing.body.detail[0], {
    loc: ['body', 'topic'],
    msg: 'Field required',
    type: 'missing',
  });
  const malformed = await checked('POST /intent', '/intent', '{"text": ');
  assert.equal(malformed.status, 422);
  assert.equal(malformed.body.detail[0].type, 'json_invalid');
  assert.equal((await checked('GET /runs', '/runs?user_id=')).status, 422);
  assert.equal(
    (await checked('GET /runs/:run_id/events', '/runs/run-none/events?after=-1')).status,
    404,
  );
  const wrongType = await checked('POST /users', '/users', 'user_id=ana', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  assert.equal(wrongType.status, 415);
  const tooLarge = await checked('POST /users', '/users', {
    user_id: 'ana',
    persona_brief: 'x'.repeat(1024 * 1024),
  });
  assert.equal(tooLarge.status, 413);
});
