// A chat message as the learned router reads it: tokens with offsets back into the text, so
// that a tagged span is returned exactly as written.
import { closestWord, COMMAND_WORDS } from '../fuzzy.ts';

export interface Token {
  /** As written. */
  raw: string;
  /** Lower-cased, accents and Arabic vowel marks removed, curly apostrophes straightened. */
  lower: string;
  /**
   * `lower`, or the command word it misspells ("strat" → "start") when the model does not
   * know `lower` (see {@link correctTypos}).
   */
  norm: string;
  start: number;
  end: number;
  punct: boolean;
}

// Words (letters, digits and combining marks, joined by ' _ . @ -) or single other characters.
const TOKEN_RE = /[\p{L}\p{N}\p{M}]+(?:['’_.@-][\p{L}\p{N}\p{M}]+)*|[^\s\p{L}\p{N}\p{M}]/gu;
// "mei's" and "name's" are two tokens, so a name before a possessive can be tagged alone;
// French and Italian elisions ("l'informatique", "j'étudie", "jusqu'à", "sull'impatto",
// "un'ostetrica", "dell'arte") likewise.
const POSSESSIVE_RE = /^(.+?)(['’]s)$/iu;
const ELISION_RE =
  /^([cdjlmnst]|qu|jusqu|lorsqu|puisqu|un|dell|nell|sull|all|dall|coll|quest|quell)(['’])(?=\p{L})/iu;

/** Lower case without accents: "Élodie" → "elodie"; Arabic harakat dropped too. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/’/g, "'").toLowerCase();
}

/** The words of a space-separated list, folded as tokens are, so that "أصبح" matches. */
export function foldedSet(words: string): Set<string> {
  return new Set(words.split(' ').map(fold));
}

function push(tokens: Token[], raw: string, start: number): void {
  const punct = !/[\p{L}\p{N}]/u.test(raw);
  const lower = fold(raw);
  tokens.push({
    raw,
    lower,
    norm: lower,
    start,
    end: start + raw.length,
    punct,
  });
}

/** Splits a message into tokens. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN_RE)) {
    let raw = match[0];
    let start = match.index;
    const elision = ELISION_RE.exec(raw);
    // not a possessive ("Dell's laptop")
    if (elision && raw.slice(elision[0].length).toLowerCase() !== 's') {
      const head = elision[0];
      push(tokens, head, start);
      raw = raw.slice(head.length);
      start += head.length;
    }
    const possessive = POSSESSIVE_RE.exec(raw);
    if (possessive) {
      push(tokens, possessive[1]!, start);
      push(tokens, possessive[2]!, start + possessive[1]!.length);
    } else {
      push(tokens, raw, start);
    }
  }
  return tokens;
}

/** How many edits a word of this length may be from the command word it is read as. */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length <= 7 ? 1 : 2;
}

/**
 * Reads words the model has never seen as the command word they are one edit from ("lsit",
 * "stauts", "reserch"); words it knows are left alone, so "release" is never "please".
 */
export function correctTypos(tokens: Token[], known: (word: string) => boolean): Token[] {
  return tokens.map((token) => {
    const limit = allowedEdits(token.lower.length);
    if (token.punct || limit === 0 || known(token.lower) || !/^[a-z]+$/.test(token.lower)) {
      return token;
    }
    const best = closestWord(token.lower, COMMAND_WORDS, limit);
    return best ? { ...token, norm: best } : token;
  });
}
