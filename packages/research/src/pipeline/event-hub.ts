import type { ResearchStore } from '../store/contract.ts';
import type { RunEvent, RunEventPayloads, RunEventType } from '../domain/events.ts';

export type RunEventListener = (event: RunEvent) => void;

interface Writer {
  /** Sections writing the run now. */
  count: number;
  opened: Promise<void>;
  /** Set when the last section ended: the run is being released. */
  released?: Promise<void>;
}
export type Narrator = (event: RunEvent) => string | null;

/**
 * Records every event of a run in the audit trail first, then hands it to live
 * subscribers; a narration event follows each event the narrator finds notable.
 * The audit trail commits events in groups (at the latest at the end of the event-loop
 * turn) and subscribers get them once committed, in order.
 */
export class RunEventHub {
  private readonly listeners = new Map<string, Set<RunEventListener>>();
  /** Stops asking the store for other instances' events of a run. */
  private readonly unwatch = new Map<string, () => void>();
  /** Runs this process is writing events for, with how many sections write them now. */
  private readonly writers = new Map<string, Writer>();

  constructor(
    private readonly store: ResearchStore,
    private readonly narrator: Narrator,
    /** Sees each event this process emits (the run log). */
    private readonly onEmitted: (event: RunEvent) => void = () => {},
  ) {
    store.events.onCommitted((event) => this.publish(event));
  }

  /** Records one event (and its narration) for publication once committed; returns it. */
  emit<T extends RunEventType>(runId: string, type: T, data: RunEventPayloads[T]): RunEvent<T> {
    const event = this.store.events.append(runId, type, data);
    this.onEmitted(event as RunEvent);
    const text = this.narrator(event as RunEvent);
    if (text) this.store.events.append(runId, 'narration', { text });
    return event;
  }

  /**
   * Runs `work`, which emits events of the run, with the run open for writing in this
   * process: its next sequence number is read first, and what it emitted is committed
   * before the promise settles. Sections of one run may overlap; the run is released when
   * the last ends, so another instance can write it next.
   */
  async writing<T>(runId: string, work: () => T | Promise<T>): Promise<T> {
    let writer = this.writers.get(runId);
    if (!writer || writer.released) {
      // A section that starts while the last one releases the run opens it after that.
      const after = writer?.released ?? Promise.resolve();
      writer = { count: 0, opened: after.then(() => this.store.events.open(runId)) };
      this.writers.set(runId, writer);
    }
    const current = writer;
    current.count++;
    try {
      await current.opened;
      return await work();
    } finally {
      if (--current.count === 0) {
        current.released = this.store.events.release(runId).finally(() => {
          if (this.writers.get(runId) === current) this.writers.delete(runId);
        });
        await current.released;
      }
    }
  }

  /** Listens to live events of one run; returns the function that stops listening. */
  subscribe(runId: string, listener: RunEventListener): () => void {
    let set = this.listeners.get(runId);
    if (!set) {
      this.listeners.set(runId, (set = new Set()));
      this.unwatch.set(runId, this.store.events.watch(runId));
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(runId) === set) {
        this.listeners.delete(runId);
        this.unwatch.get(runId)?.();
        this.unwatch.delete(runId);
      }
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
