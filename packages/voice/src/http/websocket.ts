import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { REQUEST_ID_HEADER, requestIdOf } from '@hikma/service-kit';
import { bearerFromUpgrade } from '../auth/tokens.ts';
import { CLOSE_UNAUTHORIZED, RESUME_TOKEN_PREFIX } from '../session/session-manager.ts';
import type { VoiceSession } from '../session/voice-session.ts';
import type { SessionTransport } from '../session/transport.ts';
import type { HttpDeps } from './deps.ts';
import { MessageRate } from '../limits/message-rate.ts';

/** The WebSocket path of spec §2. */
export const VOICE_PATH = '/v1/voice';
// Oversized frames get an `error` from the session rather than a 1009 close, so the socket
// itself accepts far more than the audio frame limit.
const MAX_WS_PAYLOAD = 16 * 1024 * 1024;

/** A socket's transport; `tooSlow` once it was closed because its client does not read. */
type SocketTransport = SessionTransport & { readonly tooSlow: boolean };

/**
 * Sends to one socket. A client that stops reading would make the server buffer without
 * bound: past `maxBufferedBytes` queued, the socket is closed (1008, client_too_slow).
 */
function transportFor(
  ws: WebSocket,
  maxBufferedBytes: number,
  onTooSlow: () => void,
): SocketTransport {
  let tooSlow = false;
  const guard = (): boolean => {
    if (ws.readyState !== ws.OPEN || tooSlow) return false;
    if (ws.bufferedAmount <= maxBufferedBytes) return true;
    tooSlow = true;
    onTooSlow();
    ws.close(1008, 'client_too_slow');
    // A peer that reads nothing will not read the close frame either.
    setTimeout(() => ws.terminate(), 2000).unref();
    return false;
  };
  return {
    get tooSlow() {
      return tooSlow;
    },
    sendJson: (message) => {
      if (guard()) ws.send(JSON.stringify(message));
    },
    sendBinary: (frame) => {
      if (guard()) ws.send(frame, { binary: true });
    },
    close: (code, reason) => {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING)
        ws.close(code, reason.slice(0, 120));
    },
  };
}

/**
 * Accepts WebSocket upgrades on `/v1/voice`. The token (Authorization: Bearer, or the
 * subprotocol `bearer.<token>`) is verified first; a bad one still completes the upgrade and
 * is closed at once with 4401, since a close code needs an open socket.
 */
export function attachVoiceSocket(
  server: Server,
  deps: HttpDeps,
  log: FastifyBaseLogger,
): WebSocketServer {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_PAYLOAD,
    perMessageDeflate: false,
    handleProtocols: (protocols) => [...protocols].find((p) => p.startsWith('bearer.')) ?? false,
  });

  // An upgrade has a request id as any request has: accepted or made, echoed, logged.
  const requestIds = new WeakMap<IncomingMessage, string>();
  wss.on('headers', (headers, request) => {
    const id = requestIds.get(request);
    if (id) headers.push(`${REQUEST_ID_HEADER}: ${id}`);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== VOICE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const requestId = requestIdOf(request);
    requestIds.set(request, requestId);
    const refuse = (ws: WebSocket, close: number, reason: string) => {
      log.info({ request_id: requestId, close_code: close, reason }, 'socket refused');
      ws.close(close, reason);
    };
    socket.on('error', () => socket.destroy());
    const { token } = bearerFromUpgrade(request.headers);
    if (token?.startsWith(RESUME_TOKEN_PREFIX)) {
      resumeSocket(wss, request, socket, head, token, deps, log, requestId);
      return;
    }
    const verifying = token
      ? deps.tokens.verify(token)
      : Promise.resolve({ ok: false as const, reason: 'missing token' });
    void verifying.then(async (verified) => {
      // Only the shared state knows whether the session's socket is live on another instance.
      const elsewhere = verified.ok ? await deps.sessions.liveElsewhere(verified.claims) : null;
      if (socket.destroyed) return;
      wss.handleUpgrade(request, socket, head, (ws) => {
        ws.on('error', (err) => log.debug({ err }, 'websocket error'));
        if (!verified.ok) {
          refuse(ws, CLOSE_UNAUTHORIZED, verified.reason);
          return;
        }
        if (elsewhere) {
          refuse(ws, elsewhere.close, elsewhere.reason);
          return;
        }
        joinSession(ws, deps, log, requestId, (transport) =>
          deps.sessions.connect(verified.claims, transport, { requestId }),
        );
      });
    });
  });
  return wss;
}

/** A reconnect with a resume token (`rt_…`) instead of a JWT. */
function resumeSocket(
  wss: WebSocketServer,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  token: string,
  deps: HttpDeps,
  log: FastifyBaseLogger,
  requestId: string,
): void {
  wss.handleUpgrade(request, socket, head, (ws) => {
    ws.on('error', (err) => log.debug({ err }, 'websocket error'));
    joinSession(ws, deps, log, requestId, (transport) =>
      deps.sessions.connectWithResumeToken(token, transport, { requestId }),
    );
  });
}

/**
 * Attaches an open socket to its session (`connect` says which, or with what code to close),
 * then feeds the socket's messages to it, rate-limited, until the socket closes.
 */
function joinSession(
  ws: WebSocket,
  deps: HttpDeps,
  log: FastifyBaseLogger,
  requestId: string,
  connect: (
    transport: SessionTransport,
  ) => { session: VoiceSession } | { close: number; reason: string },
): void {
  const joinedAs: { session?: string } = {}; // the transport exists before the session joins
  const transport = transportFor(ws, deps.limits.maxBufferedBytes, () =>
    log.warn(joinedAs, 'closing a socket whose client does not read'),
  );
  const joined = connect(transport);
  if ('close' in joined) {
    log.info(
      { request_id: requestId, close_code: joined.close, reason: joined.reason },
      'socket refused',
    );
    ws.close(joined.close, joined.reason);
    return;
  }
  const { session } = joined;
  joinedAs.session = session.record.id;
  const rate = new MessageRate(deps.limits.maxMessagesPerSecond);
  ws.on('message', (data, isBinary) => {
    if (!rate.allow()) {
      if (rate.shouldWarn())
        session.refuse(
          'rate_limited',
          `more than ${deps.limits.maxMessagesPerSecond} messages a second; messages are being dropped`,
        );
      return;
    }
    // `ws` hands over a Buffer of its own for each message: use it as it is, no copy per frame.
    const buf = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    if (isBinary) session.onBinary(buf);
    else session.onText(buf.toString('utf8'));
  });
  // 1006: the connection dropped without a close frame, so the client may come back; a client
  // that did not read is not kept (its bound protects the instance).
  ws.on('close', (code) =>
    deps.sessions.socketClosed(session.record.id, transport, code !== 1006 || transport.tooSlow, {
      code,
      reason: transport.tooSlow ? 'client_too_slow' : 'client_closed',
    }),
  );
}
