export {
  CheckFailedError,
  InvalidProjectError,
  ResultMissingError,
  ResultTooLargeError,
  SANDBOX_ERROR_CODES,
  SandboxError,
  SandboxUnavailableError,
  UnsafePathError,
  type SandboxErrorCode,
} from './errors.ts';
export { checkProject, ProjectViolation } from './import-check.ts';
export { DEFAULT_LIMITS, resolveLimits, SandboxLimits } from './limits.ts';
export { ALLOWED_EXTENSIONS, type ProjectFile } from './project-files.ts';
export {
  readResultFile,
  runPythonProject,
  type RunOptions,
  type SandboxRunResult,
} from './python-runner.ts';
