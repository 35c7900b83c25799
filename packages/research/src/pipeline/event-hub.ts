import type { Store } from '../store/store.ts';
import type { RunEvent, RunEventPayloads, RunEventType } from '../domain/events.ts';

export type RunEventListener = (event: RunEvent) => void;
export type Narrator = (event: RunEvent) => string | null;

/**
 * Records every event of a run in the audit trail first, then hands it to live
 * subscribers; a narration event follows each event the narrator finds notable.
 * The audit trail commits events in groups (at the latest at the end of the event-loop
 * turn) and subscribers get them once committed, in order.
 */
export class RunEventHub {
  private readonly listeners = new Map<string, Set<RunEventListener>>();

  constructor(
    private readonly store: Store,
    private readonly narrator: Narrator,
  ) {
    store.events.onCommitted((event) => this.publish(event));
  }

  /** Records one event (and its narration) for publication once committed; returns it. */
  emit<T extends RunEventType>(runId: string, type: T, data: RunEventPayloads[T]): RunEvent<T> {
    const event = this.store.events.append(runId, type, data);
    const text = this.narrator(event as RunEvent);
    if (text) this.store.events.append(runId, 'narration', { text });
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
