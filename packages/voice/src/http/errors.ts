import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, VoiceError, type VoiceErrorCode } from '../errors.ts';
import type { ErrorResponse } from './response-schemas.ts';

/** Sends `{"error": {"code", "message"}}` with the code's HTTP status. */
export function sendError(
  reply: FastifyReply,
  code: VoiceErrorCode,
  message: string,
): FastifyReply {
  return reply
    .status(ERROR_CODES[code].status)
    .send({ error: { code, message } } satisfies ErrorResponse);
}

/** Maps every error to the wire shape; unexpected ones are logged and reported as internal. */
export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof VoiceError) {
    void sendError(reply, error.code, error.message);
    return;
  }
  const e = error as FastifyError;
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    void sendError(reply, 'request_too_large', 'the request body is too large');
    return;
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    void reply.status(e.statusCode === 415 ? 415 : 400).send({
      error: { code: 'invalid_message', message: e.message },
    } satisfies ErrorResponse);
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void sendError(reply, 'internal_error', 'internal error');
}
