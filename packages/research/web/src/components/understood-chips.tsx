import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { IntentSession } from '../types.ts';
import {
  ACTION_WORDS,
  SLOT_WORDS,
  certainty,
  isEditable,
  otherActions,
  slotsOf,
  type IntentAction,
  type SlotKey,
  type Understanding,
} from '../understanding.ts';

/** What the chips can ask the app to do. */
export interface ChipHandlers {
  busy: boolean;
  /** The session now (which actions the action chip can offer depends on it). */
  session: IntentSession;
  /** Carry the message's intent out again with this slot corrected. */
  onCorrect: (messageId: string, key: SlotKey, value: string) => void;
  /** Resend the message with this action (a clarifying question's option, or a change). */
  onPick: (messageId: string, action: IntentAction) => void;
}

/** Values the service understands for the level fields; others are kept as written. */
const LEVELS = ['low', 'medium', 'high'];

/**
 * Under the assistant's reply: what the router understood, as chips. A slot chip edits
 * its value in place (Enter applies, Esc cancels); the action chip offers other actions; a
 * clarifying question shows its two options as buttons.
 */
export function UnderstoodChips({
  messageId,
  u,
  handlers,
}: {
  messageId: string;
  u: Understanding;
  handlers: ChipHandlers;
}) {
  const { busy } = handlers;
  const [editing, setEditing] = useState<SlotKey | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const chipRefs = useRef(new Map<string, HTMLButtonElement>());
  // Where focus goes back to once an editor or the menu closes.
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    chipRefs.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);

  const clarify = u.intent.missing === 'action' ? u.intent.clarify : undefined;
  if (clarify) {
    return (
      <div className="clarify" role="group" aria-label="Which did you mean?">
        {clarify.map((action) => (
          <button
            key={action}
            type="button"
            className={`clarify-option${u.chosen === action ? ' chosen' : ''}`}
            aria-pressed={u.chosen === action}
            disabled={busy || u.chosen !== undefined}
            onClick={() => handlers.onPick(messageId, action)}
          >
            {ACTION_WORDS[action]}
          </button>
        ))}
      </div>
    );
  }

  const alternatives = u.superseded ? [] : otherActions(u, handlers.session);
  const sure = certainty(u);
  const slots = slotsOf(u.intent);

  return (
    <div
      className={`understood${u.superseded ? ' superseded' : ''}`}
      role="group"
      aria-label="What I understood"
    >
      <ul className="chip-row">
        <li>
          {alternatives.length > 0 ? (
            <button
              type="button"
              ref={(el) => register(chipRefs.current, 'action', el)}
              className="chip u-chip action-chip"
              aria-expanded={menuOpen}
              aria-label={`${ACTION_WORDS[u.intent.action]} (${sure}): change the action`}
              title="Not what you meant? Pick another action"
              disabled={busy}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="chip-val">{ACTION_WORDS[u.intent.action]}</span>
              <span className="certainty">{sure}</span>
            </button>
          ) : (
            <span className="chip u-chip action-chip static">
              <span className="chip-val">{ACTION_WORDS[u.intent.action]}</span>
              <span className="certainty">{sure}</span>
            </span>
          )}
        </li>
        {slots.map(({ key, value }) => {
          const word = SLOT_WORDS[key];
          const corrected = u.corrected.includes(key);
          const content = (
            <>
              <span className="chip-key">{word}</span>
              <span className="chip-val">{value}</span>
              {corrected && (
                <span className="chip-mark" aria-label="(corrected)">
                  ✓
                </span>
              )}
            </>
          );
          return (
            <li key={key} data-slot={key} className={editing === key ? 'editing' : undefined}>
              {editing === key ? (
                <SlotEditor
                  slot={key}
                  value={value}
                  onApply={(next) => {
                    setEditing(null);
                    if (next.trim() && next.trim() !== value) {
                      handlers.onCorrect(messageId, key, next);
                    } else setRefocus(key);
                  }}
                  onCancel={(keepFocus) => {
                    setEditing(null);
                    if (keepFocus) setRefocus(key);
                  }}
                />
              ) : isEditable(u, key) ? (
                <button
                  type="button"
                  ref={(el) => register(chipRefs.current, key, el)}
                  className={`chip u-chip slot-chip${corrected ? ' corrected' : ''}`}
                  aria-label={`${word}: ${value}${corrected ? ' (corrected)' : ''}, edit`}
                  title={`${value} — click to correct`}
                  disabled={busy}
                  onClick={() => {
                    setMenuOpen(false);
                    setEditing(key);
                  }}
                >
                  {content}
                </button>
              ) : (
                <span className="chip u-chip slot-chip static" title={value}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {menuOpen && alternatives.length > 0 && (
        <ActionMenu
          alternatives={alternatives}
          likely={u.alternatives}
          busy={busy}
          onPick={(action) => {
            setMenuOpen(false);
            handlers.onPick(messageId, action);
          }}
          onClose={() => {
            setMenuOpen(false);
            setRefocus('action');
          }}
        />
      )}
    </div>
  );
}

function register(map: Map<string, HTMLButtonElement>, key: string, el: HTMLButtonElement | null) {
  if (el) map.set(key, el);
  else map.delete(key);
}

/** The inline editor of one slot: Enter applies, Esc cancels (so does leaving it). */
function SlotEditor({
  slot,
  value,
  onApply,
  onCancel,
}: {
  slot: SlotKey;
  value: string;
  onApply: (value: string) => void;
  onCancel: (keepFocus: boolean) => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(value);
  const levels = slot === 'risk_preference' || slot === 'baseline_strictness';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(text);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel(true);
  };

  return (
    <form
      ref={form}
      className="chip-edit"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Leaving the editor (not for its own button) cancels it.
        if (!form.current?.contains(event.relatedTarget as Node | null)) onCancel(false);
      }}
    >
      <label htmlFor={`${id}-input`} className="chip-key">
        {SLOT_WORDS[slot]}
      </label>
      <input
        id={`${id}-input`}
        type="text"
        // Focus moves into the editor as it opens; it was asked for by the click.
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        value={text}
        maxLength={slot === 'user_id' ? 64 : 500}
        list={levels ? `${id}-levels` : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.target.value)}
      />
      {levels && (
        <datalist id={`${id}-levels`}>
          {LEVELS.map((level) => (
            <option key={level} value={level} />
          ))}
        </datalist>
      )}
      <button type="submit" className="chip primary">
        {slot === 'topic' ? 'Start with this topic instead' : 'Apply'}
      </button>
      <span id={`${id}-hint`} className="visually-hidden">
        Enter to apply, Escape to cancel.
      </span>
    </form>
  );
}

/** Other actions for a message, the router's own other guesses first. */
function ActionMenu({
  alternatives,
  likely,
  busy,
  onPick,
  onClose,
}: {
  alternatives: IntentAction[];
  likely: IntentAction[];
  busy: boolean;
  onPick: (action: IntentAction) => void;
  onClose: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div
      className="action-menu"
      role="group"
      aria-label="Did you mean"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <span className="muted small" aria-hidden="true">
        Did you mean
      </span>
      {alternatives.map((action, i) => (
        <button
          key={action}
          ref={i === 0 ? first : undefined}
          type="button"
          className={`chip${likely.includes(action) ? ' likely' : ''}`}
          disabled={busy}
          onClick={() => onPick(action)}
        >
          {ACTION_WORDS[action]}
        </button>
      ))}
      <button type="button" className="chip link-like" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}
