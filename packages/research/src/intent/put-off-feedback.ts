// A message to a paused run that puts its answer off to say something else first ("before I
// give feedback — I'm a senior registrar now", "side note: …", "antes de seguir: ahora soy
// profesor titular"): what it then says of the writer is for the profile, not the run.
import { fold, type Token } from './model/tokens.ts';

/** Openings that put the answer to the run off, as folded words. */
const PUTTING_OFF = [
  'before i',
  'before answering',
  'side note',
  'sidenote',
  'unrelated',
  'off topic',
  'not feedback',
  'just to update',
  'avant de',
  'avant que',
  'hors sujet',
  'antes de',
  'antes que',
  'aparte',
  'prima di',
  'a parte',
  'bevor',
  'nebenbei',
  'قبل ما',
  'قبل ان',
].map((phrase) => fold(phrase).split(' '));

/** Words a message may open on before it puts the answer off ("ok, before I …"). */
const OPENING = new Set(['ok', 'okay', 'oh', 'also', 'and', 'but', 'hey', 'wait', ',']);

/** True when the message opens by putting its answer to the paused run off. */
export function putsOffFeedback(tokens: readonly Token[]): boolean {
  let at = 0;
  while (at < tokens.length && OPENING.has(tokens[at]!.lower)) at++;
  return PUTTING_OFF.some((words) => words.every((w, k) => tokens[at + k]?.lower === w));
}
