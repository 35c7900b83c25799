import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { ChatMessage } from '../types.ts';
import { UnderstoodChips, type ChipHandlers } from './understood-chips.tsx';

const SPEAKER: Record<ChatMessage['role'], string> = {
  user: 'You',
  assistant: 'Assistant',
  narration: 'Run',
  error: 'Problem',
};

/**
 * The conversation; new messages are announced to screen readers (role=log is polite).
 * A reply to a message shows what was understood from it, as chips.
 */
export function ChatLog({
  messages,
  busy,
  chips,
}: {
  messages: ChatMessage[];
  busy: boolean;
  chips: ChipHandlers;
}) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, busy]);

  return (
    <div className="chat-scroll" tabIndex={0} role="region" aria-label="Conversation history">
      <ol className="chat-log" role="log" aria-live="polite" aria-relevant="additions">
        {messages.map((m) => (
          <li key={m.id} className={`msg msg-${m.role}`} data-role={m.role}>
            <span className="visually-hidden">{SPEAKER[m.role]}: </span>
            <p>{m.text}</p>
            {m.items && m.items.length > 0 && (
              <ul className="msg-items">
                {m.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            )}
            {m.links && m.links.length > 0 && (
              <p className="msg-links">
                {m.links.map((link) => (
                  <a key={link.href} href={link.href} target="_blank" rel="noreferrer">
                    {link.label}
                  </a>
                ))}
              </p>
            )}
            {m.understood && <UnderstoodChips messageId={m.id} u={m.understood} handlers={chips} />}
          </li>
        ))}
      </ol>
      {busy && (
        <p className="typing" aria-hidden="true">
          <span />
          <span />
          <span />
        </p>
      )}
      <div ref={end} />
    </div>
  );
}

/** The message box. Enter sends; the input keeps focus so the user can type on. */
export function ChatForm({
  onSend,
  busy,
  inputRef,
  suggestions,
}: {
  onSend: (text: string) => void;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  suggestions: string[];
}) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setText('');
    onSend(value);
  };

  return (
    <form className="chat-form" onSubmit={submit} aria-busy={busy}>
      {suggestions.length > 0 && (
        <div className="suggestions" role="group" aria-label="Suggestions">
          {suggestions.map((s) => (
            <button
              key={s}
              type="button"
              className="chip"
              disabled={busy}
              onClick={() => onSend(s)}
            >
              {s}
            </button>
          ))}
        </div>
      )}
      <div className="chat-input-row">
        <label htmlFor="chat-input" className="visually-hidden">
          Message
        </label>
        <input
          id="chat-input"
          ref={inputRef}
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={2000}
          placeholder="Say “I'm alice”, “my domain is ecology”, “start a run on …”"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="primary" disabled={busy || !text.trim()}>
          Send
        </button>
      </div>
    </form>
  );
}
