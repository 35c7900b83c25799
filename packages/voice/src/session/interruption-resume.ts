import type { ChatMessage } from '@hikma/llm';
import type { ResponseOutcome } from './assistant-response.ts';
import { isBackchannel } from './backchannels.ts';
import type { Conversation } from './conversation.ts';
import type { Turn } from './turn.ts';

/**
 * How long after the end-of-turn silence (`silence_ms`) the transcript of an interruption may
 * arrive and still resume the reply it cut. It covers the interruption's own speech past the
 * barge-in minimum and its recognition: "uh-huh" or a cough fits, a sentence does not, and a
 * reply never picks up again after a long pause.
 */
export const FALSE_INTERRUPTION_GRACE_MS = 1500;

/** A reply cut by a barge-in, kept until the interruption is recognised. */
export interface InterruptedReply {
  streamId: number;
  /** The whole reply (the LLM had finished it; an unfinished one is never kept). */
  text: string;
  /** Characters of `text` the user had heard when it was cut. */
  heardChars: number;
  /** The conversation's message holding what was heard (null when nothing was). */
  message: ChatMessage | null;
  /** When it was cut (`performance.now()`). */
  cutAt: number;
}

/** Why an interruption did not count. */
export type ResumeReason = 'backchannel' | 'no_words';

/** A reply to resume: the rest of `reply.text` from `from` is said on a new stream. */
export interface Resumption {
  reply: InterruptedReply;
  reason: ResumeReason;
  /** Where the rest starts: the start of the word that was cut, or of the next one. */
  from: number;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;

/**
 * Where to pick a reply up after `heard` characters: a word cut in the middle is said again
 * from its start; after a whole word (and its punctuation) the next word starts.
 */
export function resumePoint(text: string, heard: number): number {
  let i = Math.min(Math.max(0, Math.floor(heard)), text.length);
  const space = text.slice(i).search(SPACE);
  const rest = space < 0 ? text.slice(i) : text.slice(i, i + space);
  if (!WORD_CHAR.test(rest)) {
    i += rest.length;
    while (i < text.length && SPACE.test(text[i]!)) i++;
    return i;
  }
  while (i > 0 && !SPACE.test(text[i - 1]!)) i--;
  return i;
}

/**
 * Interruptions that turn out to be none. The last reply cut by a barge-in is kept; when the
 * utterance that cut it (the very next turn) is recognised with no words, or only backchannel
 * words, within the window, the reply is resumed instead of answered. Anything else is a real
 * interruption and the reply stays cut.
 */
export class FalseInterruptions {
  private last: InterruptedReply | null = null;

  constructor(private readonly graceMs = FALSE_INTERRUPTION_GRACE_MS) {}

  /** A finished reply was cut by a barge-in. */
  interrupted(reply: InterruptedReply): void {
    this.last = reply;
  }

  /**
   * Turn `streamId` recognised `recognised`: the reply to resume, or null for a real
   * interruption (words that are not a backchannel, a failed recognition, too late, another
   * turn in between, or nothing left to say). The kept reply is forgotten either way.
   */
  check(
    streamId: number,
    recognised: { text: string; failed: boolean },
    silenceMs: number,
    now = performance.now(),
  ): Resumption | null {
    const reply = this.last;
    this.last = null;
    if (!reply || recognised.failed || streamId !== reply.streamId + 1) return null;
    if (now - reply.cutAt > silenceMs + this.graceMs) return null;
    const words = recognised.text.trim();
    const reason: ResumeReason | null = !words
      ? 'no_words'
      : isBackchannel(words)
        ? 'backchannel'
        : null;
    if (!reason) return null;
    const from = resumePoint(reply.text, reply.heardChars);
    if (!reply.text.slice(from).trim()) return null;
    return { reply, reason, from };
  }

  /**
   * A turn's reply ended: what was heard goes in the conversation (a resumed reply in place of
   * the part heard before it, so a reply is held once, as far as it was heard), and a reply
   * that a barge-in cut, its whole text known, is kept in case the interruption proves false.
   */
  settle(
    turn: Turn,
    outcome: ResponseOutcome,
    conversation: Conversation,
    resumed: Resumption | undefined,
  ): void {
    let words: ChatMessage | null = null;
    if (resumed) {
      const heard = (turn.heardBefore + outcome.spokenText).trim();
      words = heard ? { role: 'assistant', content: heard } : resumed.reply.message;
      if (words && heard) conversation.replace(resumed.reply.message, words);
    } else {
      for (const m of outcome.messages) conversation.push(m);
      const last = outcome.messages.at(-1);
      if (last?.role === 'assistant' && !last.toolCalls) words = last;
    }
    // "Yes" over "Are you still there?" answers it: the idle re-prompt is never resumed.
    if (turn.reason !== 'barge_in' || !outcome.textComplete || turn.input === 'idle') return;
    this.interrupted({
      streamId: turn.streamId,
      text: turn.heardBefore + outcome.text,
      heardChars: turn.heardBefore.length + outcome.spokenText.length,
      message: words,
      cutAt: turn.cancelledAt ?? performance.now(),
    });
  }
}
