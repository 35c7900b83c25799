import { useEffect, useRef, useState } from 'react';
import { client } from './api.ts';
import type { RunEvent } from './types.ts';

/** The state of the connection to a run's event stream. */
export type Connection = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'ended';

/**
 * Follows a run's Server-Sent Events and hands each event to `onEvent` exactly once, in `seq`
 * order. The research client reopens a dropped stream with `Last-Event-ID` (backing off up to
 * 30 s) and skips events it has seen.
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
    const stop = new AbortController();
    void (async () => {
      try {
        for await (const event of client.followRun(runId, {
          signal: stop.signal,
          onStatus: setConnection,
        })) {
          handler.current(event as RunEvent);
        }
      } catch {
        // Aborted (another run, or the page left), or the run is unknown: nothing to follow.
      }
      if (!stop.signal.aborted) setConnection('ended');
    })();
    return () => stop.abort();
  }, [runId]);

  return connection;
}
