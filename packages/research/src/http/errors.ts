import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PipelineError } from '../pipeline/errors.ts';

/** One item of a FastAPI-style validation error body. */
export interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** An error with an HTTP status and a FastAPI-compatible `detail`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationItem[],
  ) {
    super(typeof detail === 'string' ? detail : 'validation failed');
  }
}

/** Status of each pipeline error code: the one registry the HTTP layer uses. */
const PIPELINE_STATUS: Record<PipelineError['code'], number> = {
  user_not_found: 404,
  run_not_found: 404,
  run_not_awaiting_feedback: 409,
};

/** Parses `value` with `schema`, throwing a 422 whose items locate each problem under `where`. */
export function validate<T>(
  schema: z.ZodType<T>,
  value: unknown,
  where: 'body' | 'query' | 'path',
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(
    422,
    result.error.issues.map((issue) => toValidationItem(issue, where, value)),
  );
}

function toValidationItem(issue: z.core.$ZodIssue, where: string, input: unknown): ValidationItem {
  const loc = [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  let atPath: unknown = input;
  for (const p of issue.path)
    atPath = (atPath as Record<PropertyKey, unknown> | undefined)?.[p as string];
  switch (issue.code) {
    case 'invalid_type':
      if (atPath === undefined) return { loc, msg: 'Field required', type: 'missing' };
      return { loc, msg: issue.message, type: `${issue.expected}_type` };
    case 'too_small':
      return {
        loc,
        msg: issue.message,
        type: issue.origin === 'string' ? 'string_too_short' : 'too_short',
      };
    case 'too_big':
      return {
        loc,
        msg: issue.message,
        type: issue.origin === 'string' ? 'string_too_long' : 'too_long',
      };
    case 'unrecognized_keys':
      return { loc, msg: issue.message, type: 'extra_forbidden' };
    case 'invalid_value':
      return { loc, msg: issue.message, type: 'enum' };
    case 'invalid_format':
      return { loc, msg: issue.message, type: 'string_pattern_mismatch' };
    default:
      return { loc, msg: issue.message, type: 'value_error' };
  }
}

/** Fastify error handler: every error leaves as `{detail}` with the right status. */
export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof HttpError) {
    void reply.status(error.statusCode).send({ detail: error.detail });
    return;
  }
  if (error instanceof PipelineError) {
    void reply.status(PIPELINE_STATUS[error.code]).send({ detail: error.message });
    return;
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    void reply.status(422).send({
      detail: [{ loc: ['body'], msg: `JSON decode error: ${error.message}`, type: 'json_invalid' }],
    });
    return;
  }
  if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    void reply
      .status(422)
      .send({ detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] });
    return;
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    void reply.status(status).send({ detail: error.message });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply.status(500).send({ detail: 'Internal Server Error' });
}
