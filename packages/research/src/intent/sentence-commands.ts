// A command said in one sentence of a message whose other sentences chat: "Ci vuole ancora
// molto? Ho un'udienza alle tre.", "is it still going? my PI is a chemist so she'll want to
// read this today", "Oiga, ¿qué cuentas hay creadas aquí? Mi vecino también quiere usarlo."
// Read whole, the chat outweighs the command; read alone, the command's sentence is sure of
// itself. Only commands that carry no slots are taken this way, and only when the whole
// message read as small talk.
import type { ActionScore, IntentModel } from './model/intent-model.ts';
import type { IntentAction, IntentSession } from './schema.ts';

/** Actions a sentence alone may say for the message. */
const COMMANDS: ReadonlySet<IntentAction> = new Set([
  'status',
  'list_memories',
  'list_skills',
  'list_users',
  'train_planner',
  'help',
]);
/** How sure the sentence alone must be: a question less than a statement ("Kid's doing better"). */
const SURE = 0.8;
const SURE_UNASKED = 0.85;

/** A sentence's end: a full stop, a question or exclamation mark, an ellipsis, then a space. */
const SENTENCE_BREAK = /(?<=[.!?؟…])\s+/u;

/** The command one sentence of the message says, when one does. */
export function commandInOneSentence(
  text: string,
  session: IntentSession,
  model: IntentModel,
): ActionScore | undefined {
  const sentences = text.split(SENTENCE_BREAK).filter((s) => /\p{L}/u.test(s));
  if (sentences.length < 2) return undefined;
  for (const sentence of sentences) {
    const best = model.classify(sentence, model.read(sentence), session)[0];
    const sure = /[?؟]/u.test(sentence) ? SURE : SURE_UNASKED;
    if (best && COMMANDS.has(best.action) && best.p >= sure) return best;
  }
  return undefined;
}
