import { z } from 'zod';
import { ClientMessage } from '../protocol/client-messages.ts';
import { STREAM_ID_HEADER_BYTES } from '../protocol/frames.ts';
import { ServerMessage, Usage } from '../protocol/server-messages.ts';
import { SessionConfig, SessionConfigPatch, ToolSchema } from '../protocol/session-config.ts';
import {
  CLOSE_ALREADY_CONNECTED,
  CLOSE_EXPIRED,
  CLOSE_SERVICE_RESTART,
  CLOSE_UNAUTHORIZED,
} from '../session/session-manager.ts';
import { CLOSE_IDLE_TIMEOUT } from '../session/voice-session.ts';
import { CLIENT_EVENTS, SERVER_EVENTS, messageType } from './message-components.ts';
import { SessionsQuery } from './request-schemas.ts';
import { VOICE_PATH } from './websocket.ts';

/** Where the voice service describes its socket. */
export const ASYNCAPI_PATH = '/v1/asyncapi.json';

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema (draft-07, the base of AsyncAPI's schema format) of each schema under its
 * component name, from zod's own converter. Client messages are read as the server parses
 * them (`input`), server messages as it sends them (`output`).
 */
function componentSchemas(
  named: Record<string, z.ZodType>,
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-7',
    io,
    uri: (id) => `#/components/schemas/${id}`,
    override: ({ jsonSchema, zodSchema }) => {
      const def = zodSchema._zod.def as { type: string; catchall?: unknown };
      // A message may gain fields; clients ignore those they do not know.
      if (io === 'output' && def.type === 'object' && !def.catchall)
        delete jsonSchema.additionalProperties;
      if (jsonSchema.type === 'integer') {
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      }
    },
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]),
  );
}

/** One schema set from the two directions; a shared component must come out the same. */
function merged(...sets: Record<string, JsonSchema>[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const set of sets) {
    for (const [id, schema] of Object.entries(set)) {
      if (out[id] && JSON.stringify(out[id]) !== JSON.stringify(schema))
        throw new Error(`component ${id} differs between client and server messages`);
      out[id] = schema;
    }
  }
  return out;
}

const ref = (path: string) => ({ $ref: path });

/**
 * The AsyncAPI 3.0 document of the voice socket: one channel (`/v1/voice`), the messages the
 * server receives (every client message and the input audio frame) and sends (every server
 * message and the output audio frame), with their JSON Schemas generated from the zod schemas
 * the server validates with (client) and types its messages by (server).
 */
export function buildAsyncApiDocument(version: string): Record<string, unknown> {
  const schemas = merged(
    componentSchemas(
      { ClientEvent: ClientMessage, ...CLIENT_EVENTS, SessionConfigPatch, Tool: ToolSchema },
      'input',
    ),
    componentSchemas(
      { ServerEvent: ServerMessage, ...SERVER_EVENTS, SessionConfig, Tool: ToolSchema, Usage },
      'output',
    ),
  );
  const message = (name: string, schema: z.ZodObject<{ type: z.ZodLiteral<string> }>) => {
    const description = z.globalRegistry.get(schema)?.description;
    return {
      name: messageType(schema),
      title: messageType(schema),
      ...(description ? { summary: description } : {}),
      contentType: 'application/json',
      payload: ref(`#/components/schemas/${name}`),
    };
  };
  const messages: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(CLIENT_EVENTS).map(([n, s]) => [n, message(n, s)])),
    InputAudioFrame: {
      name: 'input_audio_frame',
      title: 'Input audio (binary frame)',
      summary: 'Microphone audio: PCM16LE, 16 kHz, mono, no header.',
      contentType: 'application/octet-stream',
      payload: { type: 'string', format: 'binary' },
    },
    ...Object.fromEntries(Object.entries(SERVER_EVENTS).map(([n, s]) => [n, message(n, s)])),
    OutputAudioFrame: {
      name: 'output_audio_frame',
      title: 'Output audio (binary frame)',
      summary: `A ${STREAM_ID_HEADER_BYTES}-byte little-endian unsigned stream id, then PCM16LE 24 kHz mono.`,
      description:
        'Each frame follows a `response.audio.delta` with the same `stream_id` and its byte count.',
      contentType: 'application/octet-stream',
      payload: { type: 'string', format: 'binary' },
    },
  };
  const channelMessages = (names: string[]) =>
    names.map((name) => ref(`#/channels/voice/messages/${name}`));
  const [queryProperty] = Object.keys(SessionsQuery.shape);
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Hikma voice socket',
      version,
      description: [
        'The realtime voice protocol (v1). Create a session with `POST /v1/sessions`',
        '(`/v1/openapi.json`), then open the socket at its `ws_url` with its token. Text frames',
        'are JSON messages with a `type`; binary frames are audio. A bad message gets an `error`',
        'and the session goes on.',
      ].join(' '),
    },
    defaultContentType: 'application/json',
    servers: {
      development: {
        host: 'localhost:8080',
        protocol: 'ws',
        description:
          'The default local address; use the host of your deployment (`wss` behind TLS).',
        security: [ref('#/components/securitySchemes/sessionToken')],
      },
    },
    channels: {
      voice: {
        address: VOICE_PATH,
        title: 'Voice session',
        description: [
          `Close codes: ${CLOSE_UNAUTHORIZED} token missing, invalid or expired (the upgrade`,
          `completes, then the socket is closed); ${CLOSE_EXPIRED} the session reached its maximum`,
          `duration; ${CLOSE_ALREADY_CONNECTED} the session already has a live socket;`,
          `${CLOSE_IDLE_TIMEOUT} idle_timeout; 1008 client_too_slow; ${CLOSE_SERVICE_RESTART} the`,
          'instance is restarting. A connection dropped without a close frame can be resumed',
          'with the `resume_token` of `session.created` in place of the token.',
        ].join(' '),
        messages,
        bindings: {
          ws: {
            method: 'GET',
            query: {
              type: 'object',
              properties: {
                [queryProperty ?? 'route']: {
                  type: 'string',
                  description: 'The routing key given to POST /v1/sessions, if any.',
                },
              },
            },
            headers: {
              type: 'object',
              properties: {
                Authorization: { type: 'string', description: '`Bearer <token>`' },
                'Sec-WebSocket-Protocol': {
                  type: 'string',
                  description: 'From a browser: `bearer.<token>` (echoed back).',
                },
              },
            },
            bindingVersion: '0.1.0',
          },
        },
      },
    },
    operations: {
      receiveClientMessages: {
        action: 'receive',
        channel: ref('#/channels/voice'),
        title: 'Messages the client sends',
        messages: channelMessages([...Object.keys(CLIENT_EVENTS), 'InputAudioFrame']),
      },
      sendServerMessages: {
        action: 'send',
        channel: ref('#/channels/voice'),
        title: 'Messages the server sends',
        messages: channelMessages([...Object.keys(SERVER_EVENTS), 'OutputAudioFrame']),
      },
    },
    components: {
      schemas,
      securitySchemes: {
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            '`Bearer <token>` with the token of the session handle (a 5-minute JWT), or the subprotocol `bearer.<token>`.',
        },
      },
    },
  };
}
