// Messages that say in so many words what they are, whatever the classifier guessed: a
// "feedback:" label, a profile edit asked for, a remark on the app, and, while a run waits
// for feedback, a "command" that holds none of its command's words. Read by the action
// corrections (action-overrides.ts).
import { fold, foldedSet, type Token } from './model/tokens.ts';
import { wordClasses } from './model/word-classes.ts';
import type { IntentAction } from './schema.ts';
import { ASKING_FOR } from './talk-of-others.ts';

/**
 * True when the message asks in so many words to change the writer's profile ("side note,
 * not feedback: I'm a professor now, update my role"; "btw I'm a biostatistician, can you put
 * that in my profile?"), not how to ("how do I set my research field?").
 */
export function editsProfile(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  if (words.some((w) => HOW.has(w))) return false;
  const mine = words.some((w, i) => PROFILE_PARTS.has(w) && MY.has(words[i - 1] ?? ''));
  return mine && words.some((w) => EDITS.has(w));
}
const HOW = new Set(['how', 'comment', 'como', 'كيف', 'ازاي']);
const MY = new Set(['my', 'mon', 'ma', 'mi']);
const PROFILE_PARTS = new Set([
  'profile',
  'role',
  'field',
  'domain',
  'profil',
  'perfil',
  'rol',
  'rôle',
  'campo',
]);
const EDITS = new Set(
  'update change set put add save edit record note modifie modifier changer mets cambia actualiza pon'.split(
    ' ',
  ),
);

/**
 * True when, while a run waits for feedback, a message taken for another command holds none
 * of that command's words: it answers the run ("tu pourrais tester sur des données réelles
 * plutôt que simulées ?", "añade más datos de otros países"). Asking to have part of the paper
 * explained is feedback too; help asks about the app.
 */
export function answersRunInstead(tokens: readonly Token[], action: IntentAction): boolean {
  const own = COMMAND_CLASSES[action];
  if (!own) return false;
  return !tokens.some(
    (t) => !NOT_HELP.has(t.lower) && wordClasses(t.lower).some((c) => own.includes(c)),
  );
}
const COMMAND_CLASSES: Partial<Record<IntentAction, readonly string[]>> = {
  help: ['helping', 'asking'],
  list_users: ['account', 'asking'],
  list_skills: ['skill'],
  list_memories: ['memory'],
  select_user: ['switching', 'account'],
  train_planner: ['training'],
};
const NOT_HELP = new Set(['explain', 'examples']);

/**
 * True when the message only remarks on how the app is ("haha you're brutal", "you're a
 * tough crowd"): no asking, and no "too" or comparison that would ask for a change ("you're
 * too harsh").
 */
export function remarksOnApp(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  const you = words.findIndex(
    (w, i) => ["you're", 'youre', 'ur'].includes(w) || (w === 'you' && words[i + 1] === 'are'),
  );
  if (you < 0 || words.some((w) => ASKING_FOR.has(w) || CHANGE.has(w) || /er$/.test(w))) {
    return false;
  }
  return tokens.slice(0, you).every((t) => REACTIONS.has(t.lower) || t.punct);
}
const CHANGE = new Set(['too', 'so', 'way', 'more', 'less', 'not', "n't", 'should']);
/** What may open a remark: laughter and the like. */
const REACTIONS = new Set(['haha', 'hahaha', 'lol', 'wow', 'ok', 'okay', 'oh', 'man', 'damn']);

/**
 * True when the message opens on a "feedback:" label ("feedback: too conservative, I wanted
 * wilder ideas"): what follows is feedback on the run, whatever levels it names.
 */
export function labelledFeedback(tokens: readonly Token[]): boolean {
  return (
    FEEDBACK_LABELS.has(tokens[0]?.lower ?? '') && [':', '-', '—'].includes(tokens[1]?.raw ?? '')
  );
}
const FEEDBACK_LABELS = new Set(
  'feedback retour retours commentaire commentaires comentario comentarios ملاحظات ملاحظة rückmeldung kommentar'.split(
    ' ',
  ),
);

/**
 * How to start a run, asked with no topic after it: "how do i start a new research thing",
 * "إزاي أبدأ بحث جديد؟", "¿Cómo empiezo una nueva investigación?".
 */
const HOW_TO_START = [
  / how (?:do|can|should|would) (?:i|we) (?:start|begin|launch|kick off|create|set up) (?:(?:a|an|the|my) )?(?:new |first )?(?:research|run|paper|study|project)(?: thing)? (?:[?.!] )?$/,
  // (or with a remark about the writer after the question: "…? I'm not great with these")
  / how (?:do|can|should|would) (?:i|we) (?:start|begin|launch|kick off|create|set up) (?:(?:a|an|the|my) )?(?:new |first )?(?:research|run|paper|study|project)(?: thing)? \? (?:i'm|im|i am|sorry)/,
  / (?:ازاي|كيف|كيفاش) (?:ابدا|نبدا|اعمل|ابدء) (?:بحث|دراسة) /,
  // (French asks it with "how do I do to": "Comment je fais pour lancer une recherche ?")
  / comment (?:je |on )?(?:fais pour |faire pour |fait-on pour |on fait pour )?(?:lance|lancer|commence|commencer|demarre|demarrer) (?:une |un )?(?:nouvelle |nouveau )?(?:recherche|etude|projet) (?:[?.!] )?$/,
  / comment (?:je |on )?(?:fais pour |faire pour |fait-on pour |on fait pour )?(?:lance|lancer|commence|commencer|demarre|demarrer) (?:une |un )?(?:nouvelle |nouveau )?(?:recherche|etude|projet) \? (?:je|j'|c'est|desole)/,
  / como (?:empiezo|inicio|lanzo|comienzo|empezar|iniciar|lanzar) (?:una |un )?(?:nueva |nuevo )?(?:investigacion|estudio|proyecto) (?:[?.!] )?$/,
];

/** True when the message asks how to start a run and names no topic. */
export function asksHowToStart(tokens: readonly Token[]): boolean {
  return matchesAny(tokens, HOW_TO_START);
}

/** True when one of the patterns matches the folded words, spaced at both ends. */
function matchesAny(tokens: readonly Token[], patterns: readonly RegExp[]): boolean {
  const text = ` ${tokens.map((t) => t.lower).join(' ')} `;
  return patterns.some((pattern) => pattern.test(text));
}

/**
 * True when the message asks how to use the app or what it can do, in words the classifier
 * has met too seldom ("hello, how to use this website?", "instructions pls", "qué puede hacer
 * esta app?", "شو بقدر أعمل هون؟"): a question for `help`.
 */
export function asksHowToUse(tokens: readonly Token[]): boolean {
  return matchesAny(tokens, HOW_TO_USE);
}
const HOW_TO_USE = [
  / how (?:to|do i|can i|should i|do you) use (?:(?:this|the|your) (?:app|website|site|tool|thing|chat|assistant|service|bot|platform)|this|it|you) (?:[?.!] )?$/,
  / (?:instructions?|tutorial|user guide|manual) (?:pls|please|plz|\?)? ?$/,
  / guide me /,
  / what else (?:can you do|do you do|u got|you got|can u do) /,
  / que (?:puedes|puede|podes|sabes|sabe) hacer /,
  / que temas puedo /,
  / (?:qu'est-ce que|que) (?:tu peux|vous pouvez|je peux) (?:faire|demander) /,
  / comment (?:on utilise|utiliser|ca s'utilise|ca marche) /,
  / (?:شو|ايش|ماذا|ايه|إيه) (?:بقدر|اقدر|يمكنني|ممكن|بتقدر|تقدر|يمكنك) /,
  / (?:كيف|ازاي) (?:استخدم|استعمل|بستخدم|نستعمل) /,
  / was (?:kann|kannst|macht) (?:dieses|diese|das|du|ihr) /,
  / cosa (?:sai|puoi|fa|fai) (?:fare )?/,
  / o que (?:voce|vc|tu|esse|este|essa|esta|o) (?:\S+ )?(?:faz|pode|sabe) /,
  // how it works: "Können Sie mir erklären, wie das hier funktioniert?", "Mi spiega come si fa
  // a …?", "¿cómo funciona esto?", "comment ça fonctionne ?"
  / (?:erklaren|erklarst|erklart) (?:, )?wie /,
  / wie (?:das|es) (?:hier |genau )?funktioniert /,
  / wie funktioniert (?:das|es|die app|diese app) /,
  / (?:mi |ci )?(?:spiega|spieghi|spiegate) come /,
  / come (?:funziona|si fa a) /,
  / (?:como|comment) (?:funciona|funcionan|ca fonctionne|ca marche) /,
  / (?:شو|ايش|وش) (?:فيك|فيكي|بتقدر|تقدر) (?:تعمل|تسوي) /,
  ...HOW_TO_START,
  // "wat is this thing lol", "¿Esto sirve para escribir artículos?", "التطبيق ده بيعمل إيه"
  / (?:what|wat|wut) (?:is|s) this (?:thing|app|site|tool|bot|service|place) /,
  / (?:esto|esta app|este programa|isso|isto) (?:sirve|serve) para /,
  / para (?:que|qué) (?:sirve|serve) /,
  / (?:التطبيق|البرنامج|الموقع) (?:(?:ده|دا|هذا|هاد) )?(?:بيعمل|يعمل|بيسوي|يسوي|يفعل) /,
  / (?:شو|ايش|ماذا|ايه|وش) (?:بيعمل|يعمل|يسوي|بيسوي|يفعل) /,
];

/**
 * True when the message asks what a profile setting takes ("does the field thing have to be an
 * official academic field?", "¿El campo 'rol' acepta …?", "Kann ich als Rolle auch zwei
 * Sachen angeben?"): a question of what may be written, about no setting of the writer's own.
 */
export function asksWhatProfileTakes(tokens: readonly Token[]): boolean {
  if (!asksQuestion(tokens)) return false;
  const words = tokens.map((t) => t.lower);
  if (!words.some((w) => SETTINGS.has(w)) || words.some((w) => OWN_OR_CHANGE.has(w))) return false;
  const text = ` ${words.join(' ')} `;
  return MAY.some((pattern) => pattern.test(text));
}
const SETTINGS = foldedSet(
  'field fields role roles domain campo campos rol rolle domaine rôle ruolo',
);
const OWN_OR_CHANGE = foldedSet(
  'my mi mon ma meu minha mein meine mio mia change set update switch cambiar cambia changer ' +
    'ändern mudar muda cambiare',
);
const MAY = [
  / (?:can|could|may) i /,
  / is it (?:possible|ok|okay) /,
  / (?:has|have) to be /,
  / (?:accept|accepts|acepta|aceita|accetta|akzeptiert|accepte) /,
  / (?:posso|puedo|kann ich|darf ich|je peux|puis-je|أقدر|اقدر|يمكنني) /,
];

/**
 * True when a message to a paused run asks why it stands still ("stuck?", "ليش وقف؟", "¿En
 * qué etapa quedó?"): a short question with a word of stopping, waiting or stage. The run's
 * state answers it; it is no feedback on the run's work.
 */
export function asksWhyPaused(tokens: readonly Token[]): boolean {
  const words = tokens.filter((t) => !t.punct);
  if (words.length > 18 || !asksQuestion(tokens)) return false;
  const still = words.some((t) => STANDS_STILL.has(t.lower));
  return still && !words.some((t) => GOES_ON.has(t.lower) || WORK_ITEMS.has(t.lower));
}
/** What ends or opens a question, in the scripts the router reads. */
const QUESTION_MARKS: ReadonlySet<string> = new Set(['?', '؟', '¿']);

/** True when the message holds a question mark, in any of the scripts the router reads. */
export function asksQuestion(tokens: readonly Token[]): boolean {
  return tokens.some((t) => QUESTION_MARKS.has(t.raw));
}

/** True when the message asks, or opens on a request to show ("Me mostra …", "show me …"). */
function asksOrShows(tokens: readonly Token[]): boolean {
  return asksQuestion(tokens) || SHOW.has(tokens[0]?.lower ?? '');
}
const STANDS_STILL = foldedSet(
  'stuck stopped stop waiting frozen paused hanging hung halted stalled happening figé bloqué ' +
    'arrêté attend étape trabado trabó parado pausado detenido etapa quedó travou travado ' +
    'esperando fermo fermato fermarsi bloccato fase aspetta hängt steht gestoppt pausiert ' +
    'wartet hält haelt وقف واقف متوقف ينتظر مستني مستنى منتظر عالق معلق مرحلة',
);
/** The run's work, which a question about it comments on: "the hypotheses are stuck …". */
const WORK_ITEMS = foldedSet(
  'idea ideas hypothesis hypotheses plan draft paper section results method methods baseline ' +
    'baselines experiment experiments code analysis idée idées hipótesis hipóteses ipotesi ' +
    'borrador rascunho bozza entwurf ideen أفكار الفكرة الخطة',
);
/**
 * Words that answer the run while asking ("why stop? just continue"), or ask what to do
 * ("what am I supposed to do now that it's paused?").
 */
const GOES_ON = foldedSet(
  'continue proceed go approve approved fine good continua weiter supposed should respond ' +
    'reply answer devo debo dois soll',
);

/**
 * True when the message asks to relearn the writer's preferences, whatever else it says
 * ("can u relearn my prefs, planner keeps suggesting deep learning"): a verb of learning
 * again, or of training said of the planner. Not when denied ("don't retrain yet").
 */
export function asksToRetrain(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  const planner = words.some((w) => PLANNER.has(w));
  // "learn again", "learn my taste again", "aprende de novo", "apprends à nouveau"
  const again = (i: number) =>
    words.slice(i + 1, i + 5).some((w) => AGAIN.has(w)) ||
    AGAIN.has(`${words[i + 1]} ${words[i + 2]}`);
  // "learn my preferences", "update what you've learned about my preferences"
  const prefs = words.some((w) => PREFERENCES.has(w));
  const learnsPrefs = (w: string) =>
    prefs && (LEARN.has(w) || (w === 'learned' && words.includes('update')));
  return words.some(
    (w, i) =>
      (RETRAIN.has(w) ||
        (TRAIN.has(w) && planner) ||
        (LEARN.has(w) && again(i)) ||
        learnsPrefs(w)) &&
      !NOT_NOW.has(words[i - 1] ?? '') &&
      !NOT_NOW.has(words[i - 2] ?? ''),
  );
}
const LEARN = foldedSet(
  'learn aprende aprenda aprender apprends apprenez apprendre impara imparare lerne lernen تعلم',
);
const PREFERENCES = foldedSet(
  'preferences prefs préférences preferencias preferências preferenze vorlieben',
);
const AGAIN = new Set(
  [
    'again',
    'anew',
    'wieder',
    'erneut',
    'de novo',
    'de nuevo',
    'à nouveau',
    'di nuovo',
    'من جديد',
  ].map(fold),
);
const RETRAIN = foldedSet(
  'retrain relearn re-learn re-train retreinar retreina reentrena reentrenar reentrenes ' +
    'réentraîne réentraîner réapprends riaddestra riaddestrare riallena entrénelo entrénalo',
);
const TRAIN = foldedSet('train update entraîne entrena treina addestra trainiere');
const PLANNER = foldedSet('planner planificateur planificador planejador pianificatore planer');
const NOT_NOW = foldedSet("don't dont not never no pas ne nicht não nao non");

/**
 * True when the message labels a next run and names it after a colon ("Now I want one more:
 * self-healing coatings for …", "Nächste Recherche: …", "nxt: bayesian …"): a label of at
 * most six words that says another, and three words or more after it.
 */
export function labelsNextRun(tokens: readonly Token[]): boolean {
  const colon = tokens.findIndex((t) => t.raw === ':');
  if (colon < 1 || colon > 8) return false;
  const label = tokens.slice(0, colon).filter((t) => !t.punct);
  const rest = tokens.slice(colon + 1).filter((t) => !t.punct);
  if (label.some((t) => NOT_A_RUN.has(t.lower)) || rest.some((t) => WRITER.has(t.lower)))
    return false;
  return label.length <= 6 && rest.length >= 3 && label.some((t) => ANOTHER.has(t.lower));
}
/** "One more thing: …", "another question: …" label no run. */
const NOT_A_RUN = foldedSet(
  'thing things question questions detail point step chose question cosa coisa sache frage ' +
    'pregunta cosita account user profile cuenta usuario compte utilisateur conta usuário ' +
    'konto nutzer حساب',
);
/** The writer speaking of themself after the label: "one more: I moved to Berlin". */
const WRITER = foldedSet(
  "i i'm im my me je j' moi mon ma yo mi soy eu meu sou io mio sono ich mein bin",
);
/** "Next one: …", "Ricerca nuova: …", "nuevo trabajo: …". */
const ANOTHER = foldedSet(
  'more another next nxt otra otro autre outra altra nächste nachste weitere ثاني تاني كمان ' +
    'new nuevo nueva nouveau nouvelle nuovo nuova novo nova neue neuer neues جديد جديدة',
);

/**
 * True when the message asks what the app keeps of the writer ("Me mostra o que ficou salvo
 * no meu perfil", "what information you hold about me?", "As-tu gardé en mémoire que …?"):
 * a question, or a request to show, with a word of keeping, or "know" said of the writer.
 */
export function asksWhatIsKept(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  // "show me", and "I should like to see"
  const shows = words.some(
    (w, i) =>
      (SHOW.has(w) && WRITER.has(words[i - 1] ?? '')) || (w === 'see' && words[i - 1] === 'to'),
  );
  if (!asksOrShows(tokens) && !shows) return false;
  // ("عني" is Arabic "about me")
  const aboutMe = words.some(
    (w, i) => (ABOUT.has(w) && WRITER.has(words[i + 1] ?? '')) || w === ABOUT_ME,
  );
  // (whether what is kept is safe asks how the app works: "Is my information kept private?")
  if (words.some((w) => PRIVACY.has(w))) return false;
  return words.some((w) => KEPT.has(w) || (KNOW.has(w) && aboutMe)) || asksWhichSetting(words);
}
/** Words that ask whether what the app keeps is safe. */
const PRIVACY = foldedSet(
  'private privacy confidential secure safe privé privée privado privada privato privata ' +
    'vertraulich sicher خاص خصوصية آمن',
);

/**
 * "what field do you have me down as?", "what role did I tell you I had?", "¿qué campo tengo
 * puesto en mi perfil?": which of the writer's settings the app holds. Not which to choose
 * ("what field should I put?").
 */
function asksWhichSetting(words: readonly string[]): boolean {
  const setting = words.findIndex(
    (w, i) => (SETTINGS.has(w) || LEVELS.has(w)) && WHICH.has(words[i - 1] ?? '') && i <= 2,
  );
  if (setting < 0) return false;
  const rest = words.slice(setting + 1);
  return rest.some((w) => HELD_AS.has(w)) && !rest.some((w) => CHOOSING.has(w));
}
const WHICH = foldedSet('what which qué que cuál quel quelle welches welche qual quale');
const LEVELS = foldedSet('risk strictness riesgo risque rigueur risiko rischio risco');
/** What the app was told or has: "have me", "did I tell", "tengo puesto", "hast du". */
const HELD_AS = foldedSet(
  'have has had did told tell got listed tengo tienes puesto hast habe ai as avez hai ho tenho',
);
const CHOOSING = foldedSet(
  'should shall could can must debo debería puedo dois devrais sollte soll kann devo posso',
);
const SHOW = foldedSet('show mostra mostre montre muestra muéstrame zeig zeige mostrami');
const KEPT = foldedSet(
  'saved stored kept remember remembered record records salvo salva salvos guardado ' +
    'guardada guardaste gespeichert gemerkt merken merkst gardé gardée retenu retiens ' +
    'retenez souviens souvenez recuerdas acuerdas lembras ricordi ' +
    'memorizzato registrado yaad محفوظ محفوظة تتذكر فاكر',
);
const ABOUT_ME = fold('عني');
const KNOW = foldedSet('know knows hold have save sais savez sabes sabe sai weißt wisst تعرف');
const ABOUT = foldedSet('about abt sur de sobre su über uber di');

/**
 * True when the message asks which skills the app has learned for the writer, in words the
 * classifier has met too seldom ("Quali competenze hai imparato per me?").
 */
export function asksForSkills(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  if (!asksOrShows(tokens)) return false;
  // ("Skills-wise, I mean")
  const skills = words.some((w) => SKILLS.has(w) || w.startsWith('skills-'));
  if (skills && words.some((w) => LEARNED.has(w))) return true;
  // "what did you learn to do for me so far?", "qu'est-ce que vous avez appris à faire pour
  // moi ?"
  const learnedToDo = words.some(
    (w, i) => LEARNING.has(w) && words.slice(i + 1, i + 4).some((next) => DOING.has(next)),
  );
  return learnedToDo && words.some((w) => FOR_ME.has(w));
}
const LEARNING = foldedSet(
  'learn learned learnt appris aprendiste aprendido aprendeu aprendeste imparato gelernt',
);
const DOING = foldedSet('do faire hacer fazer fare tun machen');
const FOR_ME = foldedSet('me moi mi mí mim mich');
const SKILLS = foldedSet(
  'skills competenze competenza abilità competências habilidades compétences competencias ' +
    'fähigkeiten techniken مهارات المهارات techniques tecniche técnicas tecnicas',
);
const LEARNED = foldedSet(
  'learned learnt imparato imparate appreso aprendiste aprendido aprendeu appris apprises ' +
    'gelernt تعلمت اتعلمت',
);
