import type { ChatMessage } from '@hikma/llm';
import type { Passage } from '../rag/index-store.ts';

const MAX_HISTORY_MESSAGES = 60;

/** What was said in a session, bounded, as the LLM is given it. */
export class Conversation {
  private readonly messages: ChatMessage[] = [];

  push(message: ChatMessage): void {
    this.messages.push(message);
    // Keep the conversation bounded; never start it with a tool result.
    while (this.messages.length > MAX_HISTORY_MESSAGES || this.messages[0]?.role === 'tool')
      this.messages.shift();
  }

  /**
   * Puts `next` in place of `old` (by identity), or at the end when `old` is null or no longer
   * held: a resumed reply replaces the part of it that was heard before.
   */
  replace(old: ChatMessage | null, next: ChatMessage): void {
    const i = old ? this.messages.indexOf(old) : -1;
    if (i >= 0) this.messages[i] = next;
    else this.push(next);
  }

  /** The latest user message (the retrieval query). */
  lastUserText(): string {
    return [...this.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  }

  /** The LLM's messages: the instructions (with retrieved passages), then the conversation. */
  forLLM(instructions: string, passages: Passage[]): ChatMessage[] {
    let system = instructions;
    if (passages.length > 0) {
      system +=
        '\n\nAnswer using these passages from the knowledge base when they are relevant:\n' +
        passages.map((p, i) => `[${i + 1}] (${p.source}) ${p.text}`).join('\n');
    }
    return [{ role: 'system', content: system }, ...this.messages];
  }
}
