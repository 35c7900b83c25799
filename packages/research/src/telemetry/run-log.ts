import type { RunEvent } from '../domain/events.ts';

/** The part of the service's logger (pino) that the run log writes through. */
export interface RunLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  child(bindings: Record<string, unknown>): RunLogger;
}

/**
 * A run's life in the service log, each line on a child logger carrying its `run_id`: started,
 * each stage completed, paused for feedback, feedback received, paper ready, completed or
 * failed. The audit trail has every event; this is what an operator follows.
 */
export function runLog(log: RunLogger): (event: RunEvent) => void {
  return (event) => {
    const run = log.child({ run_id: event.run_id });
    switch (event.type) {
      case 'run_started':
        return run.info({ topic: event.data.topic }, 'run started');
      case 'stage_completed':
        return run.info({ stage: event.data.stage }, 'stage completed');
      case 'awaiting_feedback':
        return run.info({ stage: event.data.stage }, 'run paused for feedback');
      case 'feedback_received':
        return run.info({ chars: event.data.text.length }, 'feedback received');
      case 'paper_ready':
        return run.info(
          { compiled: event.data.compiled, compile_error: event.data.compile_error ?? undefined },
          'paper ready',
        );
      case 'run_completed':
        return run.info({}, 'run completed');
      case 'run_failed':
        return run.warn({ error: event.data.error }, 'run failed');
      default:
        return undefined;
    }
  };
}
