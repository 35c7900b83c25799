import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AssistantTurn, NoticeTurn, Turn, UserTurn } from '../lib/console-model.ts';
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
  const end = turn.endOfTurn;
  return (
    <li className={turn.backchannel ? 'turn user backchannel' : 'turn user'}>
      <div className="turn-meta">
        <span className="who">you</span>
        {turn.backchannel && (
          <span className="tag" title="only a backchannel: the reply it cut went on">
            backchannel
          </span>
        )}
        {end && (
          <span
            className="tag end-of-turn"
            data-testid="end-of-turn"
            title={`the turn detector read ${Math.round(end.probability * 100)} % finished and waited ${end.silenceMs} ms of silence`}
          >
            ended p {end.probability.toFixed(2)} · {end.silenceMs} ms
          </span>
        )}
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

function resumedLabel(resumed: NonNullable<AssistantTurn['resumed']>): string {
  const after = resumed.after ? `after “${resumed.after}”` : 'after a sound with no words';
  return `↻ resumed #${resumed.streamId} ${after}`;
}

function AssistantBubble({ turn }: { turn: AssistantTurn }) {
  // A resumed reply's `response.done.text` counts from the start of the reply it continues.
  const spoken =
    turn.spoken !== undefined && turn.resumed
      ? turn.spoken.slice(turn.resumed.textOffset)
      : turn.spoken;
  // When interrupted, show what was heard and strike out what was never said.
  const heard =
    turn.status === 'cancelled' && spoken !== undefined && turn.text.startsWith(spoken)
      ? spoken
      : turn.text;
  const unheard = turn.text.slice(heard.length);
  return (
    <li
      className={turn.resumed ? 'turn assistant resumed' : 'turn assistant'}
      data-status={turn.status}
    >
      <div className="turn-meta">
        <span className="who">assistant</span>
        <span className="tag">#{turn.streamId}</span>
        {turn.resumed && (
          <span className="tag status-resumed" data-testid="resumed">
            {resumedLabel(turn.resumed)}
          </span>
        )}
        {turn.status !== 'completed' && (
          <span className={`tag status-${turn.status}`}>
            {turn.status === 'streaming' ? 'speaking' : turn.status}
            {turn.reason ? ` · ${turn.reason.replace(/_/g, ' ')}` : ''}
          </span>
        )}
        {turn.resumedBy !== undefined && (
          <span className="tag status-resumed" title="it was no real interruption">
            ↻ goes on in #{turn.resumedBy}
          </span>
        )}
      </div>
      <p className="text" data-testid="assistant-text">
        {turn.resumed && turn.resumed.textOffset > 0 && (
          <span className="muted" aria-hidden="true">
            …{' '}
          </span>
        )}
        {heard}
        {unheard && (
          <del title={turn.resumedBy === undefined ? 'not spoken' : 'said in the resumed reply'}>
            {unheard}
          </del>
        )}
        {!turn.text && <span className="muted">…</span>}
      </p>
    </li>
  );
}

function Notice({ turn }: { turn: NoticeTurn }) {
  return (
    <li className="notice" data-testid="idle-event" data-action={turn.action}>
      <span className="notice-kind">idle</span> {turn.text}
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
            ) : t.kind === 'assistant' ? (
              <AssistantBubble key={t.id} turn={t} />
            ) : (
              <Notice key={t.id} turn={t} />
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
