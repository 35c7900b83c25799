// A field the writer moved to from another, in the languages that say the move around the two
// ("Sono passato dalla fisica teorica alla biofisica", "Bin von der Hydrologie in die
// Klimafolgenforschung gewechselt", "Je suis passée de la chimie analytique à la science des
// données"): the one moved to is the field, and the one moved from none. The tagger reads
// the first as the field, or both as one.
import { markSpan, slotOf } from './model/tags.ts';
import { foldedSet, type Token } from './model/tokens.ts';

/** Verbs of moving from one field to another, as the tokens fold them. */
const MOVES = foldedSet(
  'passato passata passati passé passée passe pasé pase paso passo passei passou mudei mudou ' +
    'cambié cambie cambio gewechselt wechsle switched moved shifted pivoted transitioned ' +
    'انتقلت تحولت',
);
const FROM = foldedSet('from von vom de du des del dalla dal dallo dai dagli dalle da do desde من');
const TO = foldedSet('to into zu zur zum in à a al alla allo ai agli alle au aux para pra pro إلى');
const ARTICLES = foldedSet("the der die das den dem la le l' el los las lo o os");
/** Words after the field moved to that end it: a time, or the verb. */
const ENDS = foldedSet('last this next recently lately since seit depuis desde');

/** The tags with the field moved to in place of the one moved from. */
export function fieldMovedTo(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const words = tokens.map((t) => t.lower);
  if (!words.some((w) => MOVES.has(w))) return out;
  const plain = (k: number) => k < tokens.length && !tokens[k]!.punct;
  for (let i = 0; i < tokens.length; i++) {
    if (!FROM.has(words[i]!)) continue;
    let from = i + 1;
    while (ARTICLES.has(words[from] ?? '')) from++;
    if (slotOf(out[from] ?? 0) !== 'domain') continue;
    let to = from + 1;
    while (plain(to) && !TO.has(words[to]!) && to - from <= 5) to++;
    if (!plain(to) || !TO.has(words[to]!)) return out;
    let first = to + 1;
    while (ARTICLES.has(words[first] ?? '')) first++;
    let end = first;
    while (plain(end) && !MOVES.has(words[end]!) && !ENDS.has(words[end]!) && end - first < 5) {
      end++;
    }
    if (end === first) return out;
    // (with what the tagger ran on past it: "Klimafolgenforschung | gewechselt")
    let past = end;
    while (past < tokens.length && slotOf(out[past]!) === 'domain') past++;
    out.fill(0, i, past);
    markSpan(out, 'domain', first, end - 1);
    return out;
  }
  return out;
}
