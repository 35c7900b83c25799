// A name the tagger left out of a request to create or switch to a user, read from where
// names stand in such requests: after "switch to", "log in as", "a profile for", "sesión
// como", "en tant que", or first in "Hope signing in", "grace again", "Amir here". Exact
// positions, tried only when the tagger found no name at all; the writer's own spelling may
// be an English word ("switch me to hope pls").
import { isEnglishWord } from './model/english-words.ts';
import { levelMarks } from './model/lexicon.ts';
import { inLexicons, isRoleWord } from './model/gazetteer.ts';
import { markSpan, runsOf } from './model/tags.ts';
import { isFamilyName, isGivenName } from './model/person-names.ts';
import { foldedSet, type Token } from './model/tokens.ts';
import { wordClasses } from './model/word-classes.ts';
import { INTRODUCING, nameLike, NOT_NAME, PARTICLES, TITLES } from './settle-names.ts';

/** Words after which a request names the user. */
const BEFORE_NAME = new Set(['to', 'as', 'como', 'que', 'for', 'called', 'named', 'para']);
/** Arabic words before the writer's own name: "معك نورة" (Noura speaking), "سميتي سلمى". */
const ARABIC_INTRO = new Set(['معك', 'معاك', 'سميتي']);
/** Words that introduce a name and nothing else: "it's mike", "c'est Yannick". */
const STRONG_INTRO = new Set([
  "it's",
  'its',
  "c'est",
  'llamo',
  'appelle',
  // Arabic "my name", "in the name of", as the tokens fold them
  'اسمي',
  'باسم',
  ...ARABIC_INTRO,
]);
/** Two words that say what the writer is called. */
const CALLED = new Set(['call me', 'go by', 'goes by', 'called me']);
/** Words after a name that opens a request ("Hope signing in", "Amir here"). */
const AFTER_NAME = new Set([
  'here',
  'again',
  'signing',
  'logging',
  'speaking',
  'back',
  'returning',
  'aqui',
  'ici',
  'hier',
]);
/** Words that stand where a name would and are none. */
const NOT_A_NAME = new Set(
  (
    'me us you him her them it my your our his their the a an this that another other someone ' +
    'somebody new different same please pls plz now in out up on off back again here there ' +
    'mine myself moi mi mon ma yo je un une una el la le les what who which'
  ).split(' '),
);

function candidate(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  if (!token || token.punct || !/^\p{L}[\p{L}'-]*$/u.test(token.raw)) return false;
  const word = token.lower;
  if (NOT_A_NAME.has(word) || NOT_NAME.has(word) || INTRODUCING.has(word) || TITLES.has(word)) {
    return false;
  }
  if (wordClasses(word).length > 0 || inLexicons(word)) return false;
  return !levelMarks([word])[0];
}

/**
 * Where a request to switch users names the user ("switch me to Hanako", "swap over to
 * amira", "switch to the dmitri account"), or -1: a name that is no word of the lexicons
 * or of a command, and no English word unless capitalised, so "switch to bold ideas",
 * "switch to light mode" and "switch my field to ecology" name none.
 */
export function switchTarget(tokens: readonly Token[]): number {
  const words = tokens.map((t) => t.lower);
  for (let i = 0; i < words.length; i++) {
    if (!SWITCHING.has(words[i]!)) continue;
    let at = i + 1;
    while (['me', 'over', 'back', 'us'].includes(words[at] ?? '')) at++;
    if (words[at] !== 'to') continue;
    at += words[at + 1] === 'the' && ACCOUNT.has(words[at + 3] ?? '') ? 2 : 1;
    // an English word is a name only written as one ("switch to Hope", not "to light mode")
    const word = tokens[at];
    const named = word && (/^\p{Lu}/u.test(word.raw) || !isEnglishWord(word.lower));
    if (named && candidate(tokens, at)) return at;
  }
  return -1;
}
const SWITCHING = new Set(['switch', 'swap', 'swop']);
const ACCOUNT = new Set(['account', 'profile', 'user']);

/**
 * Where a message opens on a name said before "here", "again", "signing in" ("Amir here",
 * "Servus, Dominik Huber hier"), after any greeting, or -1.
 */
function openingName(tokens: readonly Token[], alone = false): number {
  // (after a greeting, and the letters that join its words: "assalam o alaikum")
  let at = tokens.findIndex((t) => !t.punct && t.lower.length > 1 && !greeting(t.lower));
  // "Prof. Anneliese Varga — …"
  while (at >= 0 && TITLES.has(tokens[at]?.lower ?? '')) at += tokens[at + 1]?.raw === '.' ? 2 : 1;
  if (at < 0 || !candidate(tokens, at)) return -1;
  const lowerCase = !tokens.some((t) => /\p{Lu}/u.test(t.raw));
  const after = (k: number) => AFTER_NAME.has(tokens[k]?.lower ?? '');
  const surname =
    candidate(tokens, at + 1) &&
    (/^\p{Lu}/u.test(tokens[at + 1]!.raw) || !isEnglishWord(tokens[at + 1]!.lower));
  if (after(at + 1) || (surname && after(at + 2))) return at;
  // with `alone`, a full name that opens the message before a stop or a comma ("Michael
  // Chang. Log me in", "Prof. Anneliese Varga — …"), written as names are (not "Boa tarde,",
  // "Tudo bem,", "Quick question,")
  const named = (k: number) =>
    candidate(tokens, k) && (/^\p{Lu}/u.test(tokens[k]!.raw) || lowerCase);
  if (!alone || !named(at)) return -1;
  let last = at;
  while (last - at < 2 && named(last + 1)) last++;
  const stops = OPENING_STOPS.has(tokens[last + 1]?.raw ?? '');
  return stops && last > at ? at : -1;
}
const OPENING_STOPS = new Set([',', '.', '—', '–', ':', '|']);

/**
 * True when a folded word greets: the classifier's greeting class, and the greetings it
 * does not see as one ("Allô", "Servus", "Moin", "Oi", "Salve").
 */
function greeting(word: string): boolean {
  return wordClasses(word).includes('greet') || MORE_GREETINGS.has(word);
}
const MORE_GREETINGS = foldedSet(
  'allo allô servus moin grüezi gruezi oi olá salve buongiorno buonasera hej hejsan ahoj ' +
    'guten tag morgen abend grüß gruss gott assalam salam salaam alaikum aleikum alaykum ' +
    'marhaba ahlan',
);

/**
 * The tags without a "name" that is none: a role, a greeting ("Grüß | Gott") or a span of time ("Retraitée |
 * de l'enseignement", "per 35 | anni"), or, in a message that capitalises, a lower-case
 * English word ("I am between | shifts", "It is | raining here").
 */
export function withoutNonNames(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const capitalises = tokens.some((t) => /\p{Lu}/u.test(t.raw));
  for (const run of runsOf(out, 'name')) {
    const span = tokens.slice(run.first, run.last + 1);
    const none = (t: Token) =>
      isRoleWord(t.lower) ||
      TIME_UNITS.has(t.lower) ||
      greeting(t.lower) ||
      (capitalises && /^\p{Ll}+$/u.test(t.raw) && isEnglishWord(t.lower));
    // (after "I'm" or "call me" any word may be a name: "I'm Dev", "Hi! I'm rose")
    const named = beforeOwnName(tokens[run.first - 1]?.lower ?? '');
    if (!named && span.every(none)) out.fill(0, run.first, run.last + 1);
    // nor is a year of study, whose ordinal may be a name too ("al | terzo anno")
    if (run.last > run.first && YEARS.has(tokens[run.last]!.lower)) {
      out.fill(0, run.first, run.last + 1);
    }
    // nor does a name end on a particle written small ("soy Lucía | de nuevo"; "Anh Tuan Le"
    // ends on a surname)
    let last = run.last;
    // nor on "again" ("دي أميرة حسن | تاني", this is Amira Hassan again)
    const particle = (t: Token) =>
      (PARTICLES.has(t.lower) && t.raw === t.lower) || AGAIN.has(t.lower);
    while (last > run.first && particle(tokens[last]!)) out[last--] = 0;
  }
  return out;
}
const AGAIN = new Set(['again', 'wieder', 'encore', 'تاني']);
const YEARS = new Set(['year', 'anno', 'ano', 'annee', 'semester', 'semestre', 'jahr']);
const TIME_UNITS = new Set(
  'years months weeks days ans mois anos anni mesi jahre jahren monate'.split(' '),
);

/** The tags with a name read from its place when the tagger read none. */
export function nameFromPlace(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  if (runsOf(tags, 'name').length > 0) {
    // a name said before "here" is the writer's, wherever else the tagger read one ("Guten
    // Morgen, Katrin Vogel hier. Ich arbeite im Bundesumweltministerium …")
    // (not a role or how new the writer is: "journaliste pigiste ici", "nouveau ici")
    const here = openingName(tokens);
    if (here < 0 || tags[here] !== 0) return out;
    if (isRoleWord(tokens[here]!.lower) || NEW_HERE.has(tokens[here]!.lower)) return out;
    const last = AFTER_NAME.has(tokens[here + 1]?.lower ?? '') ? here : here + 1;
    if (tags[last] !== 0) return out;
    for (const run of runsOf(out, 'name')) out.fill(0, run.first, run.last + 1);
    markSpan(out, 'name', here, last);
    return out;
  }
  let at = openingName(tokens, true);
  at = at < 0 ? switchTarget(tokens) : at;
  for (let i = 0; at < 0 && i < tokens.length; i++) {
    const word = tokens[i]!.lower;
    if (out[i + 1] !== 0 || !candidate(tokens, i + 1)) continue;
    // after "I'm" or "soy" only a word that looks like a name ("I'm interested" is not)
    const strong =
      BEFORE_NAME.has(word) ||
      STRONG_INTRO.has(word) ||
      (word === 'is' && i > 0 && ['this', 'name', "name's"].includes(tokens[i - 1]!.lower)) ||
      // "call me Jo", "I go by Mo"
      (i > 0 && CALLED.has(`${tokens[i - 1]!.lower} ${word}`));
    if (strong || (INTRODUCING.has(word) && nameLike(tokens, i + 1, false))) {
      at = i + 1;
    }
  }
  if (at < 0) return out;
  let last = at;
  const lowerCase = !/\p{Lu}/u.test(tokens[at]!.raw);
  while (last - at < 2 && out[last + 1] === 0 && nameLike(tokens, last + 1, lowerCase)) last++;
  markSpan(out, 'name', at, last);
  return out;
}

/** How new the writer is, before "here": "nouveau ici", "nuevo aquí", "neu hier". */
const NEW_HERE = foldedSet(
  'new nouveau nouvelle nuevo nueva novo nova nuovo nuova neu neue neuer newbie جديد جديدة',
);

/** A user handle: words joined by dots or underscores ("thiago.santos", "j_doe"). */
const HANDLE = /^[\p{L}\d]+(?:[._][\p{L}\d]+)+$/u;
/** "As", before the name to sign in as. */
const AS = new Set(['as', 'como', 'comme', 'als', 'come']);
/** What a handle follows when it is the name: "as", a colon, "named", "اسمه" (its name is). */
const HANDLE_CUES = new Set([...AS, ':', 'named', 'called', 'username', 'handle', 'اسمه']);

/**
 * The tags with the name a naming verb introduces ("mi chiamo Gino", "chamo-me Inês Pereira",
 * "Ich heiße Stefan", "heiß anna", "Name: Lindiwe Dube", "اسمي سعود") in place of the
 * one the tagger read elsewhere ("… Universidade do Minho", "Meine Frau ist Chirurgin"): the
 * verb says which words are the name.
 */
export function nameFromCue(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const lowerCase = !tokens.some((t) => /\p{Lu}/u.test(t.raw));
  for (let i = 0; i < tokens.length; i++) {
    const [word, next] = [tokens[i]!.lower, tokens[i + 1]?.raw ?? ''];
    // "Name: Lindiwe Dube", "my name is Arjun", "Name's Bill", "mi nombre es Ricardo"
    const labelled = NAME_LABELS.has(word) && NAME_SAID.has(next.toLowerCase());
    if (!NAMING_VERBS.has(word) && !labelled) continue;
    const at = labelled ? i + 2 : i + 1;
    // the tagger read it as a name already: the one introduced is the name, not the others
    // ("Chamo-me Nuno" read whole: the verb is not part of it)
    const runs = runsOf(out, 'name');
    const read = runs.find((run) => at >= run.first && at <= run.last);
    if (read) {
      for (const run of runs) out.fill(0, run.first, run.last + 1);
      markSpan(out, 'name', at, Math.max(read.last, nameEnd(tokens, at, lowerCase)));
      return out;
    }
    const lowerHere = lowerCase || !/\p{Lu}/u.test(tokens[at]?.raw ?? '');
    if (!nameLike(tokens, at, lowerHere, false, NAMING_VERBS.has(word))) continue;
    const last = nameEnd(tokens, at, lowerCase);
    for (const run of runsOf(out, 'name')) out.fill(0, run.first, run.last + 1);
    markSpan(out, 'name', at, last);
    return out;
  }
  // a handle after "as", a colon or "its name is" is the name, whatever the tagger read
  // ("Entra como thiago.santos aí", "entra na minha conta por favor: thiago_m", "حولني على
  // حساب الصيدلية، اسمه pharma_omar")
  // (not a title written with its ending: "dott.ssa Valentina Greco")
  const titled = (t: Token) => TITLES.has(t.lower.split(/[._]/u)[0]!);
  const at = tokens.findIndex(
    (t, i) => HANDLE.test(t.raw) && !titled(t) && HANDLE_CUES.has(tokens[i - 1]?.lower ?? ''),
  );
  if (at >= 0) {
    for (const run of runsOf(out, 'name')) out.fill(0, run.first, run.last + 1);
    out[at] = 0;
    markSpan(out, 'name', at, at);
    return out;
  }
  return nameBeforeLabel(tokens, out);
}

/**
 * The tags with the name after a title that opens a clause or follows "I'm" ("Guten Tag, Dr.
 * Petra Schulz, Oberärztin … am Uniklinikum Köln", "Prof. Anneliese Varga — historian …") in
 * place of one the tagger read elsewhere; a naming verb, when there is one, has said it.
 */
export function nameAfterTitle(tokens: readonly Token[], tags: readonly number[]): number[] {
  if (tokens.some((t) => NAMING_VERBS.has(t.lower))) return [...tags];
  for (let i = 0; i < tokens.length; i++) {
    const before = tokens[i - 1];
    const iAm = before?.lower === 'am' && tokens[i - 2]?.lower === 'i';
    const opens = !before || before.punct || SELF_NAMING.has(before.lower) || iAm;
    if (!TITLES.has(tokens[i]!.lower) || !opens || !/^\p{Lu}/u.test(tokens[i]!.raw)) continue;
    const at = tokens[i + 1]?.raw === '.' ? i + 2 : i + 1;
    // (after "I'm" a family name alone will do: "I'm Professor Adeyemi")
    const self = before !== undefined && !before.punct;
    if (!nameLike(tokens, at, false, false, true)) continue;
    if (!self && !nameLike(tokens, at + 1, false)) continue;
    const out = [...tags];
    const end = nameEnd(tokens, at, false);
    for (const run of runsOf(out, 'name')) out.fill(0, run.first, run.last + 1);
    // the title and name are no role, though the tagger may have read them as one
    for (const run of runsOf(out, 'archetype')) {
      if (run.first <= end && run.last >= i) out.fill(0, run.first, run.last + 1);
    }
    markSpan(out, 'name', at, end);
    return out;
  }
  return [...tags];
}

/**
 * Where a name that starts at `at` ends: up to three name words in a row, five when
 * particles stand between them ("José Luis Fernández | de la | Torre").
 */
function nameEnd(tokens: readonly Token[], at: number, lowerCase: boolean): number {
  let [last, words] = [at, 1];
  while (words < 5) {
    let next = last + 1;
    while (next - last <= 2 && PARTICLES.has(tokens[next]?.lower ?? '')) next++;
    if (!nameLike(tokens, next, lowerCase) || (next === last + 1 && words >= 3)) break;
    [last, words] = [next, words + 1];
  }
  return last;
}

/**
 * The tags with the name said before "is my name" ("greetings, Eleanor de Vries-Bakker is
 * my name", "Ahmed Saleh est mon nom") in place of any other read.
 */
function nameBeforeLabel(tokens: readonly Token[], tags: number[]): number[] {
  const words = tokens.map((t) => t.lower);
  for (let i = 3; i < words.length; i++) {
    const label = NAME_LABELS.has(words[i]!) && MINE.has(words[i - 1]!);
    const copula = NAME_SAID.has(words[i - 2]!) || NAME_SAID.has(words[i - 3] ?? '');
    if (!label || !copula) continue;
    const before = NAME_SAID.has(words[i - 2]!) ? i - 3 : i - 4;
    let first = before;
    while (first > 0 && before - first < 5) {
      const prev = tokens[first - 1]!;
      if (nameLike(tokens, first - 1, false) || PARTICLES.has(prev.lower)) first--;
      else break;
    }
    while (PARTICLES.has(words[first]!) && first < before) first++;
    if (!nameLike(tokens, first, false) || !nameLike(tokens, before, false)) continue;
    const out = [...tags];
    for (const run of runsOf(out, 'name')) out.fill(0, run.first, run.last + 1);
    markSpan(out, 'name', first, before);
    return out;
  }
  return tags;
}
const MINE = new Set(['my', 'mon', 'mi', 'meu', 'o', 'mein', 'il']);
const NAME_LABELS = new Set(['name', 'nom', 'nombre', 'nome']);
const NAME_SAID = new Set([':', 'is', "'s", '’s', 'es', 'est', 'è', 'é', 'ist']);

/**
 * True when a message introduces its writer by name: after a naming verb or label, after
 * "I'm" or "soy" as a capitalised word no lexicon knows, or (unless `signed` is false)
 * signed at its end. "Ma femme est chirurgienne, moi je suis juste curieux" introduces
 * nobody.
 */
export function namesWriter(tokens: readonly Token[], signed = true): boolean {
  const untagged = tokens.map(() => 0);
  const found = (tags: readonly number[]) => runsOf(tags, 'name').length > 0;
  if (found(nameFromCue(tokens, untagged))) return true;
  if (signed && found(signedName(tokens, untagged))) return true;
  if (openingName(tokens) >= 0) return true;
  // "Prof. Anneliese Varga — historian of …": a title and a name opening the message
  const titled = runsOf(nameAfterTitle(tokens, untagged), 'name')[0];
  if (titled && titled.first <= 2) return true;
  // "معك نورة" (Noura speaking), "سميتي سلمى"
  if (tokens.some((t, i) => ARABIC_INTRO.has(t.lower) && candidate(tokens, i + 1))) return true;
  return tokens.some(
    (t, i) =>
      SELF_NAMING.has(t.lower) &&
      /^\p{Lu}/u.test(tokens[i + 1]?.raw ?? '') &&
      candidate(tokens, i + 1),
  );
}
export const SELF_NAMING = new Set(["i'm", 'im', 'soy', 'sou', 'sono', 'suis', 'bin']);

/** Verbs that name the writer, as the tokens fold them. */
const NAMING_VERBS = new Set(
  'llamo appelle chiamo chamo-me chamo heiße heisse heiß heiss اسمي esmi ismi smiti'.split(' '),
);
/** True when a folded word stands before a name its writer gives ("Soy", "mi chiamo"). */
export const beforeOwnName = (word: string) => SELF_NAMING.has(word) || NAMING_VERBS.has(word);

/**
 * The tags with an Arabic name begun on its first word when the tagger began it on the
 * second ("أنا كريم | منصور", "… حساب جديد. كريم | منصور، صحفي"): Arabic has no capitals
 * to show where a name starts, and the name lists know fewer Arabic given names than family
 * ones. The word before must open the clause or follow "أنا", "اسمي" or "معك".
 */
export function arabicNameStart(tokens: readonly Token[], tags: readonly number[]): number[] {
  const run = runsOf(tags, 'name')[0];
  const at = (run?.first ?? 0) - 1;
  const word = tokens[at];
  if (!run || !word || tags[at] !== 0 || !/^\p{Script=Arabic}+$/u.test(word.raw)) return [...tags];
  // (a handle is whole: "اسمه | pharma_omar")
  if (HANDLE.test(tokens[run.first]!.raw)) return [...tags];
  const before = tokens[at - 1];
  const opens = !before || before.punct || ARABIC_NAMING.has(before.lower);
  if (!opens || !candidate(tokens, at) || ARABIC_NAMING.has(word.lower)) return [...tags];
  const out = [...tags];
  markSpan(out, 'name', at, run.last);
  return out;
}
/** Words a name follows in Arabic: "I am", "my name is", "with you", "this is" (Egyptian). */
const ARABIC_NAMING = new Set([...ARABIC_INTRO, ...foldedSet('أنا اسمي إسمي اسمى معكم دي ده')]);

/**
 * The tags with a name signed at the end of the message when the tagger read none: "… —
 * Ruth Adeyemi", "… biotech. Deborah Stein.", "… Kind regards, Helen Marsh", "…, enchantée"
 * after it. Capitalised words the lexicons do not know, after a full stop or a dash; or,
 * written small, a full name whose words are all listed names ("sign me up i guess. tyler
 * brooks").
 */
export function signedName(tokens: readonly Token[], tags: readonly number[]): number[] {
  if (runsOf(tags, 'name').length > 0) return [...tags];
  let end = tokens.length - 1;
  while (end >= 0 && tokens[end]!.punct) end--;
  // "Amélie Roux, enchantée."
  if (PLEASED.has(tokens[end]?.lower ?? '') && tokens[end - 1]?.raw === ',') end -= 2;
  const capital = (t: Token) => /^\p{Lu}/u.test(t.raw);
  const listed = (i: number) => isGivenName(tokens[i]!.lower) || isFamilyName(tokens[i]!.lower);
  const signs = (i: number) =>
    i >= 0 && tags[i] === 0 && (capital(tokens[i]!) || listed(i)) && candidate(tokens, i);
  if (!signs(end)) return [...tags];
  let first = end;
  while (end - first < 2 && signs(first - 1)) first--;
  const small = tokens.slice(first, end + 1).some((t) => !capital(t));
  if (small && (first === end || !isGivenName(tokens[first]!.lower))) return [...tags];
  const mark = tokens[first - 1]?.raw ?? '';
  const before = tokens[first - 2]?.lower ?? '';
  const signed = SIGNING.has(mark) || (mark === ',' && (REGARDS.has(before) || first === 1));
  // an English word alone after a full stop is more often a word than a name ("… Thanks."),
  // unless it is a given name too ("… bin aber schon lange raus. Horst.")
  const lone = tokens[first]!.lower;
  const word = first === end && mark === '.' && isEnglishWord(lone) && !isGivenName(lone);
  if (!signed || word) return [...tags];
  const out = [...tags];
  markSpan(out, 'name', first, end);
  return out;
}
const SIGNING = new Set(['.', '—', '–', '-', '!']);
const REGARDS = new Set(
  'regards wishes cheers best thanks cordialement salutations saludos atentamente grusse gruße cumprimentos saluti'.split(
    ' ',
  ),
);
const PLEASED = new Set('enchantee enchante encantada encantado piacere prazer'.split(' '));
