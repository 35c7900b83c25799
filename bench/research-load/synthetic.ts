// The synthetic event both servers send: a trajectory_event the size of a real one (a real
// offline run's messages are 110-650 bytes, ~330 on average). Its kind is not one the
// narrator speaks about, so one emit is one SSE message.
import type { RunEventPayloads } from '../../packages/research/src/domain/events.ts';

/** Payload of synthetic event `i` of a step. */
export function syntheticPayload(step: string, i: number): RunEventPayloads['trajectory_event'] {
  return {
    kind: 'load_tick',
    label: `Synthetic load event ${i}`,
    detail: 'Generated project (attempt 1): a simulation of the blueprint with two arms.',
    metadata: { stage: 'coding', step, i },
  };
}
