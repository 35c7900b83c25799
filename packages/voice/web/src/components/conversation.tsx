import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AssistantTurn, Turn, UserTurn } from '../lib/console-state.ts';
import { piiSegments, type PiiSpan } from '../lib/pii.ts';

function Highlighted({ text, pii }: { text: string; pii: PiiSpan[] }) {
  return piiSegments(text, pii).map((segment, i) =>
    segment.category ? (
      <mark key={i} className="pii" title={segment.category} data-category={segment.category}>
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}

function UserBubble({ turn }: { turn: UserTurn }) {
  const analysis = turn.analysis;
  return (
    <li className="turn user">
      <div className="turn-meta">
        <span className="who">you</span>
        {turn.typed ? (
          <span className="tag">typed</span>
        ) : (
          turn.languages.map((l) => (
            <span key={l} className="tag lang" data-testid="transcript-language">
              {l}
            </span>
          ))
        )}
        {analysis && analysis.sentiment && (
          <span className={`tag sentiment sentiment-${analysis.sentiment}`} data-testid="sentiment">
            {analysis.sentiment}
          </span>
        )}
        {analysis &&
          analysis.pii.map((p, i) => (
            <span key={i} className="tag pii-tag">
              {p.category}
            </span>
          ))}
      </div>
      <p className="text" data-testid={turn.typed ? 'typed-text' : 'transcript-final'}>
        {analysis ? <Highlighted text={turn.text} pii={analysis.pii} /> : turn.text}
      </p>
    </li>
  );
}

function AssistantBubble({ turn }: { turn: AssistantTurn }) {
  // When interrupted, show what was heard and strike out what was never said.
  const heard =
    turn.status === 'cancelled' && turn.spoken !== undefined && turn.text.startsWith(turn.spoken)
      ? turn.spoken
      : turn.text;
  const unheard = turn.text.slice(heard.length);
  return (
    <li className="turn assistant" data-status={turn.status}>
      <div className="turn-meta">
        <span className="who">assistant</span>
        <span className="tag">#{turn.streamId}</span>
        {turn.status !== 'completed' && (
          <span className={`tag status-${turn.status}`}>
            {turn.status === 'streaming' ? 'speaking' : turn.status}
            {turn.reason ? ` · ${turn.reason.replace(/_/g, ' ')}` : ''}
          </span>
        )}
      </div>
      <p className="text" data-testid="assistant-text">
        {heard}
        {unheard && <del title="not spoken">{unheard}</del>}
        {!turn.text && <span className="muted">…</span>}
      </p>
    </li>
  );
}

interface Props {
  turns: Turn[];
  partial: { text: string; language: string } | null;
  connected: boolean;
  onSendText(text: string): void;
}

/** Transcripts and replies, newest at the bottom, with the live partial line. */
export function Conversation({ turns, partial, connected, onSendText }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns, partial]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    onSendText(text.trim());
    setText('');
  }

  return (
    <div className="conversation">
      <div className="turns" ref={list}>
        {turns.length === 0 && !partial && (
          <p className="empty">
            {connected ? 'Speak: transcripts and replies appear here.' : 'Connect to start.'}
          </p>
        )}
        <ol>
          {turns.map((t) =>
            t.kind === 'user' ? (
              <UserBubble key={t.id} turn={t} />
            ) : (
              <AssistantBubble key={t.id} turn={t} />
            ),
          )}
        </ol>
        {partial && partial.text && (
          <p className="partial" data-testid="transcript-partial">
            <span className="tag lang">{partial.language}</span> {partial.text}
          </p>
        )}
      </div>
      <form className="composer" onSubmit={submit}>
        <input
          type="text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Or type a message"
          aria-label="Message"
          disabled={!connected}
          maxLength={20000}
        />
        <button type="submit" disabled={!connected || !text.trim()}>
          Send
        </button>
      </form>
    </div>
  );
}
