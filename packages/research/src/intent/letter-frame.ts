// A message written as a letter: its greeting ("Dear Assistant,", "Dear Sir or Madam,", "I
// hope this message finds you well.") and its close ("Kind regards, Eleanor Ashworth", "With
// thanks, E.A.") frame what it asks. The action is read from what they frame: a close's name
// made a status question read as an introduction, and the courtesies made a request small
// talk. The frame's words name no role or field ("Dear Assistant" is nobody's role), and the
// greeting no writer.
import { slotOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

/** Where the letter's body starts and ends in the text; the whole text when it is no letter. */
export interface LetterFrame {
  /** End of the greeting (0 when there is none). */
  bodyStart: number;
  /** Start of the close (the text's length when there is none). */
  bodyEnd: number;
}

/** "Dear …," and its like in the languages the router reads, up to four words addressed. */
const GREETING = new RegExp(
  String.raw`^\s*(?:dear|my\s+dear|to\s+whom\s+it\s+may\s+concern|cher|ch[èe]re|` +
    String.raw`estimad[oa]s?|querid[oa]s?|sehr\s+geehrte[rn]?|liebe[rs]?|gentile|egregio|` +
    String.raw`prezad[oa]s?|عزيزي|عزيزتي)\b[^,:;\n.!?]{0,40}?[,:;\n!]\s*`,
  'iu',
);

/** Courtesies that open a letter and ask nothing. */
const OPENING_COURTESY =
  /^\s*(?:i\s+(?:do\s+)?hope\s+(?:this|my)\s+(?:message|e-?mail|note|letter)\s+finds\s+you\s+well|i\s+(?:do\s+)?hope\s+you\s+are\s+(?:well|keeping\s+well)|j['’]esp[èe]re\s+que\s+vous\s+allez\s+bien|espero\s+que\s+(?:est[ée]s?|se\s+encuentre)\s+bien)\s*[.!,]\s*/iu;

/**
 * A close at the end of the text: its phrase opening a line or a sentence, then, after a comma
 * or a line break, up to three words of a name ("Kind regards, Eleanor Ashworth", "With
 * thanks,\nE.A."). A close with no comma before its words ("thanks for everything") is a
 * sentence, not a close.
 */
const CLOSE = new RegExp(
  String.raw`(?:^|[.!?\n]\s*)(?:(?:with\s+)?(?:(?:kind|kindest|best|warm|warmest|many|sincere)\s+)?` +
    String.raw`(?:regards|wishes|thanks)|best|cheers|thank\s+you|yours\s+(?:sincerely|faithfully|truly)|` +
    String.raw`sincerely|merci(?:\s+beaucoup)?|gracias|danke|grazie|obrigad[oa]|` +
    String.raw`with\s+(?:gratitude|appreciation)|respectfully|cordialement|bien\s+[àa]\s+vous|` +
    String.raw`(?:bien\s+)?amicalement|salutations\s+distingu[ée]es|(?:un\s+)?saludos?(?:\s+cordiales)?|` +
    String.raw`atentamente|(?:mit\s+)?(?:freundlichen|herzlichen|besten|liebe|viele)\s+gr[üu](?:ß|ss)en?|` +
    String.raw`(?:cordiali|distinti)\s+saluti|atenciosamente|(?:um\s+)?abra[çc]o|` +
    String.raw`مع\s+(?:خالص\s+)?(?:التحية|التحيات|الشكر)(?:\s+والتقدير)?)` +
    String.raw`(?:\s*[,\n]\s*[\p{L}][\p{L}\p{M}.'’-]*(?:\s+[\p{L}][\p{L}\p{M}.'’-]*){0,2})?[\s.!]*$`,
  'iu',
);

/** The letter's frame, or the whole text as the body when the message is no letter. */
export function letterFrame(text: string): LetterFrame {
  let bodyStart = 0;
  const greeting = GREETING.exec(text);
  if (greeting) bodyStart = greeting[0].length;
  const courtesy = OPENING_COURTESY.exec(text.slice(bodyStart));
  if (courtesy) bodyStart += courtesy[0].length;
  let bodyEnd = text.length;
  const close = CLOSE.exec(text.slice(bodyStart));
  if (close) bodyEnd = bodyStart + close.index + (close[0].match(/^[.!?\n]/u) ? 1 : 0);
  // a message that is all frame ("Many thanks, Eleanor") is read whole
  const body = text.slice(bodyStart, bodyEnd);
  if (!/\p{L}+[^\p{L}]+\p{L}+/u.test(body)) return { bodyStart: 0, bodyEnd: text.length };
  return { bodyStart, bodyEnd };
}

/** The tags without the frame's, but for the name a close signs. */
export function withoutFrame(
  tokens: readonly Token[],
  tags: readonly number[],
  frame: LetterFrame,
): number[] {
  return tags.map((tag, i) => {
    const { start } = tokens[i]!;
    const slot = slotOf(tag);
    const profile = slot === 'archetype' || slot === 'domain';
    const inGreeting = start < frame.bodyStart && (profile || slot === 'name');
    const inClose = start >= frame.bodyEnd && profile;
    return inGreeting || inClose ? 0 : tag;
  });
}
