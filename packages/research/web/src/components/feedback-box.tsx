import { useId, useState, type FormEvent } from 'react';
import type { StageName } from '../types.ts';

/** Shown while the run waits: free-text feedback, or carry on as is (keyed by stage). */
export function FeedbackBox({
  stage,
  onSubmit,
}: {
  stage: StageName;
  onSubmit: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const id = useId();

  const send = async (value: string) => {
    if (sending || !value.trim()) return;
    setSending(true);
    const ok = await onSubmit(value.trim());
    setSending(false);
    if (ok) setText('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(text);
  };

  return (
    <section className="feedback-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Feedback on {stage}</h2>
      <p className="hint">
        The run is paused. Suggest a change (the stage is revised once) or carry on.
      </p>
      <form onSubmit={submit}>
        <label htmlFor={`${id}-text`}>Your feedback</label>
        <textarea
          id={`${id}-text`}
          rows={2}
          value={text}
          maxLength={10_000}
          placeholder="e.g. use a stronger baseline"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send(text);
          }}
        />
        <div className="feedback-actions">
          <button type="submit" className="primary" disabled={sending || !text.trim()}>
            Send feedback
          </button>
          <button type="button" disabled={sending} onClick={() => void send('continue')}>
            Continue as is
          </button>
        </div>
      </form>
    </section>
  );
}
