// A chat message as the local router reads it: tokens (misspelt command words corrected,
// common shorthand expanded), politeness stripped from both ends, and offsets back into the
// text so that slots are captured as written.
import { correctToken } from './fuzzy.ts';

export interface Token {
  /** As written. */
  raw: string;
  /** Lower-cased, curly apostrophes straightened, misspelt command words corrected. */
  norm: string;
  start: number;
  end: number;
  corrected: boolean;
  punct: boolean;
}

/**
 * A parsed message. `core` is the message without politeness ("could you please …",
 * "… thanks") and `s` is its normalised tokens joined by single spaces, which the rule
 * patterns match; `plain` is the whole message normalised, without punctuation.
 */
export interface Message {
  text: string;
  core: Token[];
  s: string;
  /** Offset in `s` of each core token. */
  offsets: number[];
  plain: string;
}

const TOKEN_RE = /[\p{L}\p{N}]+(?:['’_.@-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;

const ALIASES: Record<string, string> = {
  im: "i'm",
  whats: "what's",
  hows: "how's",
  wheres: "where's",
  lets: "let's",
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  u: 'you',
  ur: 'your',
};

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN_RE)) {
    const raw = match[0];
    const start = match.index;
    const lower = raw.toLowerCase().replace(/’/g, "'");
    const punct = !/[\p{L}\p{N}]/u.test(raw);
    const fixed = punct ? null : (ALIASES[lower] ?? correctToken(lower));
    tokens.push({
      raw,
      norm: fixed ?? lower,
      start,
      end: start + raw.length,
      corrected: fixed !== null && !(lower in ALIASES),
      punct,
    });
  }
  return tokens;
}

const POLITE_PREFIXES: string[][] = [
  ['could', 'you'],
  ['can', 'you'],
  ['would', 'you'],
  ['will', 'you'],
  ['could', 'i'],
  ['can', 'i'],
  ['may', 'i'],
  ['please'],
  ['kindly'],
  ['just'],
  ['now'],
  ['so'],
  ['ok'],
  ['okay'],
  ['alright'],
  ['um'],
  ['uh'],
  ['well'],
  ['hey'],
  ['hi'],
  ['hello'],
  ['hiya'],
  ["i'd", 'like', 'you', 'to'],
  ["i'd", 'like', 'to'],
  ['i', 'would', 'like', 'you', 'to'],
  ['i', 'would', 'like', 'to'],
  ['i', 'want', 'you', 'to'],
  ['i', 'want', 'to'],
  ['i', 'wanna'],
  ['i', 'need', 'you', 'to'],
  ['i', 'need', 'to'],
  ["let's"],
  ['let', 'us'],
  ['go', 'ahead', 'and'],
  ['help', 'me'],
  ['be', 'so', 'kind', 'as', 'to'],
  ['do', 'me', 'a', 'favour', 'and'],
  ['do', 'me', 'a', 'favor', 'and'],
  ['is', 'it', 'possible', 'to'],
];

const POLITE_SUFFIXES: string[][] = [
  ['please'],
  ['thanks'],
  ['thank', 'you'],
  ['for', 'me'],
  ['now'],
  ['right', 'now'],
  ['asap'],
  ['if', 'you', 'can'],
  ['if', 'possible'],
  ['if', 'you', "don't", 'mind'],
];

function startsWith(tokens: Token[], at: number, words: string[]): boolean {
  return words.every((word, i) => tokens[at + i]?.norm === word);
}

/** Drops politeness and punctuation at both ends, repeatedly ("Hi, could you please …"). */
function stripPoliteness(tokens: Token[]): Token[] {
  let from = 0;
  let to = tokens.length;
  for (let changed = true; changed && from < to;) {
    changed = false;
    if (tokens[from]?.punct) {
      from++;
      changed = true;
      continue;
    }
    for (const prefix of POLITE_PREFIXES) {
      if (from + prefix.length <= to && startsWith(tokens, from, prefix)) {
        from += prefix.length;
        changed = true;
        break;
      }
    }
  }
  for (let changed = true; changed && to > from;) {
    changed = false;
    if (tokens[to - 1]?.punct) {
      to--;
      changed = true;
      continue;
    }
    for (const suffix of POLITE_SUFFIXES) {
      if (to - suffix.length >= from && startsWith(tokens, to - suffix.length, suffix)) {
        to -= suffix.length;
        changed = true;
        break;
      }
    }
  }
  return tokens.slice(from, to);
}

export function parse(text: string): Message {
  const tokens = tokenize(text);
  let core = stripPoliteness(tokens);
  // A message that is only politeness ("thanks!", "hi") is matched as a whole.
  if (core.length === 0) core = tokens.filter((t) => !t.punct);
  const offsets: number[] = [];
  let s = '';
  for (const token of core) {
    if (s) s += ' ';
    offsets.push(s.length);
    s += token.norm;
  }
  const plain = tokens
    .filter((t) => !t.punct)
    .map((t) => t.norm)
    .join(' ');
  return { text, core, s, offsets, plain };
}

/** Maps an offset in `message.s` to an offset in `message.text`. */
export function textOffset(message: Message, at: number, edge: 'start' | 'end'): number {
  for (let i = message.core.length - 1; i >= 0; i--) {
    const token = message.core[i]!;
    const from = message.offsets[i]!;
    if (at < from) continue;
    if (edge === 'end' && at === from && i > 0) continue;
    const inside = Math.min(at - from, token.norm.length);
    // A corrected token's spelling differs from the text, so only its ends map exactly.
    if (token.corrected || token.norm.length !== token.raw.length) {
      return inside === 0 ? token.start : token.end;
    }
    return token.start + inside;
  }
  return 0;
}

/** The text of a capture group as written, and its span in `message.text`. */
export function captured(
  message: Message,
  match: RegExpExecArray,
  group: number,
): { text: string; span: [number, number] } | null {
  const at = match.indices?.[group];
  if (!at) return null;
  const start = textOffset(message, at[0], 'start');
  const end = textOffset(message, at[1], 'end');
  return { text: message.text.slice(start, end), span: [start, end] };
}

/** Confidence lost to misspelt command words (not counting those inside the slot). */
export function fuzzyPenalty(message: Message, slot?: [number, number]): number {
  const misspelt = message.core.filter(
    (t) => t.corrected && !(slot && t.start >= slot[0] && t.end <= slot[1]),
  ).length;
  return Math.min(0.21, 0.07 * misspelt);
}
