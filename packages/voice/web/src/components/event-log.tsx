import type { ConsoleState } from '../lib/console-model.ts';

/** The latest server events, for seeing the protocol at work. */
export function EventLog({ events }: { events: ConsoleState['events'] }) {
  return (
    <details className="panel">
      <summary>
        <h2>Event log</h2>
      </summary>
      <ol className="plain events">
        {events.map((e) => (
          <li key={e.id}>
            <time className="muted">{new Date(e.at).toLocaleTimeString()}</time>{' '}
            <code>{e.type}</code>
            {e.count > 1 && <span className="muted"> ×{e.count}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
