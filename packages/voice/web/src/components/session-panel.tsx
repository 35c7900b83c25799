import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SessionConfig, SessionConfigPatch } from '../lib/protocol.ts';

interface Draft {
  instructions: string;
  languages: string;
  voice: string;
  turnType: 'server_vad' | 'none';
  silenceMs: string;
  ragIndex: string;
  ragTopK: string;
  pii: boolean;
  sentiment: boolean;
  tools: string;
}

function draftOf(session: SessionConfig): Draft {
  return {
    instructions: session.instructions,
    languages: session.languages.join(', '),
    voice: session.voice,
    turnType: session.turn_detection.type,
    silenceMs: String(
      session.turn_detection.type === 'server_vad' ? session.turn_detection.silence_ms : 500,
    ),
    ragIndex: session.rag?.index_name ?? '',
    ragTopK: String(session.rag?.top_k ?? 3),
    pii: session.analysis.pii,
    sentiment: session.analysis.sentiment,
    tools: JSON.stringify(session.tools, null, 2),
  };
}

function integer(text: string, name: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** Turns the form into a `session.update` patch; throws with a readable message. */
function patchOf(d: Draft): SessionConfigPatch {
  const languages = d.languages
    .split(/[\s,]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (languages.length === 0) throw new Error('give at least one language, e.g. en-US');
  let tools: unknown;
  try {
    tools = JSON.parse(d.tools || '[]');
  } catch (err) {
    throw new Error(`tools: not JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(tools)) throw new Error('tools must be a JSON array');
  return {
    instructions: d.instructions,
    languages,
    ...(d.voice.trim() ? { voice: d.voice.trim() } : {}),
    turn_detection:
      d.turnType === 'none'
        ? { type: 'none' }
        : { type: 'server_vad', silence_ms: integer(d.silenceMs, 'silence_ms', 100, 10_000) },
    rag: d.ragIndex.trim()
      ? { index_name: d.ragIndex.trim(), top_k: integer(d.ragTopK, 'top_k', 1, 20) }
      : null,
    analysis: { pii: d.pii, sentiment: d.sentiment },
    tools: tools as NonNullable<SessionConfigPatch['tools']>,
  };
}

const TOOL_EXAMPLE = `[{"type": "function", "function": {"name": "get_weather", "description": "Weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]`;

interface Props {
  session: SessionConfig | null;
  sessionId: string | null;
  updates: number;
  enabled: boolean;
  onApply(patch: SessionConfigPatch): void;
}

/** Edits the session with `session.update` and shows the configuration the service confirmed. */
export function SessionPanel({ session, sessionId, updates, enabled, onApply }: Props) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const toolsId = useId();

  // A new session starts from what the service says is in force; later updates leave edits alone.
  useEffect(() => {
    setDraft(session ? draftOf(session) : null);
    setProblem(null);
  }, [sessionId]);

  function set<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    try {
      onApply(patchOf(draft));
      setProblem(null);
    } catch (err) {
      setProblem((err as Error).message);
    }
  }

  return (
    <section className="panel">
      <h2>Session</h2>
      {!draft ? (
        <p className="muted">Connect to configure the session.</p>
      ) : (
        <form className="session-form" onSubmit={apply}>
          <label className="field">
            <span>instructions</span>
            <textarea
              rows={3}
              value={draft.instructions}
              onChange={(e) => set('instructions', e.target.value)}
            />
          </label>
          <div className="row">
            <label className="field">
              <span>languages</span>
              <input
                value={draft.languages}
                onChange={(e) => set('languages', e.target.value)}
                placeholder="en-US, ar-SA"
                spellCheck={false}
              />
            </label>
            <label className="field">
              <span>voice</span>
              <input
                value={draft.voice}
                onChange={(e) => set('voice', e.target.value)}
                placeholder="slt, espeak-ng/ar"
                spellCheck={false}
              />
            </label>
          </div>
          <div className="row">
            <label className="field">
              <span>turn detection</span>
              <select
                value={draft.turnType}
                onChange={(e) => set('turnType', e.target.value as Draft['turnType'])}
              >
                <option value="server_vad">server VAD</option>
                <option value="none">none (push to talk)</option>
              </select>
            </label>
            <label className="field">
              <span>silence (ms)</span>
              <input
                type="number"
                min={100}
                max={10000}
                step={50}
                value={draft.silenceMs}
                disabled={draft.turnType === 'none'}
                onChange={(e) => set('silenceMs', e.target.value)}
              />
            </label>
          </div>
          <div className="row">
            <label className="field">
              <span>RAG index</span>
              <input
                value={draft.ragIndex}
                onChange={(e) => set('ragIndex', e.target.value)}
                placeholder="off"
                spellCheck={false}
              />
            </label>
            <label className="field">
              <span>top_k</span>
              <input
                type="number"
                min={1}
                max={20}
                value={draft.ragTopK}
                disabled={!draft.ragIndex.trim()}
                onChange={(e) => set('ragTopK', e.target.value)}
              />
            </label>
          </div>
          <fieldset className="checks">
            <legend>analysis</legend>
            <label>
              <input
                type="checkbox"
                checked={draft.pii}
                onChange={(e) => set('pii', e.target.checked)}
              />
              PII
            </label>
            <label>
              <input
                type="checkbox"
                checked={draft.sentiment}
                onChange={(e) => set('sentiment', e.target.checked)}
              />
              sentiment
            </label>
          </fieldset>
          <div className="field">
            <span className="field-head">
              {/* The button stays outside the label, or the label would name it instead. */}
              <label htmlFor={toolsId}>tools (JSON)</label>
              <button type="button" className="link" onClick={() => set('tools', TOOL_EXAMPLE)}>
                example
              </button>
            </span>
            <textarea
              id={toolsId}
              rows={3}
              value={draft.tools}
              onChange={(e) => set('tools', e.target.value)}
              spellCheck={false}
              className="mono"
            />
          </div>
          {problem && <p className="problem">{problem}</p>}
          <button type="submit" className="primary" disabled={!enabled}>
            Send session.update
          </button>
        </form>
      )}
      {session && (
        <details className="confirmed" open={updates > 0}>
          <summary>
            {updates > 0 ? `session.updated ×${updates}` : 'session.created'}: in force
          </summary>
          <pre className="json" data-testid="session-updated">
            {JSON.stringify(session, null, 2)}
          </pre>
        </details>
      )}
    </section>
  );
}
