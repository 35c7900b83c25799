// Messages, and clauses, that only tell how someone else is ("my advisor is super strict
// about baselines, it drives me nuts"): small talk, whose level words are not the writer's;
// likewise clauses that tell how a past run was. Jobs the writer has left are in past-jobs.ts.
// Read by the action corrections (action-overrides.ts) and the level reading
// (profile-levels.ts).
import { isField, isRoleWord } from './model/gazetteer.ts';
import { lexiconClass } from './model/lexicon.ts';
import { foldedSet, type Token } from './model/tokens.ts';

/**
 * True when a message only tells how someone else is ("my advisor is super strict
 * about baselines, it drives me nuts"; "mon directeur de thèse est hyper exigeant"; "المشرف
 * تبعي كتير صارم") and neither asks for anything nor says who the writer is: small talk,
 * whatever level words it holds.
 */
export function talksOfOthers(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  const named = words.flatMap((_, i) => (namesOther(words, i) ? [i] : []));
  if (named.length === 0) return false;
  // what they say is theirs, whatever it asks ("my supervisor says I should be bolder"), up
  // to the end of its clause
  const reported = tokens.map(() => false);
  // (or to a "but" that turns back to the writer: "my partner thinks I'm crazy | but I want …")
  for (const i of named.filter((i) => REPORTING.has(words[i + 1] ?? ''))) {
    for (let j = i + 1; j < tokens.length && !tokens[j]!.punct; j++) {
      if (BUT.has(words[j]!) && SUBJECTS.has(words[j + 1] ?? '')) break;
      reported[j] = true;
    }
  }
  // though the writer may say who they are in it ("… says I should say I'm a research
  // assistant"), or in a clause of their own ("…, I'm a PhD student myself"; not "…, je n'en
  // peux plus")
  const saysSelf = (i: number, levels: boolean) =>
    (SELF.has(words[i]!) || SUBJECTS.has(words[i]!)) &&
    words
      .slice(i + 1, i + 5)
      .some((w) => isRoleWord(w) || isField(w) || (levels && lexiconClass(w) !== undefined));
  return !words.some((w, i) =>
    reported[i] ? saysSelf(i, false) : ASKS.has(w) || saysSelf(i, true),
  );
}

/** True when the folded word at `i` is someone else the writer knows ("my advisor"). */
function namesOther(words: readonly string[], i: number): boolean {
  // people in general, said to be some way ("reviewers in my field are notoriously harsh")
  const said = words.slice(i + 1, i + 5).some((w) => BEING.has(w));
  return (
    (PEOPLE.has(words[i]!) && said) ||
    OWNED_OTHERS.has(words[i]!) ||
    (OTHERS.has(words[i]!) &&
      (POSSESSIVES.has(words[i - 1] ?? '') ||
        POSSESSIVES.has(words[i - 2] ?? '') ||
        ARABIC_POSSESSIVES.has(words[i + 1] ?? '')))
  );
}
/** People in general. */
const PEOPLE = new Set(
  'reviewers referees editors people everyone everybody folks journals'.split(' '),
);
const BEING = new Set(['are', 'were', 'tend', 'get', 'can']);
/** Verbs that report what someone else says or thinks. */
const REPORTING = new Set(
  (
    'says said thinks thought told tells reckons insists dit disait dice dijo sagt meint diz ' +
    'disse trouve finds wants veut quiere will quer vuole'
  ).split(' '),
);

/**
 * For each token, whether its clause (between punctuation) tells of someone else and asks
 * nothing: "a gentle touch please, | my advisor is harsh enough" — its levels are not the
 * writer's.
 */
export function clausesOfOthers(tokens: readonly Token[]): boolean[] {
  const out = clausesWhere(tokens, talksOfOthers);
  // A clause that goes on about them goes on of them ("My wife's the academic, | she's in
  // sociology", "Ma directrice est spécialiste de Proust, | elle est très stricte").
  // So does one of a level alone ("Mein Betreuer ist ein Chemiker der alten Schule, | sehr
  // streng").
  for (let i = 1; i < tokens.length; i++) {
    if (out[i] || !tokens[i - 1]!.punct || !out[i - 2]) continue;
    let end = i;
    while (end < tokens.length && !tokens[end]!.punct) end++;
    const clause = tokens.slice(i, end).map((t) => t.lower);
    const levelAlone =
      clause.length > 0 &&
      clause.every((w) => INTENSIFIERS.has(w) || lexiconClass(w) !== undefined) &&
      clause.some((w) => lexiconClass(w) !== undefined);
    if (!THIRD_PERSONS.has(tokens[i]!.lower) && !levelAlone) continue;
    if (!clause.some((w) => ASKS_OR_SELF.has(w) || FIRST_PERSONS.has(w))) out.fill(true, i, end);
  }
  return out;
}
const INTENSIFIERS = foldedSet(
  'very really so super too quite pretty extremely sehr ganz extrem très trop muy bien molto ' +
    'muito جدا كتير وايد',
);
const THIRD_PERSONS = foldedSet(
  'she he they elle ils elles ella ellas ellos sie er lei lui ela ele eles elas هي هو',
);
const FIRST_PERSONS = foldedSet('i me my je moi yo mi ich mir mich eu io انا');

/**
 * For each token, whether its clause tells how a past run was and asks nothing: "a bit more
 * gentle?, | last run was brutal", "play it safer, | those ideas were way out there" — the
 * complaint is why the writer asks, its level words are not what they ask for.
 */
export function clausesOfThePast(tokens: readonly Token[]): boolean[] {
  return clausesWhere(tokens, (clause) => {
    const words = clause.map((t) => t.lower);
    // German's "was" is "something" ("ruhig mal was wagen")
    const past = words.some(
      (w, i) => PAST.has(w) && !(w === 'was' && GERMAN_BEFORE_WAS.has(words[i - 1] ?? '')),
    );
    return past && !words.some((w) => ASKS_OR_SELF.has(w));
  });
}

/** Tokens of the clauses (between punctuation) for which `holds` is true. */
export function clausesWhere(
  tokens: readonly Token[],
  holds: (clause: Token[]) => boolean,
): boolean[] {
  const out = tokens.map(() => false);
  for (let start = 0; start < tokens.length;) {
    let end = start;
    while (end < tokens.length && !tokens[end]!.punct) end++;
    if (holds(tokens.slice(start, end))) out.fill(true, start, end);
    start = end + 1;
  }
  return out;
}
/** Verbs that tell how something was. */
const PAST = new Set(
  'was were felt seemed got fue fueron estaba estaban fut etait etaient كان كانت كانوا'.split(' '),
);
const GERMAN_BEFORE_WAS = new Set('mal etwas ruhig doch noch auch einfach bitte so'.split(' '));
/** People the writer may talk about. */
const OTHERS = new Set(
  (
    'advisor adviser supervisor boss colleague colleagues coworker pi professor prof mentor ' +
    'directeur directrice encadrant encadrante collegue chef director directora asesor ' +
    'asesora tutor tutora jefe jefa colega المشرف مشرف الدكتور الدكتورة ' +
    'coauthor co-author coauthors collaborator collaborators labmate labmates ' +
    'sister brother mother mom mum dad father husband wife partner friend son ' +
    'daughter cousin uncle aunt roommate neighbour neighbor manager teammate classmate ' +
    'girlfriend boyfriend ' +
    'soeur frere mere pere mari femme ami amie fils fille ' +
    'hermana hermano madre padre esposo esposa marido amigo amiga hijo hija ' +
    'schwester bruder mutter vater mann frau freund freundin kollege kollegin sohn tochter ' +
    'irma irmao mae pai namorado namorada filho filha ' +
    'sorella fratello moglie marito amica figlio figlia collega ' +
    // those who look after the writer's health or money ("mi médico dice …")
    'doctor gp cardiologist therapist banker medecin banquier conseiller medico banquero ' +
    'arzt arztin bankberater banqueiro ' +
    // and their body: coaches and dietitians ("mi entrenador dice …", "meu personal disse …")
    'coach trainer entrenador entrenadora treinador treinadora personal allenatore ' +
    'allenatrice nutritionist dietitian nutricionista nutrizionista dietista ' +
    'professore professoressa ' +
    // bosses and grandparents in German, Portuguese and Italian
    'chefin chefe capo eltern nonna nonno oma opa avo abuela abuelo ' +
    // thesis supervisors in Portuguese, German and Italian
    'orientador orientadora doktorvater doktormutter betreuer betreuerin relatore relatrice ' +
    // teaching assistants, friends and family further out
    'ta buddy pal nephew niece grandma grandpa grandmother grandfather cheffe neveu ' +
    'sobrino sobrina sobrinho sobrinha nipote neffe nichte enkelin enkel ' +
    // those who teach, examine or edit the writer
    'lecturer teacher instructor examiner editor dean'
  ).split(' '),
);
/**
 * Arabic nouns with "my" written on: "أختي" (my sister), "زميلي" (my colleague). Not
 * "أبي" (my father): folded it is "ابي", the Gulf "I want".
 */
const OWNED_OTHERS = foldedSet(
  'أختي أخي أمي ابوي زوجي زوجتي صاحبي صاحبتي زميلي زميلتي مديري أستاذي مشرفي مراتي جوزي ' +
    'ابني بنتي ابنتي اخوي',
);
const POSSESSIVES = new Set(
  (
    'my mon ma mes mi mis our notre nuestro nuestra mein meine meinem meiner unser unsere ' +
    'meu minha nosso nossa mio mia miei mie nostro nostra ' +
    // Hindi and Urdu in Latin letters
    'mera meri mere'
  ).split(' '),
);
/** Arabic dialect possessives written after the noun: "المشرف تبعي", "الدكتور بتاعي". */
const ARABIC_POSSESSIVES = new Set(['تبعي', 'بتاعي', 'حقي', 'ديالي', 'تاعي']);
/** Words that ask for a setting, not about it. */
export const ASKING_FOR = foldedSet(
  'want please pls set make be prefer rather veux voudrais sois soyez quiero pon sea ' +
    'seas بدي ابي عايز أريد خلي خليك كن',
);
/** Words that say who the writer is. */
const SELF = foldedSet("i'm im am je suis soy أنا");
const BUT = new Set(['but', 'mais', 'pero', 'aber', 'ma', 'mas']);
/** "I" opening what the writer does ("…, I teach ecology"). */
const SUBJECTS = new Set(['i', 'je', 'yo', 'ich', 'eu', 'io']);
/** Words that ask the app for something. */
const ASKS = new Set([
  ...ASKING_FOR,
  ...foldedSet('wants like use change cambia mets prefere prefiero quisiera se أفضل'),
  ...'need besoin necesito brauche preciso bisogno'.split(' '),
]);
/** Words that ask the app for something or say who the writer is. */
const ASKS_OR_SELF = new Set([...ASKS, ...SELF]);
