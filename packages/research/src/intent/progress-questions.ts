// A question whether the running run is done or how far it has got, in words the classifier
// has met too seldom: "Come procede?", "واش سالا ولا مازال؟" (is it done or not yet?), "Ci
// vuole ancora molto?". Read by the action corrections (action-overrides.ts) for a run that
// is running, where such a question can only be about it.
import { asksQuestion } from './explicit-messages.ts';
import { foldedSet, type Token } from './model/tokens.ts';

/** Words of a run's progress and end, as the tokens fold them. */
const PROGRESS = foldedSet(
  'progress progressing eta done finished procede procedendo avanza avanzando avance ' +
    'avancement fini finie termine termino terminado terminada terminou acabou acabo listo lista ' +
    'pronto pronta fertig soweit سالا سلا خلص خلصت مازال لسه جاهز',
);
/**
 * "Still a long way?": "ancora molto", "encore longtemps", "falta mucho", "noch lange", and in
 * Hindi in Latin letters "kitna hua?" (how far has it got?), "kab tak?" (till when?); "is it
 * going well?": "¿va bien?", "vai bem?", "va bene?".
 */
const LONG =
  / (?:ancora molto|encore longtemps|falta mucho|falta muito|noch lange|how much longer|kitna hua|kitna bacha|kab tak|ho gaya|va bien|vai bem|va bene) /u;

/** True when the message asks after the run's progress, in a few words or of the run. */
export function asksProgress(tokens: readonly Token[]): boolean {
  const words = tokens.filter((t) => !t.punct).map((t) => t.lower);
  if (!asksQuestion(tokens) || words.length > 25) return false;
  // a longer question names the run whose progress it asks ("might you tell me how the
  // research is progressing?"), and not as the one "in progress"
  if (words.length > 10) {
    const asked = words.some((w, i) => PROGRESS.has(w) && words[i - 1] !== 'in');
    return asked && words.some((w) => THE_RUN.has(w));
  }
  return words.some((w) => PROGRESS.has(w)) || LONG.test(` ${words.join(' ')} `);
}
const THE_RUN = foldedSet(
  'research study run paper project recherche etude investigacion estudio pesquisa estudo ' +
    'ricerca studio forschung studie بحث البحث',
);
