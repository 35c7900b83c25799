import type { RunEvent } from '../domain/events.ts';
import type { RunEventHub } from '../pipeline/event-hub.ts';

/** Interval of the `: keep-alive` comment that keeps idle proxies from closing a stream. */
export const HEARTBEAT_MS = 15_000;

/** Formats one event as a Server-Sent Events message. */
export function formatSse(event: RunEvent): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** A subscriber's handle: replay the trail, go live, leave. */
export interface SseSubscription {
  /** Sends replayed events; live ones are still held back. May be called in parts. */
  replay(events: readonly RunEvent[]): void;
  /** Sends the live events held back during the replay, and every later one as it comes. */
  live(): void;
  /** `replay(events)`, then `live()`. */
  replayed(events: readonly RunEvent[]): void;
  remove(): void;
}

/** Where a subscriber's messages go (an HTTP response). */
export interface SseSubscriber {
  write(text: string): void;
  /** Called after `stream_end` was written. */
  end(): void;
}

interface Formatted {
  event: RunEvent;
  text: string;
}

interface Subscriber {
  out: SseSubscriber;
  lastSent: number;
  /** Live events that arrived during the replay, with their formatted text. */
  pending: Formatted[] | null;
  ended: boolean;
}

interface RunChannel {
  subscribers: Set<Subscriber>;
  unsubscribe: () => void;
  heartbeat: NodeJS.Timeout;
  /** Events published in this turn, written together once the turn's publishing is done. */
  burst: Formatted[];
}

/**
 * The live SSE subscribers of every run. Each run has one hub listener and one heartbeat
 * timer whatever its number of subscribers, and each event is formatted once and the same
 * string written to every subscriber: with 1,000 subscribers, formatting per subscriber
 * was a measurable share of every event's fan-out. Events published together (the audit
 * trail publishes the events of a loop turn at once) go to each subscriber in one write.
 */
export class SseFanout {
  private readonly runs = new Map<string, RunChannel>();

  constructor(
    private readonly hub: RunEventHub,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /**
   * Adds a subscriber that has seen events up to `lastSent`. Live events are held back
   * until `replayed` is called with what the caller replayed from the audit trail, so the
   * subscriber gets every event once and in order.
   */
  add(runId: string, out: SseSubscriber, lastSent: number): SseSubscription {
    const sub: Subscriber = { out, lastSent, pending: [], ended: false };
    let channel = this.runs.get(runId);
    if (!channel) {
      const subscribers = new Set<Subscriber>();
      const created: RunChannel = {
        subscribers,
        unsubscribe: () => {},
        heartbeat: setInterval(() => {
          for (const s of subscribers) if (!s.ended) s.out.write(': keep-alive\n\n');
        }, this.heartbeatMs).unref(),
        burst: [],
      };
      created.unsubscribe = this.hub.subscribe(runId, (event) => collect(created, event));
      this.runs.set(runId, (channel = created));
    }
    channel.subscribers.add(sub);
    const remove = () => {
      sub.ended = true;
      const current = this.runs.get(runId);
      if (!current?.subscribers.delete(sub) || current.subscribers.size > 0) return;
      current.unsubscribe();
      clearInterval(current.heartbeat);
      this.runs.delete(runId);
    };
    const replay = (events: readonly RunEvent[]) => {
      for (const event of events) deliver(sub, event, null);
    };
    const live = () => {
      const held = sub.pending ?? [];
      sub.pending = null;
      for (const { event, text } of held) deliver(sub, event, text);
    };
    return {
      replay,
      live,
      replayed: (events) => {
        replay(events);
        live();
      },
      remove,
    };
  }

  /** Live SSE subscribers of a run. */
  subscriberCount(runId: string): number {
    return this.runs.get(runId)?.subscribers.size ?? 0;
  }

  /** Live SSE subscribers of every run. */
  get totalSubscribers(): number {
    let total = 0;
    for (const channel of this.runs.values()) total += channel.subscribers.size;
    return total;
  }
}

/** Formats an event and holds it until the publishing of this turn is done. */
function collect(channel: RunChannel, event: RunEvent): void {
  if (channel.burst.length === 0) process.nextTick(writeBurst, channel);
  channel.burst.push({ event, text: formatSse(event) });
}

/** Writes the turn's events to every subscriber, joined into one write where it can. */
function writeBurst(channel: RunChannel): void {
  const burst = channel.burst;
  channel.burst = [];
  const first = burst[0];
  if (!first) return;
  const last = burst[burst.length - 1]!;
  const endsAt = burst.findIndex((f) => f.event.type === 'stream_end');
  const joinable = endsAt === -1 || endsAt === burst.length - 1;
  const joined = burst.length === 1 ? first.text : burst.map((f) => f.text).join('');
  for (const sub of channel.subscribers) {
    if (sub.pending) sub.pending.push(...burst);
    else if (joinable && !sub.ended && sub.lastSent < first.event.seq)
      deliver(sub, last.event, joined);
    else for (const { event, text } of burst) deliver(sub, event, text);
  }
}

function deliver(sub: Subscriber, event: RunEvent, text: string | null): void {
  if (sub.ended || event.seq <= sub.lastSent) return;
  sub.lastSent = event.seq;
  try {
    sub.out.write(text ?? formatSse(event));
    if (event.type === 'stream_end') {
      sub.ended = true; // nothing more is written, even before the response is ended
      sub.out.end();
    }
  } catch {
    // one broken subscriber must not stop the others
  }
}
