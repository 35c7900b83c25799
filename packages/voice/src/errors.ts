/**
 * The voice service's one error registry: every error code the service can put on the wire,
 * with the HTTP status it maps to and whether a session can go on after it.
 */
export const ERROR_CODES = {
  invalid_api_key: { status: 401, recoverable: false, description: 'missing or unknown API key' },
  invalid_message: {
    status: 400,
    recoverable: true,
    description: 'a client message failed validation',
  },
  invalid_audio: {
    status: 400,
    recoverable: true,
    description: 'audio is not valid PCM16LE (odd length, bad base64, bad WAV)',
  },
  frame_too_large: {
    status: 413,
    recoverable: true,
    description: 'an audio frame is larger than the limit',
  },
  rate_limited: { status: 429, recoverable: true, description: 'too many requests' },
  tenant_session_limit: {
    status: 429,
    recoverable: false,
    description: 'the tenant is at its concurrent-session limit',
  },
  capacity_exceeded: {
    status: 503,
    recoverable: false,
    description: 'this instance cannot take more sessions',
  },
  shared_state_unavailable: {
    status: 503,
    recoverable: false,
    description:
      'session limits are shared across instances and the shared state (Redis) cannot be reached; retry shortly',
  },
  speech_capacity_exceeded: {
    status: 503,
    recoverable: true,
    description: 'no speech recogniser or synthesiser is free',
  },
  stt_unavailable: {
    status: 503,
    recoverable: true,
    description: 'speech recognition failed or is not installed',
  },
  tts_unavailable: {
    status: 503,
    recoverable: true,
    description: 'speech synthesis failed or is not installed',
  },
  vad_unavailable: {
    status: 503,
    recoverable: false,
    description: 'the voice-activity model could not be loaded or run',
  },
  vad_overloaded: {
    status: 503,
    recoverable: true,
    description:
      'voice-activity detection fell more than a second behind; the oldest audio was not analysed',
  },
  llm_unavailable: { status: 503, recoverable: true, description: 'the LLM backend failed' },
  tool_timeout: {
    status: 504,
    recoverable: true,
    description: 'a tool result did not arrive in time',
  },
  rag_index_not_found: {
    status: 404,
    recoverable: true,
    description: 'the retrieval index does not exist',
  },
  session_expired: {
    status: 401,
    recoverable: false,
    description: 'the session reached its maximum duration',
  },
  not_found: { status: 404, recoverable: true, description: 'no such route or resource' },
  server_shutting_down: {
    status: 503,
    recoverable: false,
    description: 'the instance is draining for a restart; reconnect to a new session',
  },
  client_too_slow: {
    status: 400,
    recoverable: false,
    description: 'the client does not read what the server sends; the socket is closed',
  },
  request_too_large: {
    status: 413,
    recoverable: true,
    description: 'the request body is larger than the limit',
  },
  internal_error: { status: 500, recoverable: false, description: 'an unexpected failure' },
} as const satisfies Record<string, { status: number; recoverable: boolean; description: string }>;

/** A stable error code of the voice service. */
export type VoiceErrorCode = keyof typeof ERROR_CODES;

/** Base class of every error the voice service raises on purpose; `code` is stable and goes on the wire. */
export class VoiceError extends Error {
  readonly recoverable: boolean;
  constructor(
    readonly code: VoiceErrorCode,
    message: string,
    options?: { cause?: unknown; recoverable?: boolean },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'VoiceError';
    this.recoverable = options?.recoverable ?? ERROR_CODES[code].recoverable;
  }
}

/** Audio that is not what the protocol promises (odd byte count, invalid base64, broken WAV). */
export class InvalidAudioError extends VoiceError {
  constructor(message: string) {
    super('invalid_audio', message);
    this.name = 'InvalidAudioError';
  }
}

/** Wraps anything thrown into a VoiceError, keeping a VoiceError as it is. */
export function toVoiceError(
  err: unknown,
  fallback: VoiceErrorCode = 'internal_error',
): VoiceError {
  if (err instanceof VoiceError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new VoiceError(fallback, message, { cause: err });
}
