import { useEffect, useRef, useState } from 'react';
import { urls } from './api.ts';
import { EVENT_TYPES, type RunEvent } from './types.ts';

/** The state of the connection to a run's event stream. */
export type Connection = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'ended';

const MAX_BACKOFF_MS = 30_000;

/**
 * Follows a run's Server-Sent Events and hands each event to `onEvent` exactly once, in
 * `seq` order. After a dropped connection the browser reconnects by itself and sends
 * `Last-Event-ID`; events that still arrive twice are dropped by `seq`. When the browser
 * gives up (the service answered with an error), this reconnects with `?after=` and backoff.
 */
export function useRunStream(runId: string | null, onEvent: (event: RunEvent) => void): Connection {
  const [connection, setConnection] = useState<Connection>('idle');
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!runId) {
      setConnection('idle');
      return;
    }
    let lastSeq = 0;
    let failures = 0;
    let stopped = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      const url = urls.stream(runId);
      const es = new EventSource(lastSeq > 0 ? `${url}?after=${lastSeq}` : url);
      source = es;
      setConnection(failures > 0 || lastSeq > 0 ? 'reconnecting' : 'connecting');
      es.onopen = () => {
        failures = 0;
        setConnection('live');
      };
      const onMessage = (message: MessageEvent<string>) => {
        let event: RunEvent;
        try {
          event = JSON.parse(message.data) as RunEvent;
        } catch {
          return;
        }
        if (event.seq <= lastSeq) return;
        lastSeq = event.seq;
        handler.current(event);
        if (event.type === 'stream_end') {
          // The service closes the stream after this; without close() the browser would reconnect.
          stopped = true;
          es.close();
          setConnection('ended');
        }
      };
      for (const type of EVENT_TYPES) es.addEventListener(type, onMessage);
      es.onerror = () => {
        if (stopped) return;
        setConnection('reconnecting');
        if (es.readyState !== EventSource.CLOSED) return; // the browser retries by itself
        es.close();
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures);
        failures += 1;
        retry = setTimeout(open, delay);
      };
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [runId]);

  return connection;
}
