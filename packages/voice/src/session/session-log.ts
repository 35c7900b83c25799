/** The part of the service's logger (pino) that sessions log through. */
export interface SessionLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  /** A logger whose lines all carry `bindings` (a session's `session_id` and `tenant`). */
  child(bindings: Record<string, unknown>): SessionLogger;
}

/** Logs nothing (sessions built without a service, as in unit tests). */
export const SILENT_SESSION_LOGGER: SessionLogger = {
  info: () => {},
  warn: () => {},
  debug: () => {},
  child: () => SILENT_SESSION_LOGGER,
};
