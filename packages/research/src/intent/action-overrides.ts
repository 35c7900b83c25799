// Exact corrections of the classifier's action, where the words say more than its guess: a
// level said to an action that takes none is a profile update ("Soyez impitoyable avec mes
// articles"); someone who says they are back is signing in, not signing up ("c'est encore
// moi, Yannick"); a question whether someone has an account lists the users; greetings
// alone are small talk; a run request that only states a profile is a profile update.
import { cueOf, levelMarks } from './model/lexicon.ts';
import { readLevels } from './model/level-reading.ts';
import { runsOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';
import { listsInstead, returnsInstead, signsUpInstead } from './account-requests.ts';
import { wordClasses } from './model/word-classes.ts';
import { namesWriter, SELF_NAMING, switchTarget } from './name-fallback.ts';
import { ASKING_FOR, clausesOfOthers, clausesOfThePast, talksOfOthers } from './talk-of-others.ts';
import { leftField, leftPastJob, onlyPastJob } from './past-jobs.ts';
import { saysNow } from './field-words.ts';
import { setsLevelForLater } from './later-settings.ts';
import { numbersRunItem } from './run-items.ts';
import { asksProgress } from './progress-questions.ts';
import { tellsOnlyDiet } from './non-roles.ts';
import { teachesSubject } from './field-fallback.ts';
import { labelsField } from './field-labels.ts';
import type { IntentAction, IntentSession } from './schema.ts';
import { requestedTopic } from './topic-requests.ts';
import { asksRunInGerman } from './german-topics.ts';
import { personaLabel } from './settle-persona.ts';
import { judgesTheWork, putsOffFeedback } from './put-off-feedback.ts';
import { saysRole } from './role-cues.ts';
import { namesRole } from './settle-roles.ts';
import { hopedFor, imaginedSelf, onlyImagines } from './imagined-roles.ts';
import {
  asksOfNews,
  asksWhatAppCovers,
  speaksOfOtherRisk,
  toldOfReading,
} from './told-or-asked.ts';
import {
  asksWhyPaused,
  answersRunInstead,
  asksHowToStart,
  asksHowToUse,
  asksForSkills,
  asksQuestion,
  asksToRetrain,
  asksWhatIsKept,
  asksWhatProfileTakes,
  editsProfile,
  labelsNextRun,
  labelledFeedback,
  remarksOnApp,
} from './explicit-messages.ts';

/**
 * The word classes that speak for each action a level word cannot belong to: "switch to the
 * strict profile" still switches, "thanks, harsh but fair" is still thanks.
 */
const OWN_CLASSES: Partial<Record<IntentAction, readonly string[]>> = {
  select_user: ['switching', 'account', 'naming'],
  train_planner: ['training'],
  list_users: ['account', 'people'],
  list_skills: ['skill'],
  list_memories: ['memory'],
  chitchat: ['greet', 'thanks', 'bye', 'praise'],
  help: ['helping', 'asking'],
};

/**
 * The level marks of a message's words, and whether the lexicon reads a level in them, past
 * the words `skip` marks.
 */
function levelsIn(
  tokens: readonly Token[],
  skip: readonly boolean[] = tokens.map(() => false),
): {
  marks: ReturnType<typeof levelMarks>;
  stated: boolean;
} {
  const words = tokens.map((t) => t.lower);
  const marks = levelMarks(words);
  return { marks, stated: Object.keys(readLevels(words, skip, marks)).length > 0 };
}

/**
 * True when a clause that tells of nobody else states a level: "tone down the riskiness, | my
 * PI is getting nervous" asks for a setting whatever the PI feels.
 */
function statesOwnLevel(tokens: readonly Token[]): boolean {
  return levelsIn(tokens, clausesOfOthers(tokens)).stated;
}

/**
 * True when a message routed to an action that takes no level states a risk or strictness
 * level and no word of that action's own outside the level's idiom ("pick holes").
 */
export function setsLevelInstead(tokens: readonly Token[], action: IntentAction): boolean {
  const own = OWN_CLASSES[action];
  if (!own) return false;
  // a question about the app stays one ("is strict review slower?")
  if (action === 'help' && tokens.some((t) => t.raw === '?')) return false;

  const { marks, stated } = levelsIn(tokens);
  if (!stated) return false;
  // small talk's thanks after the level are politeness ("une relecture modérément stricte, |
  // merci"); before it, or in its clause, a reaction ("thanks, harsh but fair", "thanks for
  // the gentle review"); and a clause of how the run was states none ("thanks, | that was a
  // bold idea")
  const past = clausesOfThePast(tokens);
  const clause = clauseNumbers(tokens);
  const levelClauses = clause.filter((_, i) => marks[i] && !past[i]);
  if (levelClauses.length === 0) return false;
  const last = Math.max(...levelClauses);
  const counts = (i: number) => action !== 'chitchat' || clause[i]! <= last;
  return !tokens.some(
    (t, i) => !marks[i] && counts(i) && wordClasses(t.lower).some((c) => own.includes(c)),
  );
}

/** True when a message states a level or names a field. */
function statesMore(tokens: readonly Token[]): boolean {
  // (the field left is no more: "I quit accounting")
  const words = tokens.map((t) => t.lower);
  const field = words.some((w, i) => !leftField(words, i) && wordClasses(w).includes('field'));
  return levelsIn(tokens).stated || field;
}

/** "For now" in the words that lack "now": "pour l'instant", "por enquanto", "per adesso". */
const FOR_NOW = / (?:pour l' instant|por enquanto|por el momento|pour le moment|im moment) /u;

/** The number of each token's clause (clauses end at punctuation). */
function clauseNumbers(tokens: readonly Token[]): number[] {
  let n = 0;
  return tokens.map((t) => (t.punct ? n++ : n));
}

/** The action the words say instead of the classifier's, if any. */
export function actionInstead(
  tokens: readonly Token[],
  action: IntentAction,
  session: IntentSession,
): IntentAction | undefined {
  const paused = session.run_status === 'awaiting_feedback';
  const words = tokens.map((t) => t.lower);
  // "Nice paper. Going forward please be stricter", "in general I want harsher reviews"
  const reacted = ['chitchat', 'submit_feedback', 'help'].includes(action);
  if (session.user_id && reacted && setsLevelForLater(tokens)) return 'update_profile';
  if (session.run_id && labelledFeedback(tokens)) return 'submit_feedback';
  // "did u see the news about the nurses' strike in the UK? wild": small talk, whatever
  // its words would set
  const newsFrom = ['update_profile', 'start_run', 'status', 'chitchat'].includes(action);
  if (newsFrom && asksOfNews(tokens)) return 'chitchat';
  if (session.user_id && action !== 'update_profile' && editsProfile(tokens))
    return 'update_profile';
  if (action !== 'train_planner' && asksToRetrain(tokens)) return 'train_planner';
  const skillsFrom = ['chitchat', 'help', 'list_memories', 'status', 'update_profile'];
  if (skillsFrom.includes(action) && asksForSkills(tokens)) return 'list_skills';
  // "persona: a tired but practical ward nurse who hates jargon"
  if (session.user_id && !paused && action === 'chitchat' && personaLabel(tokens) >= 0)
    return 'update_profile';
  const keptFrom = ['update_profile', 'train_planner', 'start_run', 'chitchat', 'help'];
  if (session.user_id && !paused && keptFrom.includes(action) && asksWhatIsKept(tokens))
    return 'list_memories';
  const runFromLabel = ['update_profile', 'chitchat'].includes(action) && !paused;
  if (session.user_id && runFromLabel && labelsNextRun(tokens)) return 'start_run';
  if (paused && action !== 'status' && asksWhyPaused(tokens)) return 'status';
  const running = session.run_status === 'running';
  if (running && (action === 'chitchat' || action === 'help') && asksProgress(tokens))
    return 'status';
  if (paused && answersRunInstead(tokens, action)) return 'submit_feedback';
  // "prima di rispondere: ora sono docente a contratto, aggiorna il profilo"
  const toldFirst = paused && action === 'submit_feedback' && putsOffFeedback(tokens);
  if (toldFirst && saysOwnRole(tokens)) return 'update_profile';
  // "Nel paragrafo 2 le affermazioni sono troppo audaci per i dati che hai"
  const judgedFrom = ['update_profile', 'submit_feedback', 'chitchat'].includes(action);
  const judged = paused && judgedFrom && judgesTheWork(tokens);
  if (judged && !setsLevelForLater(tokens)) return 'submit_feedback';
  // "Thank you. Idea 1 is interesting, but I cannot do idea 2 …"
  const remarks = action === 'chitchat' || action === 'help';
  if (paused && remarks && numbersRunItem(words)) return 'submit_feedback';
  if (!paused && action !== 'chitchat' && onlyGreets(tokens)) return 'chitchat';
  // "untersuch mal Lastmanagement mit E-Autos": the tagger knows German requests little
  const toldOf = !paused && toldOfReading(tokens);
  if (!paused && action !== 'start_run' && asksRunInGerman(tokens) && !toldOf) return 'start_run';
  const others = talksOfOthers(tokens);
  // "Ma femme est chirurgienne, moi je suis juste curieux": someone else, and no one signing up
  // ("… Meine Enkelin hat es mir installiert": what can it do, though, asks for help)
  if (action === 'create_user' && others && !namesWriter(tokens))
    return asksHowToUse(tokens) ? 'help' : 'chitchat';
  // "Servus, Dominik Huber hier – Sozialpädagoge …", "السلام عليكم، معك نورة", "Hi, ich bin
  // Mia. Mein Freund ist Informatiker …": greeted or told of others, but by someone new who
  // says who they are
  // (a question for help signed at its end is still one: "… Yours faithfully, E. Ashworth")
  const introduced =
    action === 'chitchat' ? namesWriter(tokens) : action === 'help' && namesWriter(tokens, false);
  if (!session.user_id && introduced) return 'create_user';
  if (others && !statesOwnLevel(tokens)) {
    // nor is it a run unless one is asked for ("il mio relatore è un professore di economia")
    const run = asksForRun(words) || requestedTopic(tokens);
    const profileOrRun = action === 'update_profile' || (action === 'start_run' && !run);
    return profileOrRun ? 'chitchat' : undefined;
  }
  if (remarksOnApp(tokens)) return action === 'update_profile' ? 'chitchat' : undefined;
  if (action === 'update_profile' && tellsOnlyDiet(tokens)) return 'chitchat';
  if (action === 'update_profile' && speaksOfOtherRisk(tokens)) return 'chitchat';
  // "If I were a physicist this would all be easier lol", "Quero ser cientista de dados um dia"
  // (and a help the classifier read into it that asks nothing)
  const states =
    ['update_profile', 'create_user', 'start_run'].includes(action) ||
    (action === 'help' && !asksQuestion(tokens));
  // (not a sign-up that names its writer: "sign me up, name's Bella. I want to be a vet …")
  const signsUp = () => action === 'create_user' && namesWriter(tokens);
  if (states && onlyImagines(tokens) && !signsUp()) return 'chitchat';
  // "I might switch to epidemiology next year, not sure yet"
  // (a level hoped for is still asked for: "I'm hoping you can be stricter")
  // (nor when it says what the writer is now: "…, mais pour l'instant chu auxiliaire …")
  const hopes = action === 'update_profile' && onlyImagines(tokens, hopedFor(tokens));
  const now = saysNow(words) || FOR_NOW.test(` ${words.join(' ')} `);
  if (hopes && !now && !levelsIn(tokens).stated) return 'chitchat';
  // "I used to be a lawyer but I quit years ago", unless it says what the writer is into now
  // ("Früher war ich selbst Prüfingenieur. Persona bitte: …" asks for a persona)
  const past = () => leftPastJob(tokens) || (onlyPastJob(tokens) && personaLabel(tokens) < 0);
  if (action === 'update_profile' && past() && !statesMore(tokens)) return 'chitchat';
  // "no wait, wrong one, switch me to Hanako"
  if (['update_profile', 'chitchat', 'help'].includes(action) && switchTarget(tokens) >= 0)
    return 'select_user';
  if (['chitchat', 'update_profile', 'list_users'].includes(action) && asksHowToUse(tokens))
    return 'help';
  if (action === 'start_run' && asksHowToStart(tokens)) return 'help';
  // "¿Esto sirve para escribir artículos científicos? Soy nuevo en esto.": new, and asking
  if (action === 'create_user' && asksHowToUse(tokens) && !namesWriter(tokens)) return 'help';
  const settingAsked = ['chitchat', 'update_profile', 'start_run'].includes(action);
  if (!paused && settingAsked && asksWhatProfileTakes(tokens)) return 'help';
  const subjectOnly = ['start_run', 'list_skills', 'chitchat', 'update_profile'].includes(action);
  if (!paused && subjectOnly && asksWhatAppCovers(tokens)) return 'help';
  if (action === 'start_run' && toldOf) return 'chitchat';
  const levelOfOthers = () => speaksOfOtherRisk(tokens); // "the coffee here is bold"
  if (session.user_id && setsLevelInstead(tokens, action) && !levelOfOthers()) {
    return 'update_profile';
  }
  // "¡Gracias! Por cierto, soy médico de familia", "Danke! Übrigens bin ich Postdoc in …"
  // (and said beside a doubt about the app, not in a question how to use it: "i'm a dental
  // hygienist lol not sure if this app is for me", not "I'm a teacher, how do I start?")
  const aside = action === 'chitchat' || (action === 'help' && !asksHowToUse(tokens));
  if (session.user_id && !paused && aside && !others && saysOwnRole(tokens, action === 'help'))
    return 'update_profile';
  // "Il mio campo è il restauro di affreschi", "my research is on sign language acquisition"
  // (a run request only when the label opens it)
  const labelled =
    (action === 'chitchat' && (labelsField(tokens) || teachesSubject(tokens))) ||
    (action === 'start_run' && labelsField(tokens, true));
  if (session.user_id && !paused && labelled && !requestedTopic(tokens)) return 'update_profile';
  // "i'm a finance phd student, could you research ESG ratings divergence"; "Buenas! estoy
  // haciendo mi tesis y necesito que investigues …"
  const runFrom = action === 'update_profile' || (action === 'chitchat' && !paused);
  if (session.user_id && runFrom && !toldOf && requestedTopic(tokens)) return 'start_run';
  if (asksMeaningInstead(tokens, action)) return 'help';
  if (returnsInstead(tokens, action)) return 'select_user';
  if (listsInstead(tokens, action)) return 'list_users';
  if (signsUpInstead(tokens, action, Boolean(session.user_id))) return 'create_user';
  return undefined;
}

/**
 * True when a message that tells of nobody else says a role as the writer's ("…, sono un
 * ingegnere ambientale"), not a past one or an imagined one.
 */
function saysOwnRole(tokens: readonly Token[], iAm = false): boolean {
  if (leftPastJob(tokens)) return false;
  const untagged = tokens.map(() => 0);
  const imagined = imaginedSelf(tokens);
  // (with `iAm`, only after "I'm": "Kann ich das als Journalistin nutzen?" is no statement)
  const said = (i: number) =>
    !iAm || tokens.slice(Math.max(0, i - 3), i).some((t) => I_AM.has(t.lower));
  return tokens.some(
    (t, i) => !imagined[i] && namesRole(t) && saysRole(tokens, untagged, i) && said(i),
  );
}
/** "I am", said before a role. */
const I_AM = new Set([...SELF_NAMING, 'am', 'انا']);

/**
 * True when an exact cue says the action the classifier guessed: greetings or thanks only
 * are small talk; "untersuch mal Lastmanagement mit E-Autos" asks for a run.
 */
export function cueConfirms(
  tokens: readonly Token[],
  action: IntentAction,
  session: IntentSession,
): boolean {
  if (action === 'chitchat') return onlyGreets(tokens);
  const paused = session.run_status === 'awaiting_feedback';
  return action === 'start_run' && !paused && asksRunInGerman(tokens);
}

/**
 * True when a message taken for a profile update, or for small talk that names a setting,
 * asks what a setting means or does ("is
 * strict review slower?", "si je mets un risque élevé, qu'est-ce qui change ?", "يعني إيه
 * مستوى الصرامة؟") and asks for nothing: a help question.
 */
export function asksMeaningInstead(tokens: readonly Token[], action: IntentAction): boolean {
  if (!tokens.some((t) => t.raw === '?' || t.raw === '؟')) return false;
  const words = tokens.map((t) => t.lower);
  // small talk that names a setting asks about it ("وش فايدة خانة الدور؟")
  const setting = words.some(
    (w) => cueOf(w) || wordClasses(w).some((c) => c === 'field' || c === 'role'),
  );
  if (action !== 'update_profile' && !(action === 'chitchat' && setting)) return false;
  const means = words.some(
    (w, i) => MEANING.has(w) || (w === 'change' && ['what', 'qui'].includes(words[i - 1] ?? '')),
  );
  return means && !words.some((w) => ASKING_FOR.has(w));
}
/** Words that ask what something means or changes. */
const MEANING = new Set(
  (
    'mean means meaning meant difference differ changes affect affects slower faster ' +
    'signifie dire significa significado يعني معنى بيفرق يفرق فرق فايدة فائدة ' +
    // German: "Was heißt eigentlich Risiko „mittel“?", "Was genau bewirkt die Strenge?"
    'heißt heisst bedeutet bewirkt'
  ).split(' '),
);

/**
 * True when a run request names no topic but the level, role or field it states ("go easy on
 * the reviews, it's only a workshop paper"; "I want adventurous research directions and a
 * gentle reviewer"; "research engineer, autonomous vehicles, Bosch"): what the tagger read as
 * the topic, if anything, is only a setting's own words.
 */
export function statesProfileNotRun(
  tokens: readonly Token[],
  tags: readonly number[],
  action: IntentAction,
): boolean {
  if (action !== 'start_run') return false;
  if (asksForRun(tokens.map((t) => t.lower)) || asksRunInGerman(tokens)) return false;
  if (requestedTopic(tokens)) return false; // "vorrei una ricerca sul | rischio cardiovascolare …"
  const { marks, stated } = levelsIn(tokens);
  const profile = runsOf(tags, 'archetype').length > 0 || runsOf(tags, 'domain').length > 0;
  if (!stated && !profile) return false;
  const topic = runsOf(tags, 'topic')[0];
  if (!topic) return true;
  return tokens
    .slice(topic.first, topic.last + 1)
    .every((t, k) => t.punct || marks[topic.first + k] || cueOf(t.lower) || NO_TOPIC.has(t.lower));
}
/** "start a run", "write a risky paper", "lance un article": a run asked for in so many words. */
function asksForRun(words: readonly string[]): boolean {
  return words.some(
    (w, i) =>
      w !== 'research' &&
      wordClasses(w).includes('starting') &&
      words.slice(i + 1, i + 4).some((next) => wordClasses(next).includes('project')),
  );
}

/** Words a topic made only of a setting's words may hold besides them. */
const NO_TOPIC = new Set(
  (
    'the a an and or of on in for my your its it this that going forward ahead from now just ' +
    'some more research directions direction proposals suggestions critique reviewer'
  ).split(' '),
);

/**
 * True when every word greets, thanks, says goodbye or drops a request ("Bonsoir", "hi
 * there!", "thx, bye", "never mind").
 */
export function onlyGreets(tokens: readonly Token[]): boolean {
  const words = tokens.filter((t) => !t.punct);
  // "Well done. Thank you.": praise is small talk too
  const wellDone = (i: number) =>
    words[i]!.lower === 'well' ? words[i + 1]?.lower === 'done' : words[i - 1]?.lower === 'well';
  return (
    words.length > 0 &&
    words.every(
      (t, i) =>
        wordClasses(t.lower).some((c) => SMALL_TALK.has(c)) || FILLERS.has(t.lower) || wellDone(i),
    )
  );
}
const SMALL_TALK = new Set(['greet', 'thanks', 'bye', 'praise']);
/** Words that go with a greeting: "hi there", "good evening", "buenas noches", "مساء الخير". */
const FILLERS = new Set(
  (
    'there all everyone everybody guys folks good day night so much a lot again to you ' +
    'bonne journee soiree nuit dias tardes noches الخير النور عليكم وعليكم ' +
    // and what drops a request: "never mind", "forget it", "nvm"
    'never mind forget it nvm nevermind cancel'
  ).split(' '),
);
