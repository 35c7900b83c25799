import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SessionConfig, SessionConfigPatch } from '@hikma/voice-client';

type TurnType = SessionConfig['turn_detection']['type'];
type Eagerness = Extract<SessionConfig['turn_detection'], { type: 'semantic_vad' }>['eagerness'];

const EAGERNESS: { value: Eagerness; label: string }[] = [
  { value: 'auto', label: 'auto (medium)' },
  { value: 'low', label: 'low: waits longest' },
  { value: 'medium', label: 'medium' },
  { value: 'high', label: 'high: ends soonest' },
];

interface Draft {
  instructions: string;
  languages: string;
  voice: string;
  turnType: TurnType;
  silenceMs: string;
  eagerness: Eagerness;
  /** Empty: no idle timeout. */
  idleTimeoutMs: string;
  ragIndex: string;
  ragTopK: string;
  pii: boolean;
  sentiment: boolean;
  tools: string;
}

function draftOf(session: SessionConfig): Draft {
  const detection = session.turn_detection;
  return {
    instructions: session.instructions,
    languages: session.languages.join(', '),
    voice: session.voice,
    turnType: detection.type,
    silenceMs: String(detection.type === 'server_vad' ? detection.silence_ms : 500),
    eagerness: detection.type === 'semantic_vad' ? detection.eagerness : 'auto',
    idleTimeoutMs: detection.idle_timeout_ms === null ? '' : String(detection.idle_timeout_ms),
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
  // Sent every time, null included, so that clearing the field turns the timeout off.
  const idle_timeout_ms = d.idleTimeoutMs.trim()
    ? integer(d.idleTimeoutMs.trim(), 'idle timeout', 1000, 600_000)
    : null;
  return {
    instructions: d.instructions,
    languages,
    ...(d.voice.trim() ? { voice: d.voice.trim() } : {}),
    turn_detection:
      d.turnType === 'none'
        ? { type: 'none', idle_timeout_ms }
        : d.turnType === 'semantic_vad'
          ? { type: 'semantic_vad', eagerness: d.eagerness, idle_timeout_ms }
          : {
              type: 'server_vad',
              silence_ms: integer(d.silenceMs, 'silence_ms', 100, 10_000),
              idle_timeout_ms,
            },
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
  const idleHintId = useId();

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
                onChange={(e) => set('turnType', e.target.value as TurnType)}
              >
                <option value="server_vad">server VAD</option>
                <option value="semantic_vad">semantic VAD</option>
                <option value="none">none (push to talk)</option>
              </select>
            </label>
            {draft.turnType === 'semantic_vad' ? (
              <label className="field">
                <span>eagerness</span>
                <select
                  value={draft.eagerness}
                  onChange={(e) => set('eagerness', e.target.value as Eagerness)}
                >
                  {EAGERNESS.map((e) => (
                    <option key={e.value} value={e.value}>
                      {e.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
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
            )}
          </div>
          <div className="row">
            <label className="field">
              <span>idle timeout (ms)</span>
              <input
                type="number"
                min={1000}
                max={600000}
                step={500}
                value={draft.idleTimeoutMs}
                placeholder="off"
                aria-describedby={idleHintId}
                onChange={(e) => set('idleTimeoutMs', e.target.value)}
              />
            </label>
            <p className="field-hint" id={idleHintId}>
              Silence after a reply before “Are you still there?”; as long again ends the session.
            </p>
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
