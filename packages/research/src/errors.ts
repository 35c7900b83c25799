/**
 * The research service's one error registry: every code an error raised by the service
 * carries, with the HTTP status it maps to and whether the request or run can go on after it.
 * Codes that only end runs (they reach clients as `run_failed`) still have a status, for
 * callers that surface them elsewhere.
 */
export const ERROR_CODES = {
  // Requests
  validation_failed: {
    status: 422,
    recoverable: true,
    description: 'a request failed validation (body, query or path), or its JSON is malformed',
  },
  bad_request: {
    status: 400,
    recoverable: true,
    description: 'the HTTP request itself is malformed (framing, content length, URL)',
  },
  unsupported_media_type: {
    status: 415,
    recoverable: true,
    description: 'the request body has a content type the API does not read',
  },
  request_too_large: {
    status: 413,
    recoverable: true,
    description: 'the request body is over 1 MiB',
  },
  route_not_found: { status: 404, recoverable: true, description: 'no such route' },
  user_not_found: { status: 404, recoverable: true, description: 'no user with this id' },
  run_not_found: { status: 404, recoverable: true, description: 'no run with this id' },
  run_not_awaiting_feedback: {
    status: 409,
    recoverable: true,
    description: 'feedback was sent to a run that is not `awaiting_feedback`',
  },
  paper_not_ready: {
    status: 404,
    recoverable: true,
    description: 'the run has no paper yet: its writing stage has not completed',
  },
  pdf_unavailable: {
    status: 404,
    recoverable: true,
    description: 'the run has no PDF (no LaTeX compiler, or compilation failed)',
  },
  web_ui_not_built: {
    status: 503,
    recoverable: true,
    description: 'a page of the web app was asked for, but the app is not built',
  },
  // Planner
  model_version_unsupported: {
    status: 500,
    recoverable: false,
    description:
      "the user's stored planner model has a format version this service cannot read; it is refused, not guessed at",
  },
  model_invalid: {
    status: 500,
    recoverable: false,
    description: "the user's stored planner model is damaged (fails its schema or its invariants)",
  },
  // Runs
  stage_contract_violated: {
    status: 500,
    recoverable: false,
    description:
      'a stage read an artefact kind it did not declare, or returned one it did not declare, left out one it did, or returned one that fails its schema; the run fails',
  },
  artefact_missing: {
    status: 500,
    recoverable: false,
    description: 'a stage needs an artefact that no earlier stage of the run stored',
  },
  results_missing: {
    status: 500,
    recoverable: false,
    description: 'analysis found an execution result without results',
  },
  experiment_failed: {
    status: 500,
    recoverable: false,
    description:
      'no attempt of the repair loop produced a project that ran and wrote valid results; the run fails with the last cause',
  },
  token_budget_exceeded: {
    status: 429,
    recoverable: false,
    description:
      'the run used more LLM tokens than `RESEARCH_RUN_TOKEN_BUDGET` allows; the run fails',
  },
  run_timeout: {
    status: 504,
    recoverable: false,
    description:
      'one stretch of the run took longer than `RESEARCH_RUN_TIMEOUT_MS`; the run is stopped and fails',
  },
  service_stopping: {
    status: 503,
    recoverable: true,
    description:
      'the service is shutting down: `/api/readyz` answers 503 with it; runs stop and resume on the next start',
  },
  // Sandbox
  sandbox_unavailable: {
    status: 503,
    recoverable: false,
    description:
      'the isolated environment (namespaces, filesystem jail) or the interpreter could not be set up; nothing was run',
  },
  invalid_project: {
    status: 422,
    recoverable: true,
    description: 'a project file path, extension or entry is not allowed; nothing was written',
  },
  unsafe_path: {
    status: 422,
    recoverable: true,
    description: 'a path escapes the work directory or goes through a symlink',
  },
  result_missing: {
    status: 422,
    recoverable: true,
    description: 'the experiment did not write the expected result file',
  },
  result_too_large: {
    status: 413,
    recoverable: true,
    description: 'a file the experiment wrote is larger than the caller allows',
  },
  check_failed: {
    status: 500,
    recoverable: false,
    description:
      'the static import checker itself could not run (interpreter missing, crash, timeout)',
  },
  // Service
  config_invalid: {
    status: 500,
    recoverable: false,
    description: 'a setting is missing or invalid; the service does not start',
  },
  store_version_unsupported: {
    status: 500,
    recoverable: false,
    description:
      'the database was written by a newer version of the service; it is not opened rather than damaged',
  },
  store_unavailable: {
    status: 503,
    recoverable: true,
    description:
      'the run store does not answer; `/api/readyz` says so until it does (retry shortly)',
  },
  internal_error: {
    status: 500,
    recoverable: false,
    description: 'an unexpected failure (details only in the log)',
  },
} as const satisfies Record<string, { status: number; recoverable: boolean; description: string }>;

/** A stable error code of the research service. */
export type ResearchErrorCode = keyof typeof ERROR_CODES;

/** Base class of every error the research service raises on purpose; `code` is stable. */
export class ResearchError<C extends ResearchErrorCode = ResearchErrorCode> extends Error {
  readonly recoverable: boolean;
  constructor(
    readonly code: C,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ResearchError';
    this.recoverable = ERROR_CODES[code].recoverable;
  }

  /** The HTTP status this error maps to. */
  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}
