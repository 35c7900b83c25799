import type { LogEntry } from '../run-state.ts';

const time = (ts: string) =>
  new Date(ts).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** Every event of the run, folded away by default. */
export function RunLog({ entries }: { entries: LogEntry[] }) {
  return (
    <details className="run-log">
      <summary>Run log ({entries.length} events)</summary>
      {entries.length === 0 ? (
        <p className="muted">No events yet.</p>
      ) : (
        <ol>
          {entries.map((e) => (
            <li key={e.seq} data-type={e.type}>
              <time dateTime={e.ts}>{time(e.ts)}</time>
              {e.stage && <span className="tag">{e.stage}</span>}
              <strong>{e.label}</strong>
              {e.detail && <span className="log-detail">{e.detail}</span>}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
