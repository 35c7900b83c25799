import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES, ResearchError, type ResearchErrorCode } from '../errors.ts';

/** One item of a FastAPI-style validation error body. */
export interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A request that failed validation; its items locate each problem (FastAPI's 422 body). */
export class ValidationError extends ResearchError<'validation_failed'> {
  constructor(readonly items: ValidationItem[]) {
    super('validation_failed', 'validation failed');
    this.name = 'ValidationError';
  }
}

/** Fastify's own 4xx errors, by status, as codes of the registry. */
const FASTIFY_CODES: Partial<Record<number, ResearchErrorCode>> = {
  400: 'bad_request',
  413: 'request_too_large',
  415: 'unsupported_media_type',
};

/** Parses `value` with `schema`, throwing a 422 whose items locate each problem under `where`. */
export function validate<T>(
  schema: z.ZodType<T>,
  value: unknown,
  where: 'body' | 'query' | 'path',
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
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

/**
 * Fastify error handler, the one mapping to wire errors: every error leaves as `{detail}`
 * with the status the registry gives its code.
 */
export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof ValidationError) {
    void reply.status(error.status).send({ detail: error.items });
    return;
  }
  if (error instanceof ResearchError && error.code !== 'internal_error') {
    if (error.status >= 500) request.log.error({ err: error }, error.code);
    void reply.status(error.status).send({ detail: error.message });
    return;
  }
  const fastifyError = error as FastifyError;
  const invalid = (item: ValidationItem) =>
    void reply.status(ERROR_CODES.validation_failed.status).send({ detail: [item] });
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    invalid({ loc: ['body'], msg: `JSON decode error: ${error.message}`, type: 'json_invalid' });
    return;
  }
  if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    invalid({ loc: ['body'], msg: 'Field required', type: 'missing' });
    return;
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = FASTIFY_CODES[status] ?? 'bad_request';
    void reply.status(ERROR_CODES[code].status).send({ detail: error.message });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply.status(ERROR_CODES.internal_error.status).send({ detail: 'Internal Server Error' });
}
