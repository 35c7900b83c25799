import type { ServerMessage } from '../protocol/server-messages.ts';
import type { VoiceErrorCode } from '../errors.ts';

/** How a session talks to its client; a WebSocket in production, anything in tests. */
export interface SessionTransport {
  sendJson(message: ServerMessage): void;
  sendBinary(frame: Buffer): void;
  close(code: number, reason: string): void;
}

/** How the parts of a session speak to its client (nothing goes out once it has ended). */
export interface SessionOutput {
  send(message: ServerMessage): void;
  sendError(code: VoiceErrorCode, message: string): void;
  /** One frame of the reply's audio on stream `streamId`. */
  sendAudio(streamId: number, pcm: Buffer): void;
}
