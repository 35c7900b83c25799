import { z } from 'zod';
import { createDocument, type oas31, type ZodOpenApiOperationObject } from 'zod-openapi';
import { PROMETHEUS_CONTENT_TYPE } from '@hikma/service-kit';
import { ERROR_CODES, type VoiceErrorCode } from '../errors.ts';
import { ClientMessage } from '../protocol/client-messages.ts';
import { ServerMessage, Usage } from '../protocol/server-messages.ts';
import { SessionConfig, SessionConfigPatch, ToolSchema } from '../protocol/session-config.ts';
import { CLIENT_EVENTS, SERVER_EVENTS } from './message-components.ts';
import { Documents, IndexParams, SessionsQuery } from './request-schemas.ts';
import {
  DocumentsAdded,
  ErrorResponse,
  Health,
  IndexList,
  NotReady,
  Ready,
  SessionHandle,
} from './response-schemas.ts';
import { tidyJsonSchema } from '@hikma/service-kit';

/** Where the voice service describes itself. */
export const OPENAPI_PATH = '/v1/openapi.json';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const API_KEY = [{ ApiKey: [] }];
/** Errors any route can answer with besides its own. */
const ANY: VoiceErrorCode[] = ['internal_error'];
/** Errors of a route that reads a JSON body. */
const BODY: VoiceErrorCode[] = ['invalid_message', 'request_too_large'];

/**
 * The OpenAPI 3.1 document of the voice service's HTTP endpoints, generated from the zod
 * schemas the routes validate with; the socket's messages are components too (`ClientEvent…`,
 * `ServerEvent…`), the AsyncAPI document (asyncapi.ts) describes the socket itself.
 *
 * Built beside the routes rather than from Fastify route `schema`s, which would make Fastify
 * validate with them and change the `{error: {code, message}}` answers; a test holds the
 * document to the registered routes.
 */
export function buildOpenApiDocument(version: string): oas31.OpenAPIObject {
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Hikma voice API',
        version,
        description: [
          'Realtime voice assistant. Create a session over HTTP with an API key, then open the',
          'WebSocket at its `ws_url` with the token (the socket protocol is in',
          '`/v1/asyncapi.json`; its messages are the `ClientEvent…` and `ServerEvent…` schemas).',
          'Errors are `{"error": {"code", "message"}}`. Every response echoes `X-Request-Id`.',
        ].join(' '),
      },
      tags: [
        { name: 'sessions', description: 'Voice sessions' },
        { name: 'indexes', description: "Retrieval indexes of the caller's tenant" },
        { name: 'service', description: 'Health, readiness and metrics' },
      ],
      paths: {
        '/v1/sessions': {
          post: operation({
            operationId: 'createSession',
            tags: ['sessions'],
            summary: 'Create a session: its id, socket URL and 5-minute token',
            description: 'The body is an initial session configuration; `{}` or none is fine.',
            security: API_KEY,
            requestParams: { query: SessionsQuery },
            requestBody: { required: false, content: json(SessionConfigPatch) },
            responses: {
              201: { description: 'The session handle.', content: json(SessionHandle) },
            },
            errors: [
              'invalid_api_key',
              ...BODY,
              'tenant_session_limit',
              'capacity_exceeded',
              'shared_state_unavailable',
              'server_shutting_down',
            ],
          }),
        },
        '/v1/indexes': {
          get: operation({
            operationId: 'listIndexes',
            tags: ['indexes'],
            summary: "The tenant's retrieval indexes",
            security: API_KEY,
            responses: { 200: { description: 'Index names.', content: json(IndexList) } },
            errors: ['invalid_api_key'],
          }),
        },
        '/v1/indexes/{name}/documents': {
          post: operation({
            operationId: 'addIndexDocuments',
            tags: ['indexes'],
            summary: 'Add documents to an index (created on first use)',
            description: 'A document with an `id` already in the index replaces it.',
            security: API_KEY,
            requestParams: { path: IndexParams },
            requestBody: { required: true, content: json(Documents) },
            responses: {
              201: { description: 'What was added.', content: json(DocumentsAdded) },
            },
            errors: ['invalid_api_key', ...BODY],
          }),
        },
        '/healthz': {
          get: operation({
            operationId: 'getHealth',
            tags: ['service'],
            summary: 'Liveness, sessions and provider readiness',
            responses: { 200: { description: 'The service is up.', content: json(Health) } },
            errors: [],
          }),
        },
        '/readyz': {
          get: operation({
            operationId: 'getReadiness',
            tags: ['service'],
            summary: 'Readiness for new sessions',
            responses: {
              200: { description: 'Ready for new sessions.', content: json(Ready) },
              503: {
                description: 'Draining, or the shared state (Redis) cannot be reached.',
                content: json(NotReady),
              },
            },
            errors: [],
          }),
        },
        '/metrics': {
          get: operation({
            operationId: 'getMetrics',
            tags: ['service'],
            summary: 'Metrics in the Prometheus text format',
            responses: {
              200: {
                description: 'Prometheus text exposition.',
                content: { [PROMETHEUS_CONTENT_TYPE]: { schema: { type: 'string' } } },
              },
            },
            errors: [],
          }),
        },
      },
      components: {
        securitySchemes: {
          ApiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: 'A key of `VOICE_API_KEYS`; it names the tenant.',
          },
        },
        schemas: {
          SessionConfigPatch,
          SessionConfig,
          Tool: ToolSchema,
          Usage,
          SessionHandle,
          IndexList,
          DocumentsAdded,
          Health,
          Ready,
          NotReady,
          ErrorResponse,
          ClientEvent: ClientMessage,
          ...CLIENT_EVENTS,
          ServerEvent: ServerMessage,
          ...SERVER_EVENTS,
        },
      },
    },
    { override: tidyJsonSchema },
  );
}

type Operation = ZodOpenApiOperationObject & {
  responses: NonNullable<ZodOpenApiOperationObject['responses']>;
  /** Codes the route answers with besides ANY; each under its registry status. */
  errors: VoiceErrorCode[];
};

/** The operation with a response per error status, its description listing the codes. */
function operation({ errors, ...rest }: Operation): ZodOpenApiOperationObject {
  const byStatus = new Map<number, string[]>();
  const add = (status: number, text: string) =>
    byStatus.set(status, [...(byStatus.get(status) ?? []), text]);
  for (const code of [...errors, ...ANY])
    add(ERROR_CODES[code].status, `\`${code}\`: ${ERROR_CODES[code].description}.`);
  // Fastify refuses a body of a type it has no parser for before the route runs.
  if (rest.requestBody) add(415, '`invalid_message`: the body is not JSON.');
  const responses = { ...rest.responses };
  for (const [status, texts] of [...byStatus.entries()].sort(([a], [b]) => a - b))
    responses[String(status) as `4${string}`] = {
      description: texts.join(' '),
      content: json(ErrorResponse),
    };
  return { ...rest, responses };
}
