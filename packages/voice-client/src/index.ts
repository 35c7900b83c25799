export { VoiceClient, CONNECTION_LOST, TOKEN_REJECTED } from './client.ts';
export type {
  CloseInfo,
  ConnectionState,
  SessionCreated,
  VoiceClientEvents,
  VoiceClientOptions,
} from './client.ts';
export { createSession, normaliseBaseUrl } from './session.ts';
export type { CreateSessionOptions } from './session.ts';
export {
  decodeAudioFrame,
  encodeAudioFrame,
  pcm16Bytes,
  pcm16Samples,
  STREAM_ID_HEADER_BYTES,
} from './frames.ts';
export type { AudioFrame } from './frames.ts';
export { VoiceClientError, CLIENT_ERROR_CODES } from './errors.ts';
export type { ClientErrorCode } from './errors.ts';
export { defaultOpenSocket } from './socket.ts';
export type { OpenSocket, WebSocketLike } from './socket.ts';
export { INPUT_SAMPLE_RATE, OUTPUT_SAMPLE_RATE, MAX_FRAME_BYTES } from './protocol.ts';
export type {
  ClientMessage,
  ClientMessageType,
  ServerMessage,
  ServerMessageOf,
  ServerMessageType,
  SessionConfig,
  SessionConfigPatch,
  SessionHandle,
} from './protocol.ts';
