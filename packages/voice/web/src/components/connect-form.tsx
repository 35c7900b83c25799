import { useState, type FormEvent } from 'react';
import type { ConsoleState } from '../lib/console-model.ts';

interface Props {
  connection: ConsoleState['connection'];
  sessionId: string | null;
  closeInfo: string | null;
  onConnect(apiKey: string): void;
  onDisconnect(): void;
}

/** API key in, session out. The key lives in this component's state only. */
export function ConnectForm({ connection, sessionId, closeInfo, onConnect, onDisconnect }: Props) {
  const [apiKey, setApiKey] = useState('');
  const busy =
    connection === 'connecting' || connection === 'open' || connection === 'reconnecting';

  function submit(event: FormEvent) {
    // Never let the browser submit the form itself: the key must not end up in a URL.
    event.preventDefault();
    if (busy) onDisconnect();
    else if (apiKey.trim()) onConnect(apiKey.trim());
  }

  return (
    <form className="connect" method="post" autoComplete="off" onSubmit={submit}>
      <label className="field inline">
        <span>API key</span>
        <input
          type="password"
          name="api-key"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          disabled={busy}
          autoComplete="off"
          spellCheck={false}
          placeholder="X-API-Key"
        />
      </label>
      <button
        type="submit"
        className={busy ? 'secondary' : 'primary'}
        disabled={!busy && !apiKey.trim()}
      >
        {connection === 'connecting' ? 'Cancel' : busy ? 'Disconnect' : 'Connect'}
      </button>
      <span className="connection" data-testid="connection" data-connection={connection}>
        {connection === 'open' && sessionId ? (
          <>
            session <code>{sessionId}</code>
          </>
        ) : connection === 'connecting' ? (
          'connecting…'
        ) : connection === 'reconnecting' ? (
          'connection lost, resuming the session…'
        ) : closeInfo ? (
          `closed: ${closeInfo}`
        ) : (
          'not connected'
        )}
      </span>
    </form>
  );
}
