/**
 * Codes of failures the client itself detects. Failures the service reports keep the service's
 * code (`invalid_api_key`, `tenant_session_limit`, `capacity_exceeded`, …).
 */
export const CLIENT_ERROR_CODES = {
  invalid_options: 'an option given to the client is not valid (a URL, an API key)',
  network_error: 'the service could not be reached',
  invalid_response: 'the service answered with something that is not its protocol',
  token_rejected: 'the socket was closed 4401: the token is invalid, expired or used',
  socket_closed: 'the socket closed before the session started',
  not_connected: 'there is no open socket to send on',
  timeout: 'what was waited for did not arrive in time',
  aborted: 'the caller aborted',
} as const;

export type ClientErrorCode = keyof typeof CLIENT_ERROR_CODES;

/** A failure with a stable code: the service's error code, or one of {@link CLIENT_ERROR_CODES}. */
export class VoiceClientError extends Error {
  constructor(
    readonly code: ClientErrorCode | (string & {}),
    message: string,
    /** HTTP status when the failure is an HTTP answer. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'VoiceClientError';
  }
}
