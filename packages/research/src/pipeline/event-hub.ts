import type { Store } from '../store/store.ts';
import type { RunEvent, RunEventPayloads, RunEventType } from './events.ts';

export type RunEventListener = (event: RunEvent) => void;
export type Narrator = (event: RunEvent) => string | null;

/**
 * Records every event of a run in the audit trail first, then hands it to live
 * subscribers; a narration event follows each event the narrator finds notable.
 */
export class RunEventHub {
  private readonly listeners = new Map<string, Set<RunEventListener>>();

  constructor(
    private readonly store: Store,
    private readonly narrator: Narrator,
  ) {}

  /** Records and publishes one event (and its narration); returns the recorded event. */
  emit<T extends RunEventType>(runId: string, type: T, data: RunEventPayloads[T]): RunEvent<T> {
    const event = this.store.events.append(runId, type, data);
    const general = event as RunEvent;
    this.publish(general);
    const text = this.narrator(general);
    if (text) this.publish(this.store.events.append(runId, 'narration', { text }));
    return event;
  }

  /** Listens to live events of one run; returns the function that stops listening. */
  subscribe(runId: string, listener: RunEventListener): () => void {
    let set = this.listeners.get(runId);
    if (!set) this.listeners.set(runId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(runId);
    };
  }

  /** Number of live subscribers of a run. */
  subscriberCount(runId: string): number {
    return this.listeners.get(runId)?.size ?? 0;
  }

  private publish(event: RunEvent): void {
    for (const listener of this.listeners.get(event.run_id) ?? []) {
      try {
        listener(event);
      } catch {
        // one broken subscriber must not stop the run or the others
      }
    }
  }
}
