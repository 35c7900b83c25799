// A field the tagger left out, read from where fields stand (labels are read in
// field-labels.ts): a word of the field lexicon in a message that says who the
// user is ("I'm a hobbyist, amateur astronomy"). Tried only when the tagger found no field.
import {
  isField,
  isFieldHead,
  isFieldModifier,
  isRoleModifier,
  isRoleWord,
} from './model/gazetteer.ts';
import { isEnglishWord } from './model/english-words.ts';
import { lexiconClass } from './model/lexicon.ts';
import { isArabicHeadWithArticle } from './arabic-fields.ts';
import { isQualifierPair } from './role-cues.ts';
import { markSpan, runsOf, slotOf } from './model/tags.ts';
import { POSSESSIVES } from './field-labels.ts';
import type { Token } from './model/tokens.ts';
import {
  AND,
  contentWord,
  joinsField,
  GERMAN_ADJECTIVE,
  formerField,
  headWith,
  romanceAdjective,
  romanceField,
} from './field-words.ts';

const domainRuns = (tags: readonly number[]) => runsOf(tags, 'domain');

/** The first untagged field word of the lexicon that the writer has not left, or -1. */
export function fieldInLexicon(tokens: readonly Token[], tags: readonly number[]): number {
  return tokens.findIndex(
    (t, i) =>
      tags[i] === 0 &&
      (isField(t.lower) ||
        isField(t.lower.replace(ARABIC_PREFIX, '')) ||
        isArabicHeadWithArticle(t.lower)) &&
      !lexiconClass(t.lower) &&
      !formerField(tokens, i, i) &&
      !frenchHave(tokens, i),
  );
}

/** A preposition or "and" written onto an Arabic field with its article: "بـ | الاقتصاد". */
const ARABIC_PREFIX = /^(?:وب|فب|ب|ل|و|ف)(?=ال)/u;

/** "j'ai", I have, is no "AI". */
const frenchHave = (tokens: readonly Token[], i: number) =>
  tokens[i]!.lower === 'ai' && tokens[i - 1]?.lower === "j'";

/**
 * A field word the tagger left out of a message that says who the user is ("I'm a
 * hobbyist, amateur astronomy"), with the words that qualify it around it; only when no
 * field was tagged.
 */
export function fieldFromLexicon(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  if (domainRuns(tags).length === 0) FALLBACKS.some((fallback) => fallback(tokens, out));
  return out;
}

/**
 * Ways to find a field the tagger left out, tried in order on the tags (marked in place) until
 * one settles it: it marks a field, or finds its cue and no field after it.
 */
const FALLBACKS: ((tokens: readonly Token[], out: number[]) => boolean)[] = [
  fieldWordInLexicon,
  fieldAfterVerb,
  fieldAfterCue,
  fieldAfterMark,
  fieldAdded,
  fieldAfterRole,
];

/** A field word of the lexicon, with the words that qualify it around it. */
function fieldWordInLexicon(tokens: readonly Token[], out: number[]): boolean {
  const at = fieldInLexicon(tokens, out);
  if (at < 0) return false;
  let [first, last] = [at, at];
  const free = (i: number) => out[i] === 0 && tokens[i] && !tokens[i]!.punct;
  while (free(first - 1) && isFieldModifier(tokens[first - 1]!.lower)) first--;
  // a German adjective before it ("in der theoretischen | Chemie"), written in lower case
  const german = (t: Token) => t.raw === t.lower && GERMAN_ADJECTIVE.test(t.lower);
  if (first === at && free(first - 1) && german(tokens[first - 1]!)) first--;
  // its head ("operations | management"), or in Arabic what follows with the article ("طب |
  // الأطفال")
  const follows = (word: string) => isFieldHead(word) || /^ال\p{L}{2,}$/u.test(word);
  while (free(last + 1) && follows(tokens[last + 1]!.lower)) last++;
  // a French or Spanish field's adjectives ("neurosciences | cognitives", "Derecho |
  // Administrativo", lowered when the field is in title case)
  while (free(last + 1) && romanceField(tokens[last]!.lower)) {
    const next = tokens[last + 1]!;
    const title = /^\p{Lu}/u.test(tokens[last]!.raw) && /^\p{Lu}\p{Ll}+$/u.test(next.raw);
    if (!romanceAdjective(title ? { ...next, raw: next.raw.toLowerCase() } : next)) break;
    last++;
  }
  // fields joined by "and" are one ("Mathe und Physik", "latino e greco")
  const words = tokens.map((t) => t.lower);
  while (joinsField(words, out, last + 1)) last += 2;
  first = Math.min(first, headWith(tokens, out, at));
  markSpan(out, 'domain', first, last);
  return true;
}

/** "I research …", "I study …", "I work on …", "I specialise in …": what follows is the field. */
const STUDY_VERBS = new Set('research study work specialise specialize focus'.split(' '));
const SELF = new Set(['i', 'we']);
/** Participles that name the field after them whoever says them: "an undergrad majoring in …". */
const FIELD_PARTICIPLES = new Set(
  'majoring minoring specializing specialising concentrating'.split(' '),
);
const AFTER_VERB = new Set(['on', 'in', 'into', 'about']);

/**
 * The words after "I research", "I study" or "I work on" to the end of their clause, when
 * neither the tagger nor the lexicon found a field ("I research sleep disorders"): one to
 * four plain words, none a command, level or chat word.
 */
function fieldAfterVerb(tokens: readonly Token[], out: number[]): boolean {
  const verb = tokens.findIndex(
    (t, i) =>
      (STUDY_VERBS.has(t.lower) && SELF.has(tokens[i - 1]?.lower ?? '')) ||
      (FIELD_PARTICIPLES.has(t.lower) && tokens[i + 1]?.lower === 'in'),
  );
  if (verb < 0) return false;
  let first = verb + 1;
  if (AFTER_VERB.has(tokens[first]?.lower ?? '')) first++;
  let last = first - 1;
  while (last - first < 3 && out[last + 1] === 0 && contentWord(tokens[last + 1])) last++;
  const next = tokens[last + 1];
  if (last >= first && (!next || next.punct || ['and', 'but', 'so'].includes(next.lower)))
    markSpan(out, 'domain', first, last);
  return true;
}

/**
 * The words after a verb of interest or of work in any language ("me interesa el riesgo de
 * crédito", "je m'intéresse à la iatrogénie chez …", "lavoro sui vulcani in Sicilia", "ich
 * arbeite bei Bosch an Batteriesystemen", "learning about compilers"), up to the place,
 * clause or sentence that ends them: one to four words, none a command, level or chat word.
 * Verbs of work need their preposition ("trabajo con …"); "trabajo mucho" names no field.
 */
function fieldAfterCue(tokens: readonly Token[], out: number[]): boolean {
  const words = tokens.map((t) => t.lower);
  for (let i = 0; i < words.length; i++) {
    const interest = INTEREST_VERBS.has(words[i]!) || teaches(words, i);
    if (!interest && !WORK_VERBS.has(words[i]!)) continue;
    let at = i + 1;
    while (CUE_FILLERS.has(words[at] ?? '')) at++;
    const preposition = CUE_PREPOSITIONS.has(words[at] ?? '');
    if (preposition) at++;
    else if (!interest) continue;
    while (CUE_ARTICLES.has(words[at] ?? '')) at++;
    let last = at - 1;
    while (last - at < 3 && cueWord(tokens, out, last + 1)) last++;
    // "riesgo | de | crédito": a word joined by "de" or "di" stays with the field
    while (last - at < 3 && JOINS.has(words[last + 1] ?? '') && cueWord(tokens, out, last + 2))
      last += 2;
    // "latino | e | greco", "Mathe | und | Physik"
    while (last - at < 3 && AND.has(words[last + 1] ?? '') && cueWord(tokens, out, last + 2))
      last += 2;
    const next = words[last + 1];
    if (last < at || (next !== undefined && !tokens[last + 1]!.punct && !CUE_ENDS.has(next)))
      continue;
    markSpan(out, 'domain', at, last);
    return true;
  }
  return false;
}

/**
 * What the writer adds to their fields ("add pharmacoepidemiology to my fields", "ajoute la
 * démographie à mon profil"): one to four plain words between the verb and "to my fields".
 */
function fieldAdded(tokens: readonly Token[], out: number[]): boolean {
  const words = tokens.map((t) => t.lower);
  const add = words.findIndex((w) => ADD.has(w));
  if (add < 0) return false;
  let at = add + 1;
  while (CUE_ARTICLES.has(words[at] ?? '')) at++;
  let last = at - 1;
  while (last - at < 3 && cueWord(tokens, out, last + 1)) last++;
  const [to, my, what] = [words[last + 1], words[last + 2], words[last + 3]];
  const toMine = TO.has(to ?? '') && POSSESSIVES.has(my ?? '') && PROFILE.has(what ?? '');
  if (last < at || !toMine) return false;
  markSpan(out, 'domain', at, last);
  return true;
}

/**
 * The clause after the one that names the writer's role, in a terse list ("structural
 * engineer. offshore wind.", "Quantitative analyst at a hedge fund, derivatives pricing."),
 * past a year of study ("PhD student, 3rd year, palaeoclimate"): one to four plain words
 * that end their clause.
 */
function fieldAfterRole(tokens: readonly Token[], out: number[]): boolean {
  const role = runsOf(out, 'archetype')[0];
  if (!role) return false;
  const clauseEnd = (from: number) => {
    let k = from;
    while (k < tokens.length && !tokens[k]!.punct) k++;
    return k;
  };
  let end = clauseEnd(role.last + 1);
  const year = (k: number) =>
    isQualifierPair(tokens[k]?.lower ?? '', tokens[k + 1]?.lower) && clauseEnd(k) === k + 2;
  if (year(end + 1)) end += 3;
  if (!LIST_BREAKS.has(tokens[end]?.raw ?? '')) return false;
  const first = end + 1;
  let last = first - 1;
  // English words in lower case: not a city ("…, glaciologist, Uppsala"), nor a request in
  // another language ("…, actualízalo"), nor what qualifies the role ("…, retired")
  const plain = (k: number) => {
    const t = tokens[k];
    return (
      cueWord(tokens, out, k) &&
      t!.raw === t!.lower &&
      isEnglishWord(t!.lower) &&
      !isRoleModifier(t!.lower) &&
      !NOT_FIELDS_AFTER_ROLE.has(t!.lower)
    );
  };
  while (last - first < 3 && plain(last + 1)) last++;
  const next = tokens[last + 1];
  // (an adjective alone qualifies the role: "occupational therapist, pediatric")
  const adjective = last === first && isFieldModifier(tokens[first]!.lower);
  if (last < first || adjective || (next && !LIST_BREAKS.has(next.raw))) return false;
  markSpan(out, 'domain', first, last);
  return true;
}
const LIST_BREAKS = new Set([',', '.', ';']);
/** Words of a clause after a role that say how or where the writer works, or how new. */
const NOT_FIELDS_AFTER_ROLE = new Set(
  'time here new practice private retired freelance independent years months'.split(' '),
);
const ADD = new Set('add include añade agrega ajoute adiciona aggiungi'.split(' '));
const TO = new Set(['to', 'a', 'à', 'al', 'ao', 'zu', 'in']);
const PROFILE = new Set(
  'fields field profile areas domains campos perfil profil domaines campi profilo'.split(' '),
);

/**
 * The words a clause opens with "mainly" ("cardiologist, | mainly | heart failure"), or ends
 * with "mostly" ("…, vaccines mostly"), or that a role puts in brackets ("Middle school
 * teacher (science)") or is of ("curator of textiles"): one to four plain words.
 */
function fieldAfterMark(tokens: readonly Token[], out: number[]): boolean {
  const words = tokens.map((t) => t.lower);
  const opens = (i: number) => i === 0 || tokens[i - 1]!.punct;
  const plainTo = (first: number, end: (k: number) => boolean): number => {
    let last = first - 1;
    while (last - first < 3 && cueWord(tokens, out, last + 1)) last++;
    return last >= first && end(last + 1) ? last : -1;
  };
  const clauseEnd = (k: number) => k >= tokens.length || tokens[k]!.punct;
  const roleAt = (k: number) => slotOf(out[k] ?? 0) === 'archetype';
  for (let i = 0; i < words.length; i++) {
    let [first, last] = [-1, -1];
    if (MARKS.has(words[i]!) && opens(i)) [first, last] = [i + 1, plainTo(i + 1, clauseEnd)];
    else if (words[i] === '(' && i > 0 && (isRoleWord(words[i - 1]!) || roleAt(i - 1))) {
      [first, last] = [i + 1, plainTo(i + 1, (k) => words[k] === ')')];
    } else if (words[i] === 'of' && i > 0 && roleAt(i - 1) && !UNITS_OF.has(words[i + 1] ?? '')) {
      // what a role is of ("a curator | of | textiles at a regional museum")
      const ends = (k: number) => clauseEnd(k) || CUE_ENDS.has(words[k]!);
      [first, last] = [i + 1, plainTo(i + 1, ends)];
    } else if (TRAILING_MARKS.has(words[i]!) && clauseEnd(i + 1)) {
      let start = i;
      while (start > 0 && !tokens[start - 1]!.punct) start--;
      if (start > 0 && i - start <= 4) [first, last] = [start, plainTo(start, (k) => k === i)];
    }
    if (first >= 0 && last >= first) {
      markSpan(out, 'domain', first, last);
      return true;
    }
  }
  return false;
}
const MARKS = new Set(
  'mainly mostly especially principalmente sobretudo soprattutto surtout principalement'.split(' '),
);
const TRAILING_MARKS = new Set(['mostly', 'mainly']);
/**
 * What a role is of that is no field: a unit ("head of department", "member of staff"), or a
 * measure of its holder ("a palaeographer of considerable talent", "a man of many talents").
 */
const UNITS_OF = new Set(
  (
    'department dept staff team school faculty unit division board ' +
    'considerable great good some many much note long high little few all no two three'
  ).split(' '),
);
/** A word of letters (any case: German nouns) that no slot holds and no lexicon knows. */
function cueWord(tokens: readonly Token[], tags: readonly number[], i: number): boolean {
  const t = tokens[i];
  if (!t || t.punct || tags[i] !== 0) return false;
  if (!/^\p{L}[\p{L}-]{2,}$/u.test(t.raw) || /\p{Script=Arabic}/u.test(t.raw)) return false;
  const lowered = tokens[i]!.raw.toLowerCase();
  return contentWord({ ...t, raw: lowered }) && !CUE_ENDS.has(t.lower) && !JOINS.has(t.lower);
}
/**
 * Verbs of interest, whose object is the field: "me interesa …", "curious about …", "mi
 * occupo di …", "je me passionne pour …", "cubro temas de …", "I observe variable stars".
 */
const INTEREST_VERBS = new Set(
  (
    'interesse interessent interesa interesan interessa interessam interessano interessiert ' +
    'interesso beschaftige dedico especializo specialise specialize specialising ' +
    'specializing focus focusing hacking observe ' +
    'learning learn curious covering cover coverin occupo passionne passiono cubro ' +
    'interesso-me interessa-me dedico-me'
  ).split(' '),
);
/**
 * "I teach" in the first person, whose object is the subject taught: "insegno lettere",
 * "j'enseigne les SVT", "unterrichte Mathe". Not the noun: "no ensino médio", "l'enseigne".
 */
function teaches(words: readonly string[], i: number): boolean {
  return TEACH.has(words[i]!) && !TEACH_NOUN_BEFORE.has(words[i - 1] ?? '');
}
/** True when the writer says what they teach: "insegno latino e greco", "I teach history". */
export function teachesSubject(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  return words.some((word, i) => {
    const english = word === 'teach' && SELF.has(words[i - 1] ?? '');
    if (!english && !teaches(words, i)) return false;
    let at = i + 1;
    while (CUE_ARTICLES.has(words[at] ?? '')) at++;
    // whom an English teacher teaches comes as often as what ("I teach kids to swim")
    return isField(words[at] ?? '') || (!english && cueWord(tokens, [], at));
  });
}
const TEACH = new Set('insegno enseigne enseno ensino unterrichte'.split(' '));
const TEACH_NOUN_BEFORE = new Set("o no do ao em de l' le la une un l".split(' '));
/** Verbs of work or study, whose field follows a preposition: "lavoro sui …", "arbeite an …". */
const WORK_VERBS = new Set(
  (
    'trabajo trabajando trabalho trabalhando lavoro lavorando arbeite forsche promoviere ' +
    'carriere entender entendre capire verstehen facharzt facharztin'
  ).split(' '),
);
/** Words between the verb and its field: "ich promoviere | gerade | in …", "m' | intéresse". */
const CUE_FILLERS = new Set(
  'gerade mich mir mais more mainly mostly principalmente soprattutto vor allem toute ma surtout temas'.split(
    ' ',
  ),
);
const CUE_PREPOSITIONS = new Set(
  "a au aux about in on con com mit sui sugli sulle sul sull' su an zu uber fur de sobre dans di pour por pela pelo".split(
    ' ',
  ),
);
const CUE_ARTICLES = new Set(
  "the el la los las le l' les lo il gli i der die das den dem des o os as".split(' '),
);
/** What joins the words of a Romance field: "riesgo de crédito". */
const JOINS = new Set(['de', 'di', 'del', 'della', 'do', 'da']);
/** Words that end a field and open a place, a time or a new clause. */
const CUE_ENDS = new Set(
  (
    'en in chez at bei em na no nel nella a al au am im ao and y e et und but pero mais ma ' +
    'aber since from ' +
    'depuis desde seit for para pour per'
  ).split(' '),
);
