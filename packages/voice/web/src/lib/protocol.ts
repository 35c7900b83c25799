// The wire types come from the service itself, so the console cannot drift from the protocol.
// Type-only imports: nothing of the server ends up in the bundle.
import type { ServerMessage } from '../../../src/protocol/server-messages.ts';
import type { ClientMessage } from '../../../src/protocol/client-messages.ts';
import type { SessionConfig, SessionConfigPatch } from '../../../src/protocol/session-config.ts';

export type { ClientMessage, ServerMessage, SessionConfig, SessionConfigPatch };

/** `POST /v1/sessions` → 201. */
export interface SessionHandle {
  session_id: string;
  ws_url: string;
  token: string;
  expires_at?: string | number;
}

/** Rate of the PCM16 audio the service sends. */
export const OUTPUT_RATE = 24_000;
/** Bytes of the little-endian stream id in front of each server audio frame. */
export const STREAM_ID_BYTES = 4;

/** Splits a server audio frame into its stream id and PCM16 samples (an odd last byte is dropped). */
export function decodeAudioFrame(frame: ArrayBuffer): { streamId: number; pcm: Int16Array } {
  if (frame.byteLength < STREAM_ID_BYTES) throw new Error('audio frame shorter than its header');
  const streamId = new DataView(frame).getUint32(0, true);
  const samples = Math.floor((frame.byteLength - STREAM_ID_BYTES) / 2);
  return { streamId, pcm: new Int16Array(frame, STREAM_ID_BYTES, samples) };
}
