// The life of a service process: start, run until SIGINT or SIGTERM, stop once, exit.

/** A started service as its process entry point sees it. */
export interface StartedService {
  /** Stops the service (drains, closes stores); called once, for the first signal. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts a service and keeps the process alive until SIGINT or SIGTERM, then stops it once and
 * exits 0. A start that throws prints its message (not a stack: configuration errors are
 * written for people) and exits 1, as does a stop that throws.
 */
export function runUntilSignalled(start: () => Promise<StartedService>): void {
  start().then(
    (service) => {
      let stopping = false;
      const stop = (signal: NodeJS.Signals) => {
        if (stopping) return;
        stopping = true;
        service.stop(signal).then(
          () => process.exit(0),
          (err: unknown) => fail(err),
        );
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (err: unknown) => fail(err),
  );
}

function fail(err: unknown): never {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
