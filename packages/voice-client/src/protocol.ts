// The wire types are the voice service's own, imported type-only: the client cannot drift from
// the protocol, and nothing of the server reaches a bundle (type imports are erased).
import type { ClientMessage } from '../../voice/src/protocol/client-messages.ts';
import type { ServerMessage } from '../../voice/src/protocol/server-messages.ts';
import type { SessionConfig, SessionConfigPatch } from '../../voice/src/protocol/session-config.ts';

export type { ClientMessage, ServerMessage, SessionConfig, SessionConfigPatch };

export type ServerMessageType = ServerMessage['type'];
export type ClientMessageType = ClientMessage['type'];

/** The server message of one `type`. */
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;

/** `POST /v1/sessions` → 201. */
export interface SessionHandle {
  session_id: string;
  ws_url: string;
  token: string;
  expires_at?: string | number;
}

/** Rate of the PCM16 audio the client sends (mono, little-endian). */
export const INPUT_SAMPLE_RATE = 16_000;
/** Rate of the PCM16 audio the service sends (mono, little-endian). */
export const OUTPUT_SAMPLE_RATE = 24_000;
/** Largest audio frame the service takes by default (`VOICE_MAX_FRAME_BYTES`). */
export const MAX_FRAME_BYTES = 32_768;
