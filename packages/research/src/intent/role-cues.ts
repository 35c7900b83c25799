// Where a message says a role, and what belongs to one, for the role corrections
// (settle-roles.ts): "I'm a …", "soy …", a role alone between commas, the qualifiers French,
// Spanish and Arabic write after the role's noun, and the words that say a role does not hold.
import { isField, isFieldModifier, isRoleModifier } from './model/gazetteer.ts';
import { LEVEL_TAGS, slotOf, TAGS } from './model/tags.ts';
import { foldedSet, type Token } from './model/tokens.ts';

/** What completes a French or Spanish role after "de" or "en": "estudiante de doctorado". */
const ROLE_COMPLEMENTS = new Set(
  (
    'doctorado doctorat master máster maestria maestría grado licence licenciatura these thèse ' +
    'conferences conférences software datos sistemas recherche investigacion investigación ' +
    'terrain campo laboratorio laboratoire donnees données logiciel base ruolo m1 m2 l1 l2 ' +
    'l3 mestrado doutorado doutoramento dottorato obra'
  ).split(' '),
);
/**
 * True when the role word at `i` is said as the writer's: just after "I'm" or "soy" (not a
 * title before a name: "I am Prof. Hiroshi Tanaka"); after "I'm a", "as a" or "Sigrid, a",
 * with at most three words between that the tagger read as a level or nothing ("I'm a very
 * cautious statistician"); or alone between commas.
 */
export function saysRole(tokens: readonly Token[], tags: readonly number[], i: number): boolean {
  if (standsAlone(tokens, tags, i)) return true;
  const next = tokens[i + 1];
  const titled = next !== undefined && (next.raw === '.' || /^\p{Lu}/u.test(next.raw));
  for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
    const word = tokens[j]!.lower;
    // "I'm faculty", "I'm now faculty", "I'm part-time faculty"
    const between = tokens.slice(j + 1, i).map((t) => t.lower);
    // German turns "ich bin" round after a first word ("Übrigens bin ich Postdoc")
    const inverted = (w: string) => w === 'ich' && word === 'bin';
    // ("im Moment bin ich aber einfach | Sachbearbeiter", "I'm really just a …")
    const adjacent = between.every(
      (w) => NOW.has(w) || isRoleModifier(w) || inverted(w) || ROLE_FILLERS.has(w),
    );
    if (SAYS_SELF.has(word) && adjacent) return !titled;
    // "fui promovido a gerente de projetos", "got promoted to senior engineer"
    const promoted = PROMOTED.has(tokens[j - 1]?.lower ?? '') && PROMOTED_TO.has(word);
    if (promoted && between.every(isRoleModifier)) return true;
    if (isDegreeDone(tokens, i)) return false;
    if (ARTICLES.has(word)) {
      let k = j - 1;
      while (k >= 0 && HEDGES.has(tokens[k]!.lower)) k--;
      // "I'm Sigrid, a cautious statistician", "Marcus here, just a curious undergrad": after
      // a name and a comma; "still a postdoc
      // but …": opening the message
      const named = (at: number) => slotOf(tags[at] ?? 0) === 'name';
      const afterName =
        tokens[k]?.raw === ',' &&
        (named(k - 1) || (HERE.has(tokens[k - 1]?.lower ?? '') && named(k - 2)));
      return k < 0 || INTRODUCING.has(tokens[k]!.lower) || afterName;
    }
    if (tokens[j]!.punct || (tags[j] !== 0 && !LEVEL_TAGS.has(tags[j]!))) return false;
  }
  return false;
}
const ARTICLES = new Set([
  'a',
  'an',
  'un',
  'une',
  'una',
  'um',
  'uma',
  'ein',
  'eine',
  'il',
  'lo',
  "l'",
  'la',
]);
/**
 * What comes before "a" in "I'm a …", "as a …", "I'm doing a postdoc", "je suis une …",
 * "faccio il pasticcere" (I work as a pastry chef).
 */
const INTRODUCING = new Set(
  "i'm im am as doing soy sou suis sono bin es est ist je yo eu ich como comme come als faccio".split(
    ' ',
  ),
);
/** Words between "I'm" and "a" that change nothing: "I'm just a curious retiree". */
const HEDGES = new Set(
  (
    'just only merely basically actually also really still now solo juste seulement ' +
    'simplement simplemente nur einfach so apenas'
  ).split(' '),
);
/**
 * "I am" just before a role, without an article: "soy catedrático", "I'm faculty", "أنا
 * مبرمج", "ana tbiba"; and "as" after a verb of work ("trabajo como enfermera", "lavoro come
 * insegnante", "arbeite als Lehrerin", "كنخدم محلل", I work as an analyst).
 */
const SAYS_SELF = foldedSet(
  "i'm im am soy sou suis sono bin انا وانا فانا ana como comme come als " +
    'كنخدم نخدم بشتغل أشتغل بخدم أعمل',
);
/** Being promoted, and the "to" before the role: "fui promovido a gerente", "promoted to …". */
const PROMOTED = foldedSet(
  'promoted promovido promovida promu promue promosso promossa ascendido ascendida befördert',
);
const PROMOTED_TO = foldedSet('to a al au zum zur');

/**
 * True when a role word is said on its own between commas or stops, as people list who they
 * are ("Kwame here, epidemiologist, nice to meet you"; "Mariam Kouyaté, sociologue, Bamako"),
 * perhaps with qualifiers ("Bill. Retired civil engineer."; "épidémiologiste de terrain").
 */
function standsAlone(tokens: readonly Token[], tags: readonly number[], i: number): boolean {
  const at = i + 1 + qualifiesBefore(tokens, i + 1);
  const after = tokens[at];
  // ", pharmacienne hospitalière et je m'intéresse à …": "and" ends the clause too, as does
  // the field the role is in (", Doktorand in | Informatik", ", mestranda em | saúde pública")
  const inField =
    FIELD_PREPOSITIONS.has(after?.lower ?? '') && slotOf(tags[at + 1] ?? 0) === 'domain';
  // "Freiberuflicher Übersetzer hier, …", as one says "Kwame here"
  const here = HERE.has(after?.lower ?? '') && (tokens[at + 1]?.punct ?? true);
  // or where the writer does it ("viticulteur | en Bourgogne", "Kurator | am Stadtmuseum",
  // "مزارع | من الأغوار")
  const where = WHERE.has(after?.lower ?? '') && slotOf(tags[at + 1] ?? 0) !== 'archetype';
  const ends =
    !after ||
    (after.punct && BREAKS.has(after.raw)) ||
    CLAUSE_AND.has(after.lower) ||
    ARABIC_AND.test(after.raw) ||
    inField ||
    here ||
    where;
  if (!ends) return false;
  let j = i - 1;
  while (j >= 0 && i - j <= 3 && tags[j] === 0 && qualifies(tokens[j]!.lower)) j--;
  // and over "now" ("früher Bankkaufmann, | jetzt | Pflegefachmann")
  if (j >= 0 && tags[j] === 0 && NOW.has(tokens[j]!.lower)) j--;
  // and over a year of study ("soil science, | 4th year | PhD.")
  if (j > 0 && i - j <= 2 && isQualifierPair(tokens[j - 1]!.lower, tokens[j]!.lower)) j -= 2;
  // or the message opens on it before a comma or its field ("jubilada, me encanta la
  // astronomía", "Professore ordinario di | diritto costituzionale"; not a title: "Prof.
  // Akira Yamamoto")
  if (j < 0) return after?.raw === ',' || inField || where;
  return tokens[j]!.punct && BREAKS.has(tokens[j]!.raw) && j > 0;
}
/** Words of talk between "I am" and a role that say nothing of it. */
const ROLE_FILLERS = new Set(
  (
    'just only simply actually really basically aber einfach nur eigentlich halt solo apenas ' +
    // since when: "Ich bin seit gestern Teamleiter", "je suis depuis hier …"
    'since yesterday seit gestern kurzem heute depuis hier desde ayer hoy ontem hoje ieri oggi'
  ).split(' '),
);
const BREAKS = new Set([',', '.', ';', '—', '–', ':', '!', '،', '؛']);
const CLAUSE_AND = new Set(['and', 'et', 'y', 'e']);
/** Arabic "and", written onto the next word ("صيدلي | وعندي صيدلية", a pharmacist and I own …). */
const ARABIC_AND = /^و\p{Script=Arabic}{2,}/u;
const HERE = new Set(['here', 'hier', 'ici', 'aqui', 'qui']);
const FIELD_PREPOSITIONS = new Set(['in', 'en', 'em', 'im', 'of', 'de', 'di', 'في']);
/** Where a job is done: "at", "au musée", "am Stadtmuseum", "nelle Langhe", "من", "@". */
const WHERE = foldedSet(
  'at in @ en au aux a chez im am an bei beim in der no na nos nas em nel nella nelle ' +
    'al alla presso من في عند',
);
const qualifies = (word: string) => isRoleModifier(word) || isFieldModifier(word) || isField(word);

/**
 * Arabic words that qualify the role before them: doctorate, master's, assistant, associate;
 * software ("مهندس برمجيات"), data ("عالم بيانات"), research, clinical, civil, field, social,
 * bachelor's, medicine ("طالب طب"), teeth ("دكتورة أسنان"), resident, economic, independent,
 * senior.
 */
export const ARABIC_QUALIFIERS = new Set(
  (
    'دكتوراه ماجستير بكالوريوس مساعد مساعدة مشارك مشاركة برمجيات بيانات ابحاث بحث سريري ' +
    'سريرية مدني مدنية ميداني ميدانية اجتماعي اجتماعية طب اسنان مقيم مقيمة ' +
    // economic, independent, senior ("خبيرة اقتصادية", "صحفي مستقل", "مهندس أول")
    'اقتصادي اقتصادية مستقل مستقلة اول اقدم رئيسي رئيسية'
  ).split(' '),
);

/**
 * French and Spanish adjectives that qualify the role before them ("investigadora
 * principal", "bióloga marina", "maître de conférences associé"), folded.
 */
const ROMANCE_QUALIFIERS = new Set(
  (
    'titular titulaire asociado asociada associe associee adjunto adjunta adjoint adjointe ' +
    'principal principale invitado invitada invite invitee visitante clinico clinica ' +
    'clinicien clinicienne marino marina agronomo agronoma urgentiste hospitalier ' +
    'hospitaliere permanent permanente contractuel contractuelle postdoctoral posdoctoral ' +
    'postdoctorale jubilado jubilada retraite retraitee independiente independant ' +
    'independante emerito emerita emerite jefe jefa chef agrege agregee generaliste ' +
    'confirme confirmee senior junior social sociale ospedaliero ospedaliera associato ' +
    'laboralista substituto substituta intensivista hospitalar libero libera ' +
    'associata ordinario ordinaria precario precaria aposentado aposentada'
  ).split(' '),
);

/** How many words from `at` qualify the role just before them (0 when none do). */
export function qualifiesBefore(tokens: readonly Token[], at: number): number {
  const word = tokens[at]?.lower ?? '';
  if (ARABIC_QUALIFIERS.has(word) || ROMANCE_QUALIFIERS.has(word)) return 1;
  // "باحث ما بعد الدكتوراه", a postdoctoral researcher
  if (word === 'ما' && tokens[at + 1]?.lower === 'بعد' && tokens[at + 2]?.lower === 'الدكتوراه')
    return 3;
  // "épidémiologiste de terrain", "ingeniera de datos"
  const complement = ROLE_COMPLEMENTS.has(tokens[at + 1]?.lower ?? '');
  if (['de', 'en', 'di', 'do', 'da'].includes(word) && complement) return 2;
  // "docente a contratto", "architetta libera professionista"
  if (word === 'a' && tokens[at + 1]?.lower === 'contratto') return 2;
  if (word === 'professionista' && /^liber[oa]$/.test(tokens[at - 1]?.lower ?? '')) return 1;
  // retired, as French, Italian and German say it after the role: "instituteur à la
  // retraite", "insegnante in pensione", "Lehrer im Ruhestand"
  const next = tokens[at + 1]?.lower;
  if (word === 'a' && next === 'la' && tokens[at + 2]?.lower === 'retraite') return 3;
  if ((word === 'in' && next === 'pensione') || (word === 'im' && next === 'ruhestand')) return 2;
  const year = yearOfStudy(tokens, at);
  if (year > 0) return year;
  // "electricista por cuenta propia", "eletricista por conta própria": self-employed
  if (SELF_EMPLOYED.has(`${word} ${next} ${tokens[at + 2]?.lower}`)) return 3;
  // "ricercatore a tempo determinato", on a fixed-term contract
  if (
    word === 'a' &&
    next === 'tempo' &&
    /^(?:determinato|indeterminato|pieno|parziale)$/.test(tokens[at + 2]?.lower ?? '')
  )
    return 3;
  return 0;
}

/**
 * How many words from `at` say the year of study after the role, as French, Spanish,
 * Portuguese, Italian, German and Arabic write it ("doctorante en deuxième année", "aluno do
 * 3º ano", "dottoranda al secondo anno", "Doktorand im dritten Jahr", "طالبة دكتوراه في السنة
 * الثالثة"), 0 when none do.
 */
export function yearOfStudy(tokens: readonly Token[], at: number): number {
  if (!YEAR_PREPOSITIONS.has(tokens[at]?.lower ?? '')) return 0;
  let k = at + 1;
  if (YEAR_ARTICLES.has(tokens[k]?.lower ?? '')) k++;
  const ordinal = () => {
    const word = tokens[k]?.lower ?? '';
    if (ORDINALS.has(word) || /^\d{1,2}(?:e|eme|er|re|o|º|a|ª|nd|rd|th|st)?$/.test(word)) {
      k += /^\d+$/.test(word) && ['.', '°'].includes(tokens[k + 1]?.raw ?? '') ? 2 : 1;
      return true;
    }
    return false;
  };
  const year = () => YEARS.has(tokens[k]?.lower ?? '') && ++k > 0;
  // the ordinal before the year, or after it as Arabic writes it
  const found = (ordinal() && year()) || (year() && ordinal());
  return found ? k - at : 0;
}
const YEAR_PREPOSITIONS = new Set('en in im au al del do da di de dans nel no na في'.split(' '));
const YEAR_ARTICLES = new Set(['el', 'la', 'le', 'the', 'o', 'il']);
const YEARS = new Set('annee ano anno jahr semester semestre curso year السنة سنة'.split(' '));
const ORDINALS = new Set(
  (
    'premiere premier deuxieme troisieme quatrieme cinquieme derniere dernier ' +
    'primer primero primera segundo segunda tercer tercero tercera cuarto cuarta quinto ' +
    'ultimo ultima primo prima secondo seconda terzo terza quarto quarta ' +
    'primeiro primeira terceiro terceira ersten zweiten dritten vierten funften letzten ' +
    'الاولى الثانية الثالثة الرابعة الخامسة الاخيرة'
  ).split(' '),
);

/** True when the tag at `i` is a field of that one word alone. */
export function isLoneDomain(tags: readonly number[], i: number): boolean {
  return tags[i] === DOMAIN_B && tags[i + 1] !== DOMAIN_B + 1;
}
const DOMAIN_B = TAGS.indexOf('B-domain');

/** Words that say a role does not hold: "not a", "no longer a", "ne … plus", "ماشي". */
const NOT_ROLE_ANY_MORE = new Set([
  'not',
  'no',
  'longer',
  "isn't",
  "wasn't",
  'never',
  'ne',
  "n'",
  'ماشي',
  'مش',
  'لست',
]);
/** "I'm now a …", "je suis maintenant …", "soy ahora …". */
const NOW = foldedSet(
  'now currently maintenant actuellement désormais ahora ya actualmente jetzt inzwischen ' +
    'mittlerweile derzeit agora atualmente adesso ora attualmente الان دلوقتي هلق حاليا',
);
/** Degrees one is doing, which name no role: "I'm doing a PhD in …", "hago un máster". */
const DEGREES = new Set(
  "phd msc ma mba mphil dphil master masters doctorate master's máster maestria doctorado thèse these".split(
    ' ',
  ),
);
const DOING = new Set(['doing', 'pursuing', 'completing', 'finishing', 'hago', 'fais', 'haciendo']);

/** True when the role at `i` is a degree being done: "doing a PhD", "hago un máster". */
export function isDegreeDone(tokens: readonly Token[], i: number): boolean {
  const article = ['a', 'an', 'un', 'une', 'una', 'my', 'mi', 'ma', 'mon'];
  return (
    DEGREES.has(tokens[i]!.lower) &&
    article.includes(tokens[i - 1]?.lower ?? '') &&
    DOING.has(tokens[i - 2]?.lower ?? '')
  );
}
export const negated = (tokens: readonly Token[], i: number) =>
  tokens.slice(Math.max(0, i - 3), i).some((t) => NOT_ROLE_ANY_MORE.has(t.lower));

/** Self-employment said after a role, folded: "electricista por cuenta propia". */
const SELF_EMPLOYED = new Set(['por cuenta propia', 'por cuenta propria', 'por conta propria']);

/** True when two folded words qualify a role together ("high school", "3rd year"). */
export function isQualifierPair(first: string, second: string | undefined): boolean {
  return PAIRED.test(`${first} ${second}`);
}

/** Two-word qualifiers: "first year", "3rd year", "high school". */
const PAIRED =
  /^(?:(?:first|second|third|fourth|fifth|final|last|1st|2nd|3rd|4th|5th) year|(?:high|middle|primary|secondary|elementary|grad|graduate|medical|law) school)$/;
