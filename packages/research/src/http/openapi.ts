import {
  createDocument,
  type oas31,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
} from 'zod-openapi';

import { ERROR_CODES, type ResearchErrorCode } from '../errors.ts';
import {
  Intent,
  IntentAction,
  IntentRequest,
  IntentResponse,
  IntentSession,
} from '../intent/schema.ts';
import { OPERATIONS, type ApiOperation } from './openapi-operations.ts';
import * as responses from './response-schemas.ts';
import { ANY_ROUTE_ERRORS, ROUTE_ERRORS } from './route-errors.ts';
import { tidyJsonSchema } from '@hikma/service-kit';

/**
 * The OpenAPI 3.1 document of the research API, generated from the zod schemas the routes
 * validate with (request-schemas.ts) and answer with (response-schemas.ts).
 *
 * The document is built beside the routes rather than from Fastify route `schema`s: a route
 * schema makes Fastify validate and serialise with it, which would change the FastAPI-style
 * 422 bodies and the fields clients get. A test holds OPERATIONS to the registered routes.
 */
export function buildOpenApiDocument(version: string): oas31.OpenAPIObject {
  const paths: ZodOpenApiObject['paths'] = {};
  for (const [route, operation] of Object.entries(OPERATIONS)) {
    const [method, path] = route.split(' ') as [string, string];
    const openApiPath = path.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[openApiPath] = {
      ...paths[openApiPath],
      [method.toLowerCase()]: toOperation(operation, errorCodesOf(route, method)),
    };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Hikma research API',
        version,
        description: [
          'Research-paper pipeline: a run goes from a topic to a reviewed paper through stages',
          '(ideation, planning, coding, analysis, writing, review), pausing for feedback.',
          'No endpoint requires authentication; the service binds to loopback by default.',
          'Errors are `{"detail": "..."}`; a request that fails validation gets 422 with',
          '`{"detail": [{"loc", "msg", "type"}]}`. Every response echoes `X-Request-Id`',
          '(sent by the client when short and plain, else generated).',
        ].join(' '),
      },
      servers: [{ url: '/api', description: 'This service' }],
      tags: [
        { name: 'users', description: 'Profiles, skill banks, memories and planners' },
        { name: 'runs', description: 'Runs, their feedback, events, artefacts and papers' },
        { name: 'intent', description: 'The chat command router' },
        { name: 'service', description: 'Health, readiness and metrics' },
      ],
      paths,
      components: {
        schemas: {
          ...namedSchemas(),
          IntentRequest,
          IntentResponse,
          Intent,
          IntentAction,
          IntentSession,
          ...responses.ARTEFACT_COMPONENTS,
          ...responses.RUN_EVENT_VARIANTS,
        },
      },
    },
    { override: tidyJsonSchema },
  );
}

/** The response schemas registered as components, under their export names, in this order. */
const NAMED_SCHEMAS = [
  'RunStatus',
  'StageName',
  'RunSnapshot',
  'Skill',
  'Memory',
  'PlannerTraining',
  'PlannerStatus',
  'TokenUsage',
  'RunUsage',
  'RunArtefacts',
  'RunEvent',
  'Health',
  'Ready',
  'ErrorDetail',
  'ValidationError',
  'HTTPValidationError',
] as const;

function namedSchemas() {
  return Object.fromEntries(NAMED_SCHEMAS.map((name) => [name, responses[name]]));
}

/** The codes a route can answer with: its own, and those of any request. */
function errorCodesOf(route: string, method: string): ResearchErrorCode[] {
  const own = ROUTE_ERRORS[route];
  if (!own) throw new Error(`OPERATIONS has ${route}, which ROUTE_ERRORS does not`);
  // A body's media type and size only matter where a body is read.
  const any = ANY_ROUTE_ERRORS.filter(
    (code) =>
      method === 'POST' || (code !== 'unsupported_media_type' && code !== 'request_too_large'),
  );
  return [...own, ...any];
}

function toOperation(
  operation: ApiOperation,
  codes: readonly ResearchErrorCode[],
): ZodOpenApiOperationObject {
  const { success } = operation;
  const requestParams = {
    ...(operation.path ? { path: operation.path } : {}),
    ...(operation.query ? { query: operation.query } : {}),
    ...(operation.header ? { header: operation.header } : {}),
  };
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: operation.body } },
          },
        }
      : {}),
    responses: {
      [success.status]: {
        description: success.description,
        ...(success.headers ? { headers: success.headers } : {}),
        content: Object.fromEntries(
          Object.entries(success.content).map(([type, schema]) => [type, { schema }]),
        ),
      },
      ...errorResponses(codes),
    },
  };
}

/** One response per status the codes map to; its description lists the codes and causes. */
function errorResponses(codes: readonly ResearchErrorCode[]) {
  const byStatus = new Map<number, ResearchErrorCode[]>();
  for (const code of codes) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, ofStatus]) => [
        String(status),
        {
          description: ofStatus
            .map((code) => `\`${code}\`: ${ERROR_CODES[code].description}.`)
            .join(' '),
          content: {
            'application/json': {
              schema: status === 422 ? responses.HTTPValidationError : responses.ErrorDetail,
            },
          },
        },
      ]),
  );
}
