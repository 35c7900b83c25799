/** Exit codes of `hikma`, stable for scripts. */
export const EXIT = {
  ok: 0,
  /** Anything not listed below. */
  failure: 1,
  /** Bad arguments or a bad input file (a WAV that is not one, a missing file). */
  usage: 2,
  /** The service refused the credentials (401/403). */
  refused: 3,
  /** The service could not be reached. */
  unreachable: 4,
  /** The service reported a failure: an error message, a failed response or run. */
  service: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure to report on stderr as `hikma: <message> (<code>)`, exiting with `exitCode`. */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
