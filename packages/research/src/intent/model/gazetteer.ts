// What the lexicons say about each token of a message: inside a known field of study or role
// (and where in it), a word that qualifies one, an English word or not, and the suffix that
// marks a field or a person ("-ology", "-ics", "-ist", "-ian"). These are features, not
// rules: the tagger weighs them against the words around them, so a field or role missing
// from the lexicons is still found from its context and a listed word in another part of a
// message is not taken for one.
import { isEnglishWord } from './english-words.ts';
import {
  FIELD_HEADS,
  FIELD_MODIFIERS,
  FIELD_PHRASES,
  FIELD_WORDS,
  fieldAdjectives,
} from './lexicons/fields.ts';
import {
  fieldRoles,
  MORE_ROLE_MODIFIERS,
  MORE_ROLE_WORDS,
  ROLE_MODIFIERS,
  ROLE_PHRASES,
  ROLE_WORDS,
} from './lexicons/roles.ts';
import { OCCUPATION_QUALIFIERS, OCCUPATIONS } from './lexicons/occupations.ts';
import { isFamilyName, isGivenName, isNameWord } from './person-names.ts';
import { fold, tokenize, type Token } from './tokens.ts';
import { wordClasses } from './word-classes.ts';

const fields = new Set(FIELD_WORDS.map(fold));
const fieldModifiers = new Set([
  ...FIELD_MODIFIERS.map(fold),
  ...FIELD_WORDS.flatMap((f) => fieldAdjectives(fold(f))),
]);
const fieldHeads = new Set(FIELD_HEADS.map(fold));
const roles = new Set([
  ...ROLE_WORDS.map(fold),
  ...FIELD_WORDS.flatMap((f) => fieldRoles(fold(f))),
]);
const roleModifiers = new Set(ROLE_MODIFIERS.map(fold));

/** Phrases as token lists, by first word, longest first. */
function phraseIndex(phrases: readonly string[]): Map<string, string[][]> {
  const index = new Map<string, string[][]>();
  for (const phrase of phrases) {
    const words = tokenize(phrase).map((t) => t.lower);
    const list = index.get(words[0]!) ?? [];
    list.push(words);
    index.set(words[0]!, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.length - a.length);
  return index;
}

const fieldPhrases = phraseIndex([...FIELD_PHRASES]);
const rolePhrases = phraseIndex([...ROLE_PHRASES]);

/** "students" → "student"; "analyses" and "physics" are left alone. */
function singular(word: string): string {
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|ics|is|us|ies)$/.test(word)) {
    return word.slice(0, -1);
  }
  return word;
}

const SUFFIXES = [
  'ologist',
  'ology',
  'ologies',
  'ography',
  'onomy',
  'ometry',
  'omics',
  'istry',
  'iatry',
  'ics',
  'ist',
  'ists',
  'ician',
  'ian',
  'ians',
  'eer',
  'er',
  'ers',
  'or',
  'ing',
  'ical',
  'al',
  'ic',
  'ive',
  'ent',
  'ant',
];

/** The field- or person-marking suffix of a word, longest first. */
export function suffixOf(word: string): string | undefined {
  let best: string | undefined;
  for (const s of SUFFIXES) {
    if (word.length > s.length + 2 && word.endsWith(s) && (!best || s.length > best.length)) {
      best = s;
    }
  }
  return best;
}

/** Marks phrase matches (B for the first word, I for the rest) into `out` under `name`. */
function markPhrases(
  words: readonly string[],
  index: Map<string, string[][]>,
  name: string,
  out: string[][],
): void {
  for (let i = 0; i < words.length;) {
    const match = index.get(words[i]!)?.find((p) => p.every((w, k) => words[i + k] === w));
    if (!match) {
      i++;
      continue;
    }
    for (let k = 0; k < match.length; k++) out[i + k]!.push(`${name}=${k === 0 ? 'B' : 'I'}`);
    i += match.length;
  }
}

/**
 * Lexicon marks of each token, such as `field=B`, `field:word`, `role:mod`, `eng`, `suf=ist`,
 * `name:given`.
 */
export function gazetteer(tokens: readonly Token[]): string[][] {
  const words = tokens.map((t) => t.lower);
  const out: string[][] = tokens.map(() => []);
  markPhrases(words, fieldPhrases, 'field', out);
  markPhrases(words, rolePhrases, 'role', out);
  tokens.forEach((token, i) => {
    if (token.punct) return;
    const marks = out[i]!;
    const word = token.lower;
    const one = singular(word);
    if (isField(word)) marks.push('field:word');
    if (fieldModifiers.has(word)) marks.push('field:mod');
    if (fieldHeads.has(word) || fieldHeads.has(one)) marks.push('field:head');
    if (roles.has(word) || roles.has(one) || germanCompound(word, GERMAN_ROLE_TAILS)) {
      marks.push('role:word');
    }
    if (roleModifiers.has(word)) marks.push('role:mod');
    // Whether a word is English says most about words outside the command vocabulary (a
    // name after "I'm", a foreign word); short words and contractions are left unmarked.
    if (word.length > 2 && wordClasses(word).length === 0 && /^\p{L}+(?:-\p{L}+)*$/u.test(word)) {
      const english = /^[a-z-]+$/.test(word) && (isEnglishWord(word) || isEnglishWord(one));
      marks.push(english ? 'eng' : 'noeng');
      // A listed name that is also an ordinary word ("will", "brooks", "rosa", "deja") is
      // marked apart, so the tagger can weigh it less than one that is only a name ("priya").
      const also = english || isNameWord(word) ? '+word' : '';
      if (isGivenName(word)) marks.push(`name:given${also}`);
      if (isFamilyName(word)) marks.push(`name:family${also}`);
    }
    const suffix = suffixOf(word);
    if (suffix) marks.push(`suf=${suffix}`);
  });
  return out;
}

const moreRoles = new Set([...MORE_ROLE_WORDS, ...OCCUPATIONS].map(fold));
const moreRoleModifiers = new Set([...MORE_ROLE_MODIFIERS, ...OCCUPATION_QUALIFIERS].map(fold));

/**
 * True when a folded word names a role ("teacher", "researchers", "biologist", "planner"):
 * the lexicon's roles and those it keeps from the features.
 */
export function isRoleWord(word: string): boolean {
  return knownRole(word) || germanCompound(word, GERMAN_ROLE_TAILS) || hyphenedRole(word);
}

/** True when a folded word, or its singular, is in a role list. */
const knownRole = (word: string) =>
  [word, singular(word)].some((w) => roles.has(w) || moreRoles.has(w));

/** A role with a qualifier hyphened on: "Teilzeit-Dozent", "Hobby-Ornithologe". */
function hyphenedRole(word: string): boolean {
  const dash = word.lastIndexOf('-');
  return dash >= 3 && knownRole(word.slice(dash + 1));
}

/**
 * German joins a role's or a field's qualifier to it in one word: "Informatikstudent",
 * "Juniorprofessorin", "Molekularbiologie", "Umweltökonomie". A word that ends on one of
 * these, with a qualifier of three letters or more before it, is one too.
 */
function germanCompound(word: string, tails: readonly string[]): boolean {
  return (
    word.length >= 8 && tails.some((tail) => word.endsWith(tail) && word.length >= tail.length + 3)
  );
}
const GERMAN_ROLE_TAILS = (
  'student studentin professor professorin forscher forscherin wissenschaftler ' +
  'wissenschaftlerin ingenieur ingenieurin lehrer lehrerin arzt arztin doktorand doktorandin ' +
  'techniker technikerin berater beraterin entwickler entwicklerin analystin wirt wirtin ' +
  'pfleger pflegerin referent referentin'
)
  .split(' ')
  .map(fold);
const GERMAN_FIELD_TAILS = (
  'biologie physik chemie informatik ökonomie linguistik medizin wissenschaft wissenschaften ' +
  'forschung technik kunde planung psychologie soziologie geschichte ökologie mathematik ' +
  'statistik pädagogik'
)
  .split(' ')
  .map(fold);

/** True when a folded word ends the name of many fields ("studies", "engineering"). */
export function isFieldHead(word: string): boolean {
  return fieldHeads.has(word) || fieldHeads.has(singular(word));
}

/** True when a folded word names a field on its own ("physics", "física"). */
export function isField(word: string): boolean {
  return fields.has(word) || germanCompound(word, GERMAN_FIELD_TAILS);
}

/** True when a folded word qualifies a field ("marine", "computational", "ecological"). */
export function isFieldModifier(word: string): boolean {
  return fieldModifiers.has(word);
}

/** True when a folded word qualifies a role ("senior", "second-year", "registered"). */
export function isRoleModifier(word: string): boolean {
  return roleModifiers.has(word) || moreRoleModifiers.has(word);
}

/** True when a folded word is in the field or role lexicons. */
export function inLexicons(word: string): boolean {
  return (
    isField(word) ||
    fieldModifiers.has(word) ||
    fieldHeads.has(word) ||
    roles.has(word) ||
    roleModifiers.has(word)
  );
}

/** The gazetteer's word class of a token, for the action classifier (or undefined). */
export function lexiconWordClass(marks: readonly string[]): string | undefined {
  if (marks.some((m) => m.startsWith('role'))) return 'profession';
  if (marks.some((m) => m === 'field:word' || m.startsWith('field='))) return 'subject';
  return undefined;
}
