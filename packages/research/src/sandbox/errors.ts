/** Stable codes of the errors the sandbox raises, with what each means. */
export const SANDBOX_ERROR_CODES = {
  sandbox_unavailable:
    'the isolated environment (namespaces, filesystem jail) or the interpreter could not be set up; nothing was run',
  invalid_project: 'a project file path, extension or entry is not allowed; nothing was written',
  unsafe_path: 'a path escapes the work directory or goes through a symlink',
  result_missing: 'the run did not write the expected result file',
  result_too_large: 'a file the run wrote is larger than the caller allows',
  check_failed: 'the static checker itself could not run (interpreter missing, crash, timeout)',
} as const;

/** A stable error code of the sandbox. */
export type SandboxErrorCode = keyof typeof SANDBOX_ERROR_CODES;

/** Base class of every error the sandbox raises on purpose; `code` is stable. */
export class SandboxError extends Error {
  constructor(
    readonly code: SandboxErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SandboxError';
  }
}

/** Isolation could not be established; the sandbox fails closed instead of running unisolated. */
export class SandboxUnavailableError extends SandboxError {
  declare readonly code: 'sandbox_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super('sandbox_unavailable', message, options);
    this.name = 'SandboxUnavailableError';
  }
}

/** The project's files or entry break the path rules; raised before anything is written. */
export class InvalidProjectError extends SandboxError {
  declare readonly code: 'invalid_project';
  constructor(message: string) {
    super('invalid_project', message);
    this.name = 'InvalidProjectError';
  }
}

/** A path would leave the work directory (absolute, `..`, or through a symlink). */
export class UnsafePathError extends SandboxError {
  declare readonly code: 'unsafe_path';
  constructor(message: string) {
    super('unsafe_path', message);
    this.name = 'UnsafePathError';
  }
}

/** The run did not write the result file the caller asked for. */
export class ResultMissingError extends SandboxError {
  declare readonly code: 'result_missing';
  constructor(message: string) {
    super('result_missing', message);
    this.name = 'ResultMissingError';
  }
}

/** A result file exceeds the size the caller is willing to read. */
export class ResultTooLargeError extends SandboxError {
  declare readonly code: 'result_too_large';
  constructor(
    message: string,
    readonly sizeBytes: number,
  ) {
    super('result_too_large', message);
    this.name = 'ResultTooLargeError';
  }
}

/** The static checker did not produce a verdict. */
export class CheckFailedError extends SandboxError {
  declare readonly code: 'check_failed';
  constructor(message: string, options?: { cause?: unknown }) {
    super('check_failed', message, options);
    this.name = 'CheckFailedError';
  }
}
