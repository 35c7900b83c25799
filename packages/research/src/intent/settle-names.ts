// Exact corrections of the tagger's name spans, read off cross-validation's misses: a
// greeting or a title taken for the name, a full name in pieces, several names of which one
// is introduced.
import { isEnglishWord } from './model/english-words.ts';
import { inLexicons } from './model/gazetteer.ts';
import { runsOf, TAGS } from './model/tags.ts';
import type { Token } from './model/tokens.ts';
import { wordClasses } from './model/word-classes.ts';

const NAME_B = TAGS.indexOf('B-name');
const NAME_I = TAGS.indexOf('I-name');

/** Titles before a name: "Dr. Osei" is osei, "Professor Adeyemi" adeyemi. */
export const TITLES = new Set([
  'dr',
  'dra',
  'doctor',
  'prof',
  'professor',
  'pr',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'sr',
  'sra',
  'mme',
  'mlle',
]);
/** Words inside a full name: "Peter van Dijk", "María de la Cruz", "Omar bin Said". */
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'la',
  'le',
  'dos',
  'das',
  'bin',
  'ibn',
  'al',
  'el',
  'ben',
  'ter',
  'ten',
]);
/** What stands just before a name in an introduction, in the languages people greet in. */
const INTRODUCING = new Set([
  "i'm",
  'im',
  'am',
  'is',
  'as',
  'sam',
  'sou',
  'soy',
  'suis',
  'llamo',
  'appelle',
  'jestem',
  'bin',
  'sono',
  'naitwa',
  'ni',
  "it's",
  'its',
  "c'est",
  'user',
  'usuario',
  'usuaria',
  'utilisateur',
  'utilisatrice',
]);

/** Small words that are never part of a name, whatever their case. */
const NOT_NAME = new Set([
  'and',
  'or',
  'but',
  'the',
  'a',
  'an',
  'i',
  'from',
  'at',
  'in',
  'on',
  'of',
  'with',
  'here',
  'there',
  'que',
  'aca',
  'aqui',
  'ici',
  'hai',
]);

/**
 * A word that can be part of a name: no word of the app's nor a field or role, and
 * capitalised (an English word too, "Grace Hopper", unless it opens a sentence) or, in a
 * message written all in lower case, foreign.
 */
function nameLike(tokens: readonly Token[], i: number, lowerCaseMessage: boolean): boolean {
  const token = tokens[i];
  if (!token || token.punct || token.lower.length < 2) return false;
  if (TITLES.has(token.lower) || NOT_NAME.has(token.lower) || INTRODUCING.has(token.lower)) {
    return false;
  }
  if (wordClasses(token.lower).length > 0 || inLexicons(token.lower)) return false;
  if (!/^\p{L}[\p{L}'-]*$/u.test(token.raw)) return false;
  if (lowerCaseMessage) return !isEnglishWord(token.lower);
  if (!/^\p{Lu}/u.test(token.raw)) return false;
  const before = tokens[i - 1];
  const opensSentence = !before || /^[.!?]$/.test(before.raw);
  return !opensSentence || !isEnglishWord(token.lower);
}

/**
 * The name spans settled: a title and its name, or a name's pieces around a particle, are one
 * span; a name takes in up to two next words and one preceding word that can be part of a
 * name (see nameLike: "Luca Rossi", "Tom Becker's", "luca rossi"); and of several names, the one introduced ("Hajimemashite, I'm Sakura",
 * "Olá, sou a Ana Ribeiro", "Sat Sri Akal! Harpreet Kaur here") is the user's, the others
 * greetings.
 */
export function settleNames(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const lowerCase = !tokens.some((t) => /\p{Lu}/u.test(t.raw));
  const join = (from: number, to: number) => {
    for (let i = from; i <= to; i++) out[i] = i === from ? NAME_B : NAME_I;
  };
  let runs = runsOf(out, 'name');
  for (let r = runs.length - 1; r > 0; r--) {
    const [a, b] = [runs[r - 1]!, runs[r]!];
    const gap = tokens.slice(a.last + 1, b.first);
    const title = a.first === a.last && TITLES.has(tokens[a.first]!.lower);
    if (
      (title && gap.every((t) => t.raw === '.')) ||
      (gap.length > 0 && gap.length <= 2 && gap.every((t) => PARTICLES.has(t.lower)))
    ) {
      join(a.first, b.last);
    }
  }
  runs = runsOf(out, 'name');
  for (const run of runs) {
    let { first, last } = run;
    // Words that introduce a name or stand before it are not part of it ("Naitwa Baraka").
    while (
      first < last &&
      (INTRODUCING.has(tokens[first]!.lower) || NOT_NAME.has(tokens[first]!.lower))
    ) {
      out[first++] = 0;
    }
    for (let n = 0; n < 2 && out[last + 1] === 0 && nameLike(tokens, last + 1, lowerCase); n++) {
      last++;
    }
    if (!lowerCase && out[first - 1] === 0 && nameLike(tokens, first - 1, false)) first--;
    join(first, last);
  }
  runs = runsOf(out, 'name');
  if (runs.length > 1) {
    const chosen = runs.find((run) => {
      let at = run.first - 1;
      while (at >= 0 && ['a', 'la', 'el', 'o'].includes(tokens[at]!.lower)) at--;
      const introduced = at >= 0 && INTRODUCING.has(tokens[at]!.lower);
      return introduced || tokens[run.last + 1]?.lower === 'here';
    });
    if (chosen && chosen !== runs[0]) {
      for (const run of runs) if (run !== chosen) out.fill(0, run.first, run.last + 1);
    }
  }
  return out;
}
