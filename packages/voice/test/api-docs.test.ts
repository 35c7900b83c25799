import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Parser } from '@asyncapi/parser';
import { buildOpenApiDocument } from '../src/http/openapi.ts';
import { buildAsyncApiDocument } from '../src/http/asyncapi.ts';
import { pascalCase } from '../src/http/message-components.ts';
import { ClientMessage } from '../src/protocol/client-messages.ts';
import { ServerMessage } from '../src/protocol/server-messages.ts';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const openapi = buildOpenApiDocument(pkg.version) as any;
const asyncapi = buildAsyncApiDocument(pkg.version) as any;

// From the unions the server parses with and types its messages by, not from a hand list.
const CLIENT_TYPES = ClientMessage.options.map((o) => o.shape.type.value);
const SERVER_TYPES = ServerMessage.options.map((o) => o.shape.type.value);

test('the HTTP document is valid OpenAPI 3.1', async () => {
  const validator = new Validator();
  assert.deepEqual(await validator.validate(openapi), { valid: true });
  assert.equal(validator.version, '3.1');
});

test('the socket document is valid AsyncAPI 3.0 (@asyncapi/parser: no error, no warning)', async () => {
  const { document, diagnostics } = await new Parser().parse(JSON.stringify(asyncapi));
  // Severity 0 is an error, 1 a warning; 2 and 3 are information and hints (e.g. that 3.1 exists).
  const problems = diagnostics.filter((d) => d.severity <= 1);
  assert.deepEqual(
    problems.map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`),
    [],
  );
  assert.ok(document, 'the parser returns a document');
  assert.equal(document.version(), '3.0.0');
  const channel = document.channels().get('voice');
  assert.equal(channel?.address(), '/v1/voice');
});

test('every client and server message type is in both documents, under a stable name', () => {
  assert.ok(CLIENT_TYPES.length >= 7 && SERVER_TYPES.length >= 18);
  const schemas = openapi.components.schemas;
  const messages = asyncapi.channels.voice.messages;
  for (const [side, types, action] of [
    ['Client', CLIENT_TYPES, 'receive'],
    ['Server', SERVER_TYPES, 'send'],
  ] as const) {
    const union = schemas[`${side}Event`];
    assert.deepEqual(Object.keys(union.discriminator.mapping).sort(), [...types].sort());
    const operation = Object.values(asyncapi.operations).find(
      (o: any) => o.action === action,
    ) as any;
    const inOperation = operation.messages.map((m: any) => m.$ref.split('/').pop());
    for (const type of types) {
      const name = `${side}Event${pascalCase(type)}`;
      assert.equal(schemas[name]?.properties.type.const, type, `openapi ${name}`);
      assert.equal(
        asyncapi.components.schemas[name]?.properties.type.const,
        type,
        `asyncapi ${name}`,
      );
      assert.equal(messages[name]?.name, type, `asyncapi message ${name}`);
      assert.ok(inOperation.includes(name), `${name} is in the ${action} operation`);
    }
  }
  assert.ok(schemas.ServerEventSessionCreated && schemas.ClientEventSessionUpdate);
  assert.ok(schemas.SessionConfig && schemas.SessionConfigPatch && schemas.SessionHandle);
  assert.deepEqual(
    Object.keys(schemas).filter((name) => name.endsWith('Output')),
    [],
  );
});

test('the binary audio frames are messages of the socket', () => {
  const { InputAudioFrame, OutputAudioFrame } = asyncapi.channels.voice.messages;
  assert.equal(InputAudioFrame.contentType, 'application/octet-stream');
  assert.match(InputAudioFrame.summary, /PCM16LE, 16 kHz, mono/);
  assert.equal(OutputAudioFrame.contentType, 'application/octet-stream');
  assert.match(OutputAudioFrame.summary, /4-byte little-endian unsigned stream id/);
  const refs = Object.values(asyncapi.operations).flatMap((o: any) =>
    o.messages.map((m: any) => m.$ref),
  );
  assert.ok(refs.includes('#/channels/voice/messages/InputAudioFrame'));
  assert.ok(refs.includes('#/channels/voice/messages/OutputAudioFrame'));
});

test('the HTTP operations carry the API key scheme and the {error} bodies', () => {
  const create = openapi.paths['/v1/sessions'].post;
  assert.equal(create.operationId, 'createSession');
  assert.deepEqual(create.security, [{ ApiKey: [] }]);
  assert.equal(openapi.components.securitySchemes.ApiKey.name, 'X-API-Key');
  for (const status of ['400', '401', '413', '415', '429', '500', '503']) {
    assert.equal(
      create.responses[status]?.content['application/json'].schema.$ref,
      '#/components/schemas/ErrorResponse',
      `POST /v1/sessions documents ${status}`,
    );
  }
  assert.match(create.responses['429'].description, /`tenant_session_limit`/);
});

test('the checked-in openapi.json and asyncapi.json are what the code generates', () => {
  for (const [file, built] of [
    ['openapi.json', openapi],
    ['asyncapi.json', asyncapi],
  ] as const) {
    const checkedIn = JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
    assert.deepEqual(
      checkedIn,
      JSON.parse(JSON.stringify(built)),
      `packages/voice/${file} is out of date: run npm run openapi`,
    );
  }
});
