// A message to a paused run that puts its answer off to say something else first ("before I
// give feedback — I'm a senior registrar now", "side note: …", "antes de seguir: ahora soy
// profesor titular"): what it then says of the writer is for the profile, not the run.
import { levelMarks } from './model/lexicon.ts';
import { fold, foldedSet, type Token } from './model/tokens.ts';

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

/**
 * True when a level word is said of a part of the paper ("Nel paragrafo 2 le affermazioni
 * sono troppo audaci", "the hypotheses are safe to the point of boring", "this section is
 * too cautious"): while a run waits, a judgement of its work, not a setting.
 */
export function judgesTheWork(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  const marks = levelMarks(words);
  return words.some((w, i) => {
    if (!WORK_PARTS.has(w)) return false;
    for (let k = i + 1; k < Math.min(words.length, i + 6) && !tokens[k]!.punct; k++) {
      if (marks[k]) return true;
    }
    return false;
  });
}
/** Parts of a paper, as the tokens fold them. */
const WORK_PARTS = foldedSet(
  'section paragraph abstract intro introduction conclusion conclusions discussion claims ' +
    'hypothesis hypotheses draft methods results sezione paragrafo affermazioni conclusioni ' +
    'ipotesi párrafo sección afirmaciones hipótesis conclusiones paragraphe affirmations ' +
    'hypothèses abschnitt absatz hypothesen aussagen fazit parágrafo seção afirmações ' +
    'hipóteses conclusões الفقرة القسم الفرضيات',
);
