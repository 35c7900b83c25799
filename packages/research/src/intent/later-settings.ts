// A level said for the runs to come: "Nice paper. Going forward please be stricter", "thanks!
// for next time, I'm after bolder stuff", "avant de répondre : en général je veux des critiques
// sans pitié". Said after a run or to a paused one, it sets the profile; the thanks or the
// praise before it, which would make it small talk, and the pause, which would make it
// feedback, do not. Read by the action corrections (action-overrides.ts).
import { levelMarks } from './model/lexicon.ts';
import { readLevels } from './model/level-reading.ts';
import type { Token } from './model/tokens.ts';
import { pointsAtRun } from './run-items.ts';

/**
 * Phrases that put what follows past this run, as the tokens fold them and joined by spaces
 * ("à l'avenir" → "a l' avenir").
 */
const LATER = [
  'going forward',
  'next time',
  'from now on',
  'in future',
  'in the future',
  'future',
  'in general',
  'generally',
  'across the board',
  'from here on',
  'la prochaine fois',
  "a l' avenir",
  'desormais',
  'dorenavant',
  'en general',
  'la proxima vez',
  'de ahora en adelante',
  'a partir de ahora',
  'en el futuro',
  'da proxima vez',
  'daqui pra frente',
  'daqui para a frente',
  'de agora em diante',
  'em geral',
  'no futuro',
  'kunftig',
  'zukunftig',
  'in zukunft',
  'nachstes mal',
  'grundsatzlich',
  'generell',
  'ab jetzt',
  'la prossima volta',
  "d' ora in poi",
  'da ora in poi',
  'in futuro',
  'in generale',
  'المرة الجاية',
  'المرة القادمة',
  'مستقبلا',
  'بشكل عام',
];
const LATER_PATTERN = new RegExp(`(?:^| )(?:${LATER.join('|')})(?= |$)`, 'u');

/** Where sentences end: a full stop, a question or exclamation mark, a colon or a semicolon. */
const SENTENCE_END = new Set(['.', '!', '?', ':', ';', '؟', '…']);

/** True when a sentence that puts itself past this run states a level. */
export function setsLevelForLater(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  const marks = levelMarks(words);
  let start = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i < tokens.length && !SENTENCE_END.has(tokens[i]!.raw)) continue;
    const sentence = words.slice(start, i);
    const levels = readLevels(
      sentence,
      sentence.map(() => false),
      marks.slice(start, i),
    );
    const later = LATER_PATTERN.test(sentence.join(' ')) && !pointsAtRun(sentence);
    if (later && Object.keys(levels).length > 0) return true;
    start = i + 1;
  }
  return false;
}
