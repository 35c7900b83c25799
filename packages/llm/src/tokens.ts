import { createRequire } from 'node:module';
import type { ChatMessage, ToolSpec } from './types.ts';

interface Encoding {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

/**
 * Above this many characters the BPE count costs tens of milliseconds, so longer text is
 * estimated from its length instead (see `roughTokens`).
 */
const EXACT_LIMIT_CHARS = 200_000;

/** Per-message framing the chat format adds (`<|start|>role<|message|>…<|end|>`). */
const TOKENS_PER_MESSAGE = 3;
/** Every reply is primed with `<|start|>assistant<|message|>`. */
const REPLY_PRIMING_TOKENS = 3;

let encoding: Encoding | null | undefined;
const NO_SPECIAL = { disallowedSpecial: new Set<string>() };

// The o200k tables take ~140 ms to load, so they are loaded on first use, not at import.
// createRequire keeps `estimateTokens` synchronous.
function loadEncoding(): Encoding | null {
  if (encoding === undefined) {
    try {
      const require = createRequire(import.meta.url);
      encoding = require('gpt-tokenizer/cjs/encoding/o200k_base') as Encoding;
    } catch {
      encoding = null;
    }
  }
  return encoding;
}

/**
 * Token count of `text` in the o200k_base encoding (GPT-4o, GPT-4.1, o-series, GPT-5).
 * Exact for those models; for English and code cl100k models (GPT-4, GPT-3.5) count within
 * about 1% of it, but for Arabic they count about twice as many, and other families (Llama,
 * Qwen, Mistral) use their own vocabularies, so treat it as an estimate there. Special-token
 * text such as `<|endoftext|>` counts as plain text. Text longer than 200,000 characters is
 * estimated from its length (about 4 characters a token for ASCII, 1 for other characters).
 */
export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  const enc = text.length <= EXACT_LIMIT_CHARS ? loadEncoding() : null;
  return enc ? enc.countTokens(text, NO_SPECIAL) : roughTokens(text);
}

/**
 * Prompt size of a conversation as the OpenAI cookbook counts it: 3 tokens of framing per
 * message, the content, the tool calls an assistant message carries, and 3 tokens priming
 * the reply. With `tools`, their JSON definitions are counted too (the server renders them
 * in its own format, so this part is approximate).
 */
export function estimateMessagesTokens(messages: ChatMessage[], tools?: ToolSpec[]): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const m of messages) {
    total += TOKENS_PER_MESSAGE + estimateTokens(m.content);
    for (const call of m.toolCalls ?? []) {
      total += TOKENS_PER_MESSAGE + estimateTokens(call.name) + estimateTokens(call.arguments);
    }
  }
  if (tools && tools.length > 0) total += estimateTokens(JSON.stringify(tools));
  return total;
}

/** Length-based estimate: about four characters a token for ASCII, one for other scripts. */
function roughTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) ascii++;
    else if (code < 0xdc00 || code > 0xdfff) other++; // a surrogate pair counts once
  }
  return Math.ceil(ascii / 4) + other;
}
