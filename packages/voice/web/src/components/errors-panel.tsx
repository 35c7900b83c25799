import type { ConsoleErrorEntry } from '../lib/console-model.ts';

/** Errors from the service (`error` messages) and from the page (network, microphone). */
export function ErrorsPanel({ errors }: { errors: ConsoleErrorEntry[] }) {
  return (
    <section className="panel">
      <h2>Errors</h2>
      {errors.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ol className="plain errors">
          {errors.map((e) => (
            <li key={e.id} data-testid="error-item">
              <code className="error-code">{e.code}</code> {e.message}
              <time className="muted"> {new Date(e.at).toLocaleTimeString()}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
