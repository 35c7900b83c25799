import type { ServerMessage } from '../protocol/server-messages.ts';

/** How a session talks to its client; a WebSocket in production, anything in tests. */
export interface SessionTransport {
  sendJson(message: ServerMessage): void;
  sendBinary(frame: Buffer): void;
  close(code: number, reason: string): void;
}
