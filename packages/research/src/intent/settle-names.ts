// Exact corrections of the tagger's name spans, read off cross-validation's misses: a
// greeting or a title taken for the name, a full name in pieces, several names of which one
// is introduced.
import { isEnglishWord } from './model/english-words.ts';
import { inLexicons, isField, isRoleWord } from './model/gazetteer.ts';
import { markSpan, runsOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';
import { wordClasses } from './model/word-classes.ts';
import { clausesOfOthers } from './talk-of-others.ts';

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
  'dre',
  'docteur',
  'docteure',
  'doctora',
  'profesor',
  'profesora',
  'professeur',
  'professeure',
  // forms of address ("Dona Lurdes", "Frau Dr. Weber", "la dottoressa Bianchi")
  'dona',
  'herr',
  'frau',
  'signor',
  'signora',
  'dott',
  'dottoressa',
  // Arabic, as the tokens fold them ("د. خالد", "الدكتورة ريم", "الأستاذ سمير")
  'د',
  'دكتور',
  'دكتورة',
  'الدكتور',
  'الدكتورة',
  'استاذ',
  'استاذة',
  'الاستاذ',
  'الاستاذة',
  'المهندس',
  'المهندسة',
]);
/** Words inside a full name: "Peter van Dijk", "María de la Cruz", "Omar bin Said". */
export const PARTICLES = new Set([
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
  'ni',
  'nic',
  'bint',
  'abu',
  'mac',
]);
/** "My name is" in Arabic written in Latin letters: "esmi Youssef", "smiti Nadia". */
const ARABIZI_NAMING: ReadonlySet<string> = new Set(['esmi', 'ismi', 'smiti', 'asmi']);
/** What stands just before a name in an introduction, in the languages people greet in. */
export const INTRODUCING: ReadonlySet<string> = new Set([
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
  'انا',
  // Hindi and Urdu in Latin letters: "Main Priya Raman" (I), "mera naam …" (my name)
  'main',
  'mein',
  'naam',
  ...ARABIZI_NAMING,
]);

/** Small words that are never part of a name, whatever their case. */
export const NOT_NAME: ReadonlySet<string> = new Set([
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
  'hoon',
  'hun',
  'ich',
  'before',
  'again',
  'por',
  'favor',
  'otra',
  'otro',
  'vez',
  'encore',
  'w',
  'daba',
  'law',
  'sama7t',
  '3ala',
  'salam',
  'svp',
  'stp',
  'porfa',
  'pls',
  'plz',
  'please',
  'lol',
  'haha',
  'btw',
  'fyi',
  'tbh',
  'thx',
]);

/**
 * Words that open a sentence before a name but are none: greetings, thanks, commands. A
 * capitalised English word there is otherwise taken as a first name ("Grace Hopper here").
 */
const OPENERS = new Set(
  (
    'hi hello hey dear thanks thank please yes no ok okay so well now then also this that it ' +
    'my our your welcome sorry just new returning switch log sign create add make register ' +
    'user account name call good morning evening afternoon greetings yo hiya howdy bye ' +
    'cheers regards best kind note oh ah um hmm alright right great cool nice fine hola ' +
    'bonjour salut buenos buenas'
  ).split(' '),
);

/**
 * A word that can be part of a name: no word of the app's nor a field or role, and
 * capitalised (an English word too, "Grace Hopper", unless it opens a sentence) or, in a
 * message written all in lower case, foreign — or any word, when a naming verb just said it
 * is a name (`cued`: "heiß anna").
 */
export function nameLike(
  tokens: readonly Token[],
  i: number,
  lowerCaseMessage: boolean,
  beforeName = false,
  cued = false,
): boolean {
  const token = tokens[i];
  if (!token || token.punct || token.lower.length < 2) return false;
  if (TITLES.has(token.lower) || NOT_NAME.has(token.lower) || INTRODUCING.has(token.lower)) {
    return false;
  }
  if (wordClasses(token.lower).length > 0 || inLexicons(token.lower)) return false;
  if (!/^\p{L}[\p{L}'-]*$/u.test(token.raw)) return false;
  if (/\p{Script=Arabic}/u.test(token.raw)) return arabicNameLike(token.lower);
  if (lowerCaseMessage) return cued || !isEnglishWord(token.lower);
  // "al-Hassan", "bin-Laden": a particle joined to the capitalised name
  if (
    !/^\p{Lu}/u.test(token.raw) &&
    !/^(?:al|el|ad|ar|as|ash|az|bin|ibn|abu|abd)-\p{Lu}/u.test(token.raw)
  ) {
    return false;
  }
  const before = tokens[i - 1];
  const opensSentence = !before || /^[.!?]$/.test(before.raw);
  // An English word opening a sentence is a first name only just before a name ("Will Adeyemi").
  if (opensSentence && isEnglishWord(token.lower)) return beforeName && !OPENERS.has(token.lower);
  return true;
}

/**
 * Arabic has no capitals to tell a name by: what follows a name is often "and I …" written
 * as one word ("ليلى حداد | وأنا باحثة", "سلمى | وكنخدم"), or "please" ("لو سمحت").
 */
function arabicNameLike(word: string): boolean {
  if (ARABIC_NOT_NAME.has(word)) return false;
  return !(word.startsWith('و') && word.length >= 4 && !AND_NAMES.has(word));
}
const ARABIC_NOT_NAME = new Set(
  'لو سمحت من فضلك في مع انا انت هنا عندكم عندك بس يا شكرا اهلا مرحبا باسم اسمي سميتي معك معاك'.split(
    ' ',
  ),
);
/** Names that open on the letter that also writes "and": Walid, Wael, Wafa, Wisam… */
const AND_NAMES = new Set(
  'وليد وائل وفاء وسام ولاء وداد وحيد وفيق وجدي وهيب وردة وجدان'.split(' '),
);

/** Words written in lower case: a writer who types "mohammed al-farsi" names so. */
const lowerCased = (tokens: readonly Token[], first: number, last: number) =>
  tokens.slice(first, last + 1).every((t) => !/\p{Lu}/u.test(t.raw));

/** True for the words "i", "i'm" and the like, capitalised in a message typed in lower case. */
const firstPerson = (token: Token) => /^i(?:'[a-z]+)?$/.test(token.lower);

/**
 * The name spans settled: a title and its name, or a name's pieces around a particle, are one
 * span; a name takes in up to two next words and one preceding word that can be part of a
 * name (see nameLike: "Luca Rossi", "Tom Becker's", "luca rossi"); and of several names, the one introduced ("Hajimemashite, I'm Sakura",
 * "Olá, sou a Ana Ribeiro", "Sat Sri Akal! Harpreet Kaur here") is the user's, the others
 * greetings.
 */
export function settleNames(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const lowerCase = !tokens.some((t) => /\p{Lu}/u.test(t.raw) && !firstPerson(t));
  const join = (from: number, to: number) => markSpan(out, 'name', from, to);
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
  // "ana esmi Youssef": Arabizi "I, my name is …" — the name is the word after it
  for (const run of runsOf(out, 'name')) {
    const cue = run.last + 1;
    if (!ARABIZI_NAMING.has(tokens[cue]?.lower ?? '') || !tokens[cue + 1] || tokens[cue + 1]!.punct)
      continue;
    out.fill(0, run.first, run.last + 1);
    if (out[cue + 1] === 0) join(cue + 1, cue + 1);
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
    // nor, in Arabic, the "and I …" the tagger ran on into ("خالد | وأنا باحث")
    const arabicTail = (t: Token) => /\p{Script=Arabic}/u.test(t.raw) && !arabicNameLike(t.lower);
    while (first < last && arabicTail(tokens[last]!)) out[last--] = 0;
    // nor small words in lower case after it ("Rocío | otra vez"; "Nguyen Van An" is a name)
    const small = (t: Token) => NOT_NAME.has(t.lower) && !/\p{Lu}/u.test(t.raw);
    while (first < last && small(tokens[last]!)) out[last--] = 0;
    if (first === last && NOT_NAME.has(tokens[first]!.lower)) {
      out[first] = 0;
      continue;
    }
    const lower = lowerCase || lowerCased(tokens, first, last);
    for (let n = 0; n < 2 && out[last + 1] === 0; n++) {
      // a particle and the name after it ("Layla al-Hassan", "Siobhán Ní Bhriain")
      const skip = PARTICLES.has(tokens[last + 1]?.lower ?? '') && out[last + 2] === 0 ? 1 : 0;
      if (!nameLike(tokens, last + 1 + skip, lower)) break;
      last += 1 + skip;
    }
    // up to two words before it, over particles ("Ahmad bin Yusuf", "María José de la
    // Cruz"); in a message typed in lower case only a word that opens it or follows a colon
    // ("new user: li wei")
    for (let n = 0; n < 2; n++) {
      let at = first - 1;
      while (first - at <= 2 && PARTICLES.has(tokens[at]?.lower ?? '') && out[at] === 0) at--;
      const opens = at === 0 || /^[:,]$/.test(tokens[at - 1]?.raw ?? '');
      if (out[at] !== 0 || (lower && !opens) || !nameLike(tokens, at, lowerCase, true)) break;
      first = at;
      if (lower) break;
    }
    join(first, last);
  }
  // Pieces that now touch are one name ("Nguyen | Thi | Lan").
  runs = runsOf(out, 'name');
  for (let r = runs.length - 1; r > 0; r--) {
    if (runs[r]!.first === runs[r - 1]!.last + 1) join(runs[r - 1]!.first, runs[r]!.last);
  }
  runs = runsOf(out, 'name');
  // Of several, a run of plain English words in lower case is none ("new around here").
  // French imperatives ("Connecte-moi") are no names either.
  const plain = (run: { first: number; last: number }) =>
    /-(?:moi|toi|nous|vous)$/u.test(tokens[run.first]!.lower) ||
    tokens
      .slice(run.first, run.last + 1)
      .every((t) => !/\p{Lu}/u.test(t.raw) && isEnglishWord(t.lower));
  if (runs.length > 1 && !lowerCase && runs.some((run) => !plain(run))) {
    for (const run of runs) if (plain(run)) out.fill(0, run.first, run.last + 1);
    runs = runsOf(out, 'name');
  }
  if (runs.length > 1) {
    const chosen = runs.find((run) => {
      let at = run.first - 1;
      while (at >= 0 && ['a', 'la', 'el', 'o'].includes(tokens[at]!.lower)) at--;
      const introduced = at >= 0 && INTRODUCING.has(tokens[at]!.lower);
      return introduced || tokens[run.last + 1]?.lower === 'here';
    });
    // else the first not said as a place ("médica em | Coimbra |, Teresa Almeida")
    const placed = (run: { first: number }) =>
      PLACE_PREPOSITIONS.has(tokens[run.first - 1]?.lower ?? '');
    // or the one that says the first in full ("it's Marcus again Marcus Bell")
    const first = runs[0]!;
    const words = (run: { first: number; last: number }) =>
      tokens.slice(run.first, run.last + 1).map((t) => t.lower);
    const fuller = runs.find(
      (run) =>
        run.last - run.first > first.last - first.first &&
        words(first).every((w, k) => words(run)[k] === w),
    );
    const user = chosen ?? fuller ?? runs.find((run) => !placed(run)) ?? runs[0]!;
    if (fuller && !chosen) out.fill(0, first.first, first.last + 1);
    const others = clausesOfOthers(tokens);
    for (const run of runs) {
      if (run === user || (fuller && !chosen && run === first)) continue;
      // A field or a role said apart from the name is the field or role ("I'm Ji-woo Park.
      // Bioinformatics."), unless said of someone else ("Mein Freund ist | Informatiker").
      const span = tokens.slice(run.first, run.last + 1);
      if (others[run.first]) {
        out.fill(0, run.first, run.last + 1);
      } else if (span.every((t) => isField(t.lower))) {
        markSpan(out, 'domain', run.first, run.last);
      } else if (span.every((t) => isRoleWord(t.lower))) {
        markSpan(out, 'archetype', run.first, run.last); // "…, je suis | pédiatre"
      } else if ((chosen && chosen !== runs[0]) || placed(run))
        out.fill(0, run.first, run.last + 1);
    }
  }
  return out;
}

/** Prepositions before a place, which a name does not follow. */
const PLACE_PREPOSITIONS = new Set('in at from en em no na à aus'.split(' '));
