import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

/** How log lines are written: `pretty` for people, `json` for collectors, `auto` by the terminal. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

// What a client may send as its request id: enough for UUIDs, ULIDs, W3C trace ids and the
// ids proxies generate, nothing that could break a log line or a header.
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

/** The client's request id if it is one we accept (bounded, safe characters), else undefined. */
export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && CLIENT_REQUEST_ID.test(value) ? value : undefined;
}

/** The id of a request: the client's `X-Request-Id` when acceptable, otherwise a new UUID. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  return acceptedRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}

/** Where and how a service logs. */
export interface LogSettings {
  /** The service's name on every line (`name`), e.g. `voice`. */
  service: string;
  level: string;
  format: LogFormat;
  /** Tests capture lines here; default standard output. */
  destination?: NodeJS.WritableStream;
  /** Whether the destination is a terminal (for `auto`); default: standard output's. */
  isTTY?: boolean;
}

/** `auto` resolved: pretty on a terminal, JSON otherwise. */
export function resolveLogFormat(
  format: LogFormat,
  isTTY = process.stdout.isTTY === true,
): 'json' | 'pretty' {
  return format === 'auto' ? (isTTY ? 'pretty' : 'json') : format;
}

/**
 * The service's logger (pino): `name` on every line, human-readable (pino-pretty, one line
 * per entry with its fields after the message) or JSON lines. Made before the server so the
 * parts built before it (sessions, engine) log through it too.
 */
export function createLogger(settings: LogSettings): Logger {
  const format = resolveLogFormat(settings.format, settings.isTTY);
  const options = { level: settings.level, name: settings.service };
  if (format === 'json')
    return settings.destination ? pino(options, settings.destination) : pino(options);
  return pino(
    options,
    pretty({
      colorize: settings.destination === undefined && process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      singleLine: true,
      // Lines are written as they are logged, so a crash loses none of them.
      sync: true,
      ...(settings.destination ? { destination: settings.destination } : {}),
    }),
  );
}

/**
 * Fastify server options for request ids: every request logs under `request_id`, taken from
 * an acceptable `X-Request-Id` or generated (`echoRequestId` sends it back).
 */
export function requestIdOptions() {
  return {
    // Our own reading of the header (validated) instead of Fastify's, which takes any value.
    requestIdHeader: false as const,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: requestIdOf,
  };
}

/** Sends every response's request id back in `X-Request-Id` (errors and 404s included). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
