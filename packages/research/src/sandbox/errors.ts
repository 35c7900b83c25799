import { ERROR_CODES, ResearchError } from '../errors.ts';

const codes = [
  'sandbox_unavailable',
  'invalid_project',
  'unsafe_path',
  'result_missing',
  'result_too_large',
  'check_failed',
] as const;

/** A stable error code of the sandbox. */
export type SandboxErrorCode = (typeof codes)[number];

/** The codes of the errors the sandbox raises, with what each means (from the service's registry). */
export const SANDBOX_ERROR_CODES = Object.fromEntries(
  codes.map((code) => [code, ERROR_CODES[code].description]),
) as { readonly [C in SandboxErrorCode]: (typeof ERROR_CODES)[C]['description'] };

/** Base class of every error the sandbox raises on purpose; `code` is stable. */
export class SandboxError extends ResearchError<SandboxErrorCode> {
  constructor(code: SandboxErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
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
