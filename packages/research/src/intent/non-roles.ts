// Tagged role spans that are no role, or not all of one: a school, a degree being done,
// people the writer teaches, someone else's, a role the app is asked to be like or the
// writer imagines, an adjective cut from a noun
// that is no role; and the words a role does not end on (a joining word, a verb, an Arabic
// word with "and" or "at" written on it). Read by the role corrections (settle-roles.ts).
import { ARABIC_WORKPLACES, ARTICLES, INDEFINITE_ARTICLES, saysNow } from './field-words.ts';
import { isEnglishWord } from './model/english-words.ts';
import { inLexicons, isField, isRoleWord } from './model/gazetteer.ts';
import { markSpan, runsOf, slotOf } from './model/tags.ts';
import { fold, type Token } from './model/tokens.ts';
import { imaginedSelf } from './imagined-roles.ts';
import { ARABIC_QUALIFIERS, isDegreeDone } from './role-cues.ts';
import { formerly } from './past-jobs.ts';

/** Words of being new to something, in the languages the router reads, as tokens fold them. */
const NOVICES = new Set(
  (
    'beginner newbie novice rookie newcomer debutant debutante principiante novato novata ' +
    'anfanger anfangerin neuling iniciante novizio novizia مبتدئ مبتدئة'
  ).split(' '),
);
/** "In general", which says how the writer puts it, not who they are. */
const GENERALLY = new Set(
  'generally basically grundsatzlich generell generalmente generalement'.split(' '),
);
/**
 * Words of how the writer feels, how big they are or how they put it, no role alone ("ich
 * bin neugierig", "sou pequeno", "o que me interessa mesmo"), as tokens fold them.
 */
const NO_ROLE = new Set(
  (
    'curious neugierig curioso curiosa curieux curieuse small pequeno pequena petit ' +
    'petite klein piccolo piccola mesmo vraiment realmente wirklich davvero ' +
    'pensando melhor mejor meilleur besser meglio'
  ).split(' '),
);
/** Schools, which stand where a teacher works ("Lehrerin an | nem Gymnasium"). */
const SCHOOLS = new Set(
  'school gymnasium realschule gesamtschule grundschule schule college lycee liceo colegio escola scuola'.split(
    ' ',
  ),
);
const isArticle = (word: string) =>
  ARTICLES.has(word) || INDEFINITE_ARTICLES.has(word) || DEFINITE_ARTICLES.has(word);
/** "The" in the other languages the router reads. */
const DEFINITE_ARTICLES = new Set(['der', 'die', 'das', 'dem', 'den', 'le', 'la', 'el', 'il', 'o']);
/** "Not" inside a role span, in the languages the router reads. */
const ROLE_DENIALS = new Set(['not', 'pas', 'nicht', 'kein', 'non', 'nao', 'مش', 'مو', 'ليس']);
/** "Also" opening a role, which is no part of it ("sono anche | dottoranda"). */
const ALSO = new Set('also aussi tambien tambem anche auch'.split(' '));
/** What may stand with it: "still", "just", "total", "noch", "encore". */
const HEDGED = new Set(
  'still just only total complete noch encore todavia ainda ancora'.split(' '),
);
/** Words a role does not end on: what joins it to its field or place. */
const JOIN_WORDS = new Set([
  'de',
  'en',
  'del',
  'du',
  'des',
  'in',
  'of',
  'at',
  'a',
  'do',
  'da',
  'di',
  'im',
  'al',
  'au',
]);
/** "specialised", which opens the field after a role rather than qualifying it. */
const SPECIALISED = new Set(
  'especializado especializada specialise specialisee specialized specialised متخصص متخصصة'.split(
    ' ',
  ),
);
const AND_ROLE = new Set(['and', 'et', 'y', 'e', 'و']);

/** A greeting before the app's name is no role ("Dear assistant, I'm a postdoc …"). */
const ADDRESSING = new Set([
  'dear',
  'hi',
  'hello',
  'hey',
  'hiya',
  'cher',
  'chere',
  'querido',
  'querida',
  'caro',
  'cara',
  'liebe',
  'lieber',
]);

/** A part of an organisation is no role ("Macroeconomics, central bank, research department"). */
const UNITS = new Set(['department', 'dept', 'division', 'unit', 'ministry', 'agency']);
/** Who heads a unit, a role ("Head of department"). */
const HEADS = new Set(['head', 'chair', 'director', 'chief', 'deputy']);

/** "Formerly", alone or before a role, is no role ("Lehrer im Ruhestand, | früher | Mathe"). */
const FORMERLY = new Set(
  'formerly previously fruher ehemals autrefois anciennement antes anteriormente prima'.split(' '),
);

/** "Your", to the app: a role said with it is the app's ("utiliser votre assistant"). */
const YOUR = new Set(
  'your votre vos tu tus vuestro vuestra seu sua vostro vostra dein deine ihr ihre'.split(' '),
);

/** A diet is no role ("Ich bin strenger Veganer", "je suis végétarienne stricte"). */
const DIETS = new Set(
  (
    'vegan vegans vegetarian vegetarians pescatarian vegane vegetarien vegetarienne veganer ' +
    'veganerin vegetarier vegetarierin vegano vegana vegetariano vegetariana vegetarianos'
  ).split(' '),
);

/**
 * True when a message says the writer's diet and no role or field ("Ich bin strenger Veganer,
 * falls das jemand wissen will"): small talk, whose "strict" is no setting either.
 */
export function tellsOnlyDiet(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  return dietAlone(words, (w) => isRoleWord(w) || isField(w));
}

/** True when the words name a diet and nothing `other` holds for, but the diet's words. */
function dietAlone(words: readonly string[], other: (word: string) => boolean): boolean {
  return words.some((w) => DIETS.has(w)) && !words.some((w) => !DIETS.has(w) && other(w));
}

/** Pieces of work a role word can qualify: "an undergrad thesis", "a class assignment". */
const WORKS = new Set(
  'thesis theses dissertation project projects paper papers essay assignment assignments course coursework module seminar'.split(
    ' ',
  ),
);

/**
 * Roles that are none: a diet, a school ("at a high school"), a word in -ing ("I'm still learning"),
 * people the user works with ("I teach organic chem to undergrads"), a degree being done; a
 * role does not end on "de" or "en" (what completes it in French or Spanish, "estudiante |
 * de doctorado", it takes in with its other qualifiers, below), and takes in a role joined
 * to it by a slash. `ofOthers` marks the clauses that tell of someone else (clausesOfOthers).
 */
export function dropNonRoles(
  tokens: readonly Token[],
  out: number[],
  ofOthers: readonly boolean[],
): void {
  const imagined = imaginedSelf(tokens);
  for (const run of runsOf(out, 'archetype')) {
    const words = tokens.slice(run.first, run.last + 1).map((t) => t.lower);
    const before = tokens[run.first - 1]?.lower ?? '';
    const school =
      (words.length === 2 && words[1] === 'school') ||
      (words.length <= 2 &&
        SCHOOLS.has(words.at(-1)!) &&
        (words.length === 1 || isArticle(words[0]!)));
    const others =
      ['to', 'for', 'with'].includes(before) && words.at(-1)!.endsWith('s') && words.length === 1;
    // a degree being done is no role ("I'm doing a PhD in …"; "doing a postdoc" is one)
    const degree = words.length === 1 && isDegreeDone(tokens, run.first);
    // an adjective cut from the noun after it, which is no role either ("a | huge | fan of
    // your work")
    const next = tokens[run.last + 1];
    const plainWord = (t: Token | undefined) =>
      t !== undefined && /^\p{Ll}+$/u.test(t.raw) && isEnglishWord(t.lower) && !inLexicons(t.lower);
    const cut =
      words.length === 1 &&
      plainWord(tokens[run.first]) &&
      !isRoleWord(words[0]!) &&
      out[run.last + 1] === 0 &&
      plainWord(next) &&
      !isRoleWord(next!.lower) &&
      !next!.lower.endsWith('ing') &&
      !JOIN_WORDS.has(next!.lower) &&
      !AND_ROLE.has(next!.lower) &&
      !['or', 'but', 'here', 'now', 'too'].includes(next!.lower);
    // a role word that qualifies the work after it ("it's an undergrad | thesis", "a
    // class | assignment", "mi tesi | di laurea")
    const ofWork =
      (WORKS.has(next?.lower ?? '') && out[run.last + 1] === 0) || WORKS.has(words.at(-1)!);
    if (
      cut ||
      ofWork ||
      school ||
      (words.length === 1 && words[0]!.endsWith('ing')) ||
      others ||
      degree ||
      // "if I were a physicist", "quero ser cientista de dados": not (yet) the writer's
      imagined[run.first] ||
      // "my wife is a surgeon and she said I should try this"
      ofOthers[run.first] ||
      likened(tokens, run.first) ||
      // a role left ("former firefighter", "früher Bankkaufmann", "ex-compta")
      FORMERLY.has(words[0]!) ||
      formerly(words[0]!) ||
      formerly(before) ||
      ADDRESSING.has(words[0]!) ||
      (UNITS.has(words.at(-1)!) && !HEADS.has(words[0]!)) ||
      // the app addressed ("votre assistant", "your assistant")
      YOUR.has(words[0]!) ||
      YOUR.has(before) ||
      dietAlone(words, isRoleWord) ||
      // how new the writer is, which is no occupation ("I'm a beginner", "noch Anfängerin")
      words.every((w) => NOVICES.has(w) || HEDGED.has(w)) ||
      // an adverb read as one ("grundsätzlich mag ich …")
      words.every((w) => GENERALLY.has(w)) ||
      words.every((w) => NO_ROLE.has(w))
    ) {
      out.fill(0, run.first, run.last + 1);
      continue;
    }
    let last = run.last;
    // of a role the writer "turned" into, the one now ("PhD dropout turned | machine learning
    // engineer")
    const turned = words.lastIndexOf('turned');
    if (turned > 0 && run.first + turned < last) {
      out.fill(0, run.first, run.first + turned + 1);
      markSpan(out, 'archetype', run.first + turned + 1, last);
      continue;
    }
    // (or tagged apart: "PhD | dropout turned | machine learning engineer")
    if (before === 'turned') {
      for (const earlier of runsOf(out, 'archetype').filter((r) => r.last < run.first)) {
        out.fill(0, earlier.first, earlier.last + 1);
      }
    }
    // nor opens on "also" ("sono anche | dottoranda")
    if (ALSO.has(words[0]!) && run.first < last) {
      out[run.first] = 0;
      markSpan(out, 'archetype', run.first + 1, last);
    }
    // a role ends on no joining word nor on a verb ("an undergrad | majoring in …",
    // "ingeniera civil | especializada en …"), and before a second role joined by "and"
    // ("psicóloga clínica | e investigadora")
    const trailing = (t: Token) =>
      JOIN_WORDS.has(t.lower) ||
      AND_ROLE.has(t.lower) ||
      saysNow([t.lower]) ||
      SPECIALISED.has(t.lower) ||
      (t.lower.endsWith('ing') && !isRoleWord(t.lower));
    const and = tokens
      .slice(run.first + 1, run.last)
      .findIndex((t, k) => AND_ROLE.has(t.lower) && isRoleWord(tokens[run.first + 2 + k]!.lower));
    if (and >= 0) {
      out.fill(0, run.first + 1 + and, run.last + 1);
      last = run.first + and;
    }
    // an Arabic role ends before a word with "and", "in" or "at" written on it ("صيدلانية |
    // وبشتغل", "ممرضة | بقسم الطوارئ", "طبيبة | فسبيطار")
    const joined = tokens.slice(run.first + 1, last + 1).findIndex((t) => arabicJoined(t.lower));
    if (joined >= 0) {
      out.fill(0, run.first + 1 + joined, last + 1);
      last = run.first + joined;
    }
    // nor runs on past a "not" ("صحفي | مش أكاديمي", "a journalist | not an academic")
    const not = tokens.slice(run.first + 1, last + 1).findIndex((t) => ROLE_DENIALS.has(t.lower));
    if (not >= 0) {
      out.fill(0, run.first + 1 + not, last + 1);
      last = run.first + not;
    }
    while (last > run.first && trailing(tokens[last]!)) out[last--] = 0;
    // nor on an Arabic verb of working or becoming, at either end ("صيدلي | بشتغل", "وبقيت |
    // معيد")
    while (last > run.first && arabicVerb(tokens[last]!.lower)) out[last--] = 0;
    if (run.first < last && arabicVerb(tokens[run.first]!.lower)) {
      out[run.first] = 0;
      markSpan(out, 'archetype', run.first + 1, last);
    }
    // a role joined to another by a slash ("MD/PhD student")
    const [slash, other] = [tokens[run.first - 1], tokens[run.first - 2]];
    const slashed =
      slash?.raw === '/' &&
      other !== undefined &&
      !other.punct &&
      out[run.first - 1] === 0 &&
      (out[run.first - 2] === 0 || slotOf(out[run.first - 2]!) === 'archetype') &&
      other.end === slash.start &&
      slash.end === tokens[run.first]!.start;
    if (slashed) markSpan(out, 'archetype', run.first - 2, run.first);
  }
}

/** Arabic verbs of working and becoming ("I work", "I became"), "and" or "so" on them or not. */
const ARABIC_VERBS = new Set(
  ['بشتغل', 'اشتغل', 'أشتغل', 'بعمل', 'أعمل', 'بقيت', 'صرت', 'أصبحت', 'كنت', 'شغال', 'شغالة'].map(
    fold,
  ),
);
const arabicVerb = (word: string) =>
  ARABIC_VERBS.has(word) || (/^[وف]/u.test(word) && ARABIC_VERBS.has(word.slice(1)));

/**
 * True when a folded Arabic word has "and" written on it ("ومتخصص"), or "in" or "at" before a
 * definite noun or a workplace ("بالمستشفى", "فسبيطار"); not a qualifier that happens to
 * start with those letters ("بيانات", data).
 */
function arabicJoined(word: string): boolean {
  if (ARABIC_QUALIFIERS.has(word) || word.length < 4) return false;
  const [clitic, rest] = [word[0]!, word.slice(1)];
  if (clitic === 'و') return true;
  return 'بفل'.includes(clitic) && (rest.startsWith('ال') || ARABIC_WORKPLACES.has(rest));
}

/**
 * Whether the role at `first` is what the writer wants the app to be like, not what they
 * are: "review like a | kind mentor", "be as strict as a | top-venue reviewer", "como un |
 * reviewer duro".
 */
export function likened(tokens: readonly Token[], first: number): boolean {
  let at = first - 1;
  while (at >= 0 && !tokens[at]!.punct && first - at <= 4) {
    const word = tokens[at]!.lower;
    const wish = ['i', "i'd", "'d", 'would', 'we'].includes(tokens[at - 1]?.lower ?? '');
    if (word === 'like' && !wish) return true;
    // "como un reviewer duro": "like" with an article; "as" has none ("trabajo como
    // enfermera", "mets-moi comme médecin")
    if (LIKE.has(word) && INDEFINITE_ARTICLES.has(tokens[at + 1]?.lower ?? '')) return true;
    if (word === 'as' && tokens[at - 2]?.lower === 'as') return true;
    at--;
  }
  return false;
}

/** "Like" in Spanish, Portuguese, French, Italian and German. */
const LIKE = new Set(['como', 'comme', 'come', 'wie']);
