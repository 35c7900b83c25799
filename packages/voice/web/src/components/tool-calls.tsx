import { useState } from 'react';
import type { ToolCall } from '../lib/console-model.ts';

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function ToolCallItem({
  call,
  enabled,
  onSend,
}: {
  call: ToolCall;
  enabled: boolean;
  onSend(callId: string, output: string): void;
}) {
  const [output, setOutput] = useState('{"ok": true}');
  const [problem, setProblem] = useState<string | null>(null);

  function send() {
    try {
      // The protocol's `output` is a string holding JSON; it is checked here, sent as typed.
      JSON.parse(output);
    } catch (err) {
      setProblem(`not JSON: ${(err as Error).message}`);
      return;
    }
    setProblem(null);
    onSend(call.callId, output);
  }

  return (
    <li className="tool-call" data-testid="tool-call" data-answered={call.answered}>
      <div className="turn-meta">
        <code className="tool-name">{call.name}</code>
        <span className="tag">#{call.streamId}</span>
        <span className={`tag ${call.answered ? 'status-completed' : 'status-streaming'}`}>
          {call.answered ? 'answered' : 'waiting'}
        </span>
      </div>
      <pre className="json">{prettyJson(call.arguments)}</pre>
      {!call.answered && (
        <div className="tool-form">
          <label className="field">
            <span>output (JSON)</span>
            <textarea
              rows={3}
              value={output}
              onChange={(e) => setOutput(e.target.value)}
              spellCheck={false}
            />
          </label>
          {problem && <p className="problem">{problem}</p>}
          <button type="button" onClick={send} disabled={!enabled}>
            Send tool.result
          </button>
        </div>
      )}
    </li>
  );
}

/** Tool calls of the assistant, each answered with a JSON `tool.result`. */
export function ToolCalls({
  calls,
  enabled,
  onSend,
}: {
  calls: ToolCall[];
  enabled: boolean;
  onSend(callId: string, output: string): void;
}) {
  return (
    <section className="panel">
      <h2>Tool calls</h2>
      {calls.length === 0 ? (
        <p className="muted">None yet. Declare tools in the session panel.</p>
      ) : (
        <ol className="plain">
          {calls
            .slice()
            .reverse()
            .map((c) => (
              <ToolCallItem key={c.callId} call={c} enabled={enabled} onSend={onSend} />
            ))}
        </ol>
      )}
    </section>
  );
}
