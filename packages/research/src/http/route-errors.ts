import type { ResearchErrorCode } from '../errors.ts';

/** Codes any request can end in, whatever its route: malformed requests and the unexpected. */
export const ANY_ROUTE_ERRORS = [
  'bad_request',
  'unsupported_media_type',
  'request_too_large',
  'internal_error',
] as const satisfies readonly ResearchErrorCode[];

const USER = ['validation_failed', 'user_not_found'] as const;
const PLANNER = [...USER, 'model_version_unsupported', 'model_invalid'] as const;
// A run id longer than the router's parameter limit never reaches a route (Fastify answers 414).
const RUN = ['run_not_found'] as const;
const RUN_INPUT = ['validation_failed', 'run_not_found'] as const;

/**
 * The codes each API route can answer with besides those of ANY_ROUTE_ERRORS, by
 * `METHOD /path` under `/api`. The error handler gives each its status from the registry;
 * a test holds every route to this table.
 */
export const ROUTE_ERRORS: Readonly<Record<string, readonly ResearchErrorCode[]>> = {
  'GET /health': [],
  'GET /readyz': ['service_stopping', 'store_unavailable'],
  'GET /metrics': [],
  'POST /users': ['validation_failed'],
  'GET /users': [],
  'GET /users/:user_id': USER,
  'GET /users/:user_id/skills': USER,
  'GET /users/:user_id/memories': USER,
  'POST /users/:user_id/planner/train': PLANNER,
  'GET /users/:user_id/planner': PLANNER,
  'POST /intent': ['validation_failed'],
  'POST /runs': ['validation_failed', 'user_not_found'],
  'GET /runs': ['validation_failed'],
  'GET /runs/:run_id': RUN,
  'POST /runs/:run_id/feedback': [...RUN_INPUT, 'run_not_awaiting_feedback'],
  'GET /runs/:run_id/artefacts': RUN,
  'GET /runs/:run_id/usage': RUN,
  'GET /runs/:run_id/events': RUN_INPUT,
  'GET /runs/:run_id/paper.tex': [...RUN, 'paper_not_ready'],
  'GET /runs/:run_id/paper.pdf': [...RUN, 'paper_not_ready', 'pdf_unavailable'],
  'GET /runs/:run_id/stream': RUN_INPUT,
};

/** Codes of paths no route serves: unknown `/api` paths, and pages before the web app is built. */
export const NOT_FOUND_ERRORS = [
  'route_not_found',
  'web_ui_not_built',
] as const satisfies readonly ResearchErrorCode[];
