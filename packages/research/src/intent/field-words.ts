// The words and word shapes the field corrections read (settle-fields.ts, field-fallback.ts):
// what joins, ends or qualifies a field, what never is one, and the shape of French and
// Spanish fields.
import { isEnglishWord } from './model/english-words.ts';
import { inLexicons, isField, isFieldHead, isRoleModifier, isRoleWord } from './model/gazetteer.ts';
import { lexiconClass } from './model/lexicon.ts';
import { foldedSet, type Token } from './model/tokens.ts';
import { wordClasses } from './model/word-classes.ts';

/** Words that join a field's words, in the languages people write fields in. */
export const DANGLING_JOINS = new Set([
  'of',
  'and',
  '&',
  '+',
  'und',
  'و',
  'de',
  'des',
  'du',
  'del',
  'et',
  'y',
  'e',
  'da',
  'do',
]);
/** Words after "of" that end a field rather than continue it. */
export const NOT_OF_FIELD = new Set([
  'course',
  'sorts',
  'all',
  'mine',
  'it',
  'them',
  'this',
  'that',
  'these',
  'those',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'the',
  'a',
  'an',
  'things',
  'stuff',
  'work',
]);
/** Words that stand for things or for the app's own, never a field. */
export const NEVER_FIELD = new Set(
  (
    'everything anything something nothing everyone team group lab company job project account ' +
    'app application tool site website service detail details between directions ' +
    'direction ideas idea approaches سنة ' +
    'cuenta compte perfil profil usuario utilisateur svp inscrire registrarme connecter'
  ).split(' '),
);
/**
 * Verbs the tagger takes into a field ("data journalist, covering | climate", "profe de
 * secundaria, doy | biología"), folded. Not the ones that are nouns too ("estudio", "trabajo").
 */
export const LEADING_VERBS = new Set(
  (
    'covering studying doing does working researching teaching taught teach teaches exploring ' +
    'focusing say says ' +
    'shifted moved moving switched pivoted pivoting transitioned turned ' +
    'doy enseno investigo imparto hago enseigne etudie insegno faccio dou ensino leciono faco ' +
    'unterrichte studiere lehre'
  ).split(' '),
);
/**
 * An English adjective that can qualify a field ("intellectual | property law"): its ending,
 * and no qualifier of people ("postdoctoral") or word that says how much.
 */
export const adjective = (word: string) =>
  /^[a-z]{4,}(?:al|ic|ive|ary|ar|ous)$/.test(word) &&
  !isRoleModifier(word) &&
  !NOT_FIELD_ADJECTIVES.has(word);
const NOT_FIELD_ADJECTIVES = new Set(
  'personal several actual usual total original potential special real various similar particular regular primary typical'.split(
    ' ',
  ),
);
/** Small words that never name part of a field, as the tokens fold them. */
const FUNCTION_WORDS = new Set(
  (
    'the and for with from into onto toward towards about this that these those some any our your their ' +
    'his her its was were been being have has had will would can could should also just ' +
    'very really mostly mainly years year lot lots stuff things thing'
  ).split(' '),
);

/**
 * Where a field that opens on a head word begins, with the untagged words before it that
 * name what the head is of ("wireless sensor | networks", "energy | systems"): up to two
 * words in lower case that no lexicon, command or function word list has.
 */
export function headWith(tokens: readonly Token[], tags: readonly number[], first: number): number {
  const head = tokens[first]?.lower ?? '';
  // a head that is a field on its own may follow a verb ("I mix | statistics")
  if (!isFieldHead(head) || isField(head)) return first;
  let at = first;
  while (first - at < 2 && tags[at - 1] === 0 && contentWord(tokens[at - 1])) at--;
  return at;
}

/**
 * A word in lower case that may name part of a field: in no lexicon, command, function or
 * chat word list ("sensor", "islands", "disorders"; not "the", "mostly", "lol", "now").
 */
export function contentWord(t: Token | undefined): boolean {
  return (
    Boolean(t) &&
    /^\p{Ll}[\p{Ll}-]{2,}$/u.test(t!.raw) &&
    !FUNCTION_WORDS.has(t!.lower) &&
    !CHAT_WORDS.has(t!.lower) &&
    !NOW.has(t!.lower) &&
    !PLACES_AND_TIMES.has(t!.lower) &&
    !NEVER_FIELD.has(t!.lower) &&
    !FIELD_ENDS.has(t!.lower) &&
    !/ly$/.test(t!.lower) &&
    !LEADING_VERBS.has(t!.lower) &&
    !lexiconClass(t!.lower) &&
    !isRoleWord(t!.lower) &&
    wordClasses(t!.lower).length === 0
  );
}
/** Where and when a field is worked on, which is not the field: "a neuroscience | lab". */
const PLACES_AND_TIMES = new Set(
  (
    'lab labs laboratory dept department departments group groups center centre institute ' +
    'university uni school college hospital clinic unit firm startup ' +
    'last next month months week weeks day days part-time full-time'
  ).split(' '),
);
const CHAT_WORDS = new Set(
  'lol haha btw tbh fyi imo pls plz please thanks thx anyway basically honestly though'.split(' '),
);
/** Words that end a field: "more like philosophy of language | than linguistics". */
export const FIELD_ENDS = new Set(['than', 'rather', 'instead', 'not', 'but']);
/** Words that say what follows is the current field or role. */
const NOW = foldedSet(
  "now nowadays currently today lately maintenant actuellement aujourd'hui ahora hoy " +
    'actualmente agora ' +
    'hoje atualmente jetzt heute derzeit adesso ora oggi attualmente ' +
    // Arabic: now (Gulf, Levantine, MSA), currently
    'الحين هلق الان حاليا',
);

/** True when folded words say "now" or "these days" ("my field was X, now it's Y"). */
export function saysNow(words: readonly string[]): boolean {
  return words.some((w, i) => NOW.has(w) || (w === 'these' && words[i + 1] === 'days'));
}

/**
 * Whether the field at `first`..`last` is one the writer has left or denies ("from
 * statistics to …", "ya no estoy en química", "my field isn't ecology anymore", "…, not
 * X-ray crystallography"): only said beside the one that holds.
 */
export function formerField(tokens: readonly Token[], first: number, last: number): boolean {
  const words = tokens.map((t) => t.lower);
  const after = words.slice(last + 1, last + 3);
  if (after[0] === 'anymore' || after.join(' ') === 'any longer' || after.join(' ') === 'no more')
    return true;
  let at = first - 1;
  while (at >= 0 && FORMER_ARTICLES.has(words[at]!)) at--;
  // moved from it to another ("from statistics to …"; not "from the chemistry dept")
  if (FROM.has(words[at] ?? '') && after.some((w) => TO.has(w))) return true;
  const clause: string[] = [];
  for (let k = first - 1; k >= Math.max(0, first - 4) && !tokens[k]!.punct; k--)
    clause.push(words[k]!);
  // "je passe de | la chimie …", "switched careers from | accounting"
  const from = ROMANCE_FROM.has(words[at] ?? '') || FROM.has(words[at] ?? '');
  if (from && clause.some((w) => MOVES.has(w))) return true;
  return clause.some((w) => DENIALS.has(w));
}
const FORMER_ARTICLES = new Set(['the', 'my', 'la', 'le', 'l', 'el', 'a', 'o']);
const FROM = new Set(['from', 'desde', 'von']);
const TO = new Set(['to', 'a', 'à', 'zu', 'para', 'into']);
const ROMANCE_FROM = new Set(['de', 'du', 'del', 'da', 'do']);
const MOVES = new Set('passe pase paso passo passei cambie cambio mudei switched moved'.split(' '));
const DENIALS = new Set("not isn't wasn't no longer never nicht nao pas plus".split(' '));

export const ARTICLES = new Set(['the', 'a', 'an']);
/** A German adjective before a field: "theoretischen | Physik", "klinische | Psychologie". */
export const GERMAN_ADJECTIVE = /^[a-zäöü]{4,}(?:ische|ischen|ischer|isches|alen|aler)$/u;
/** "A" in the other languages the router reads, as German declines it too. */
export const INDEFINITE_ARTICLES: ReadonlySet<string> = new Set(
  // (with spoken German's "nem", "ner": "an nem Gymnasium")
  'un una une um uma uno ein eine einen einer einem nem ner'.split(' '),
);
export const AND = new Set(['and', '&', '+', 'y', 'et', 'e', 'und']);

/**
 * True when the "and" at `k` joins an untagged field word to the field before it: the
 * writer names two subjects ("Mathe | und Physik", "literatura | y lengua").
 */
export function joinsField(words: readonly string[], tags: readonly number[], k: number): boolean {
  const next = words[k + 1] ?? '';
  // "+" and "&" join nothing but fields, whatever the word after ("biostatistics + epi")
  const symbol = (words[k] === '+' || words[k] === '&') && /^\p{L}{2,}$/u.test(next);
  return AND.has(words[k] ?? '') && tags[k] === 0 && tags[k + 1] === 0 && (isField(next) || symbol);
}

/** How many words join a field to the word it takes in French or Spanish: "de", "de la". */
export function romanceJoin(words: readonly string[], at: number): number {
  if (!ROMANCE_JOINS.has(words[at] ?? '')) return 0;
  return words[at] === 'de' && ['la', "l'"].includes(words[at + 1] ?? '') ? 2 : 1;
}
const ROMANCE_JOINS = new Set(['de', 'del', 'du', 'des', "d'"]);
/** Words after "de" that end a field: possessives, articles, pronouns. */
const ROMANCE_STOPS = new Set(
  'mi mis tu tus su sus el la los las un una este esta estos que lo mon ma mes ton ta tes son sa ses le les une ce cette ces qui nos vos notre votre nuestro nuestra'.split(
    ' ',
  ),
);
/** A word in lower case that can continue a French or Spanish field. */
export const romanceWord = (token: Token | undefined) =>
  Boolean(token && /^\p{Ll}{3,}$/u.test(token.raw) && !ROMANCE_STOPS.has(token.lower));
/** A field word that is not English ("física", "économie"), which adjectives follow. */
export const romanceField = (word: string) => isField(word) && !isEnglishWord(word);
/** Adjective endings of French and Spanish ("cognitiva", "marine", "théorique", "civil"). */
export const romanceAdjective = (token: Token | undefined) =>
  romanceWord(token) &&
  /(?:al|ale|ales|aux|el|elle|elles|ico|ica|icos|icas|ique|iques|ivo|iva|ivos|ivas|ive|ives|if|ifs|ario|aria|ina|ino|ine|ano|ana|ain|aine|ien|ienne|ente|il|ile|ar|aire|aires|oso|osa|eux|euse|ada|ado|ee|ée|ees|ées)$/u.test(
    token!.lower,
  );

/** Words before a place: "in Nairobi", "from Brno", "en Bogotá". */
export const PLACE_BEFORE = new Set(['in', 'at', 'from', 'en']);

/** A capitalised word that names no field, role or English word: a place or an institution. */
export const placeWord = (token: Token) =>
  /^\p{Lu}\p{Ll}/u.test(token.raw) && !inLexicons(token.lower) && !isEnglishWord(token.lower);

/**
 * Arabic workplaces: company, bank, hospital (and the Maghrebi "sbitar"), university,
 * factory, ministry, ward, office, lab, clinic, school.
 */
export const ARABIC_WORKPLACES: ReadonlySet<string> = new Set(
  (
    'شركة شركه بنك مصرف مستشفى مستشفي سبيطار جامعة الجامعة مصنع وزارة قسم مكتب مختبر معمل ' +
    'عيادة مدرسة'
  ).split(' '),
);

/** What teaches a field: a faculty, a department, a school. */
export const FACULTIES: ReadonlySet<string> = new Set(
  (
    'faculty department dept school college faculte facultad departement departamento ' +
    'escuela ecole كلية قسم'
  ).split(' '),
);
