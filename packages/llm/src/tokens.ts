import type { ChatMessage } from './types.ts';

/**
 * Rough token count (about four characters a token for English, one a token for
 * other scripts), for providers that report no usage and for rate limiting.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 4) + other;
}

/** Rough prompt size of a list of messages, counting a small overhead per message. */
export function estimateMessagesTokens(messages: ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + 4 + estimateTokens(m.content), 0);
}
