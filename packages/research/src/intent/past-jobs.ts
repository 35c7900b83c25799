// Jobs the writer has left: a message that tells only of one is small talk, and the field or
// role said in a clause about one is no longer the writer's. Read by the action corrections
// (action-overrides.ts) and by the learned router before it reads a profile.
import { isField, isRoleWord } from './model/gazetteer.ts';
import { runsOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';
import { clausesWhere } from './talk-of-others.ts';
import { saysNow } from './field-words.ts';

/**
 * True when a message tells of a job the writer has left and of nothing else ("I used to be a
 * lawyer but I quit years ago", "Fui maestro toda mi vida pero ya no ejerzo", "كنت مهندس بس
 * تركت الشغل"): small talk, whose role is no longer theirs. A retirement ("retired
 * engineer") or a job taken since ("Ero ingegnere, ora faccio il pasticcere") is a role.
 */
export function leftPastJob(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  // ("I quit accounting", "I left nursing", "I quit being an accountant": a field or a job
  // left, said in the past tense)
  const quitWhat = (next: string) => isField(next) || next === 'being';
  const past = words.some(
    (w, i) =>
      saysPast(words, i) ||
      (QUITTING.has(w) && words[i - 1] === 'i' && quitWhat(words[i + 1] ?? '')),
  );
  // a role said "former" is left, unless the writer names another ("pensionato, ex
  // ferroviere, …")
  const otherRole = words.some(
    (w, i) => isRoleWord(w) && !formerly(w) && !formerly(words[i - 1] ?? ''),
  );
  const former = words.some(formerly) && !otherRole;
  const left = former || words.some((w, i) => saysLeft(words, i) || OVER.has(w));
  // "…, now I do machine learning" says what the writer is; "adesso non lavoro più" does not
  const now = words.some(
    (w, i) => NOW.has(w) && !words.slice(i + 1, i + 4).some((next) => NOT.has(next)),
  );
  return past && left && !now;
}

/**
 * True when a message says only a job the writer had, and nothing of now ("I was a lawyer for
 * ten years, then burned out", "I used to be an architect before all this"): small talk, as a
 * job left is. Not beside what the writer is ("…, now I'm …", "I'm retired").
 */
export function onlyPastJob(tokens: readonly Token[]): boolean {
  // (not "ex-", which a retiree says beside their role: "pensionato, ex ferroviere")
  const words = tokens.map((t) => t.lower);
  if (!words.some((w, i) => saysPast(words, i) && !FORMER.has(w))) return false;
  // ("والحين": "and now")
  const now = (w: string) => NOW.has(w) || NOW.has(w.replace(/^[وف]/u, ''));
  if (saysNow(words) || words.some((w) => PRESENT_SELF.has(w) || now(w))) return false;
  // nor told for the app's sake: "I was a teacher before social work, if that matters for tone"
  return !OFFERED.test(` ${words.join(' ')} `);
}
/** The writer saying what they are now: "I'm", "soy", "je suis", "ich bin", "sono", "sou". */
const PRESENT_SELF = new Set("i'm im am soy estoy sou estou suis sono sto bin".split(' '));
/** Words that offer what is said to the app: "if that matters", "por si sirve". */
const OFFERED =
  / (?:if (?:that|it) (?:matters|helps)|in case (?:that|it) (?:matters|helps)|for context|por si sirve|si ça (?:compte|aide)|falls das (?:wichtig ist|hilft)|se (?:serve|aiuta)|caso (?:importe|ajude)) /u;

/**
 * For each token, whether its clause tells of a job or a teaching the writer had, in a
 * message that says it is over: "I used to teach chemistry, but that was decades ago", "J'ai
 * enseigné la chimie pendant trente ans, mais c'est fini", "Já fui professora de química, hoje
 * não faço mais nada disso", "كنت أدرّس الفيزياء سابقاً، لكني تركت التدريس" — the field and
 * role said in it are no longer the writer's. A retirement alone does not say so: a retired
 * teacher's subject is still theirs.
 */
export function clausesOfLeftJobs(tokens: readonly Token[]): boolean[] {
  return leftJobMarks(tokens).fields;
}

/**
 * For each token, whether its clause tells of a job left, for the field and for the role said
 * in it. "Used to" and a later "now" say a job is over too ("I'm a retiree now — used to
 * lecture in economics", "Ero ingegnere, ora faccio il pasticcere"), but beside a retirement
 * they name what the writer retired from, which is still their role ("retired now, used to be
 * a nurse").
 */
function leftJobMarks(tokens: readonly Token[]): { fields: boolean[]; roles: boolean[] } {
  const words = tokens.map((t) => t.lower);
  const over = words.some((w, i) => saysLeft(words, i) || OVER.has(w));
  const now = words.findIndex((w) => saysNow([w]));
  const usedTo = saidUsedTo(tokens);
  if (!over && now < 0 && !usedTo.includes(true)) {
    const none = tokens.map(() => false);
    return { fields: none, roles: none };
  }
  // ("Before I was a process engineer …, now I am …")
  const beforeNow = words.slice(0, Math.max(0, now)).some((w) => BEFORE.has(w));
  const past = pastClauses(tokens);
  const fields = past.map((p, i) => p && (over || i < now || usedTo[i]!));
  const retired = words.some((_, i) => retiredAt(words, i));
  const roles = retired ? past.map((p, i) => p && (over || (beforeNow && i < now))) : fields;
  return { fields, roles };
}

/**
 * For each token, whether it is said after "used to" (or "formerly" before "was": "Früher war
 * ich …"), up to the end of its clause or a word that turns to another time: these say a job
 * is over ("I'm a retiree now — used to lecture in economics", "I used to work as a lab tech
 * … | before I got into teaching so put environmental chemistry …").
 */
function saidUsedTo(tokens: readonly Token[]): boolean[] {
  const out = tokens.map(() => false);
  const was = (k: number) => WAS.has(tokens[k]?.lower ?? '');
  let on = false;
  tokens.forEach((t, i) => {
    if (t.punct || TURNS.has(t.lower)) on = false;
    if (t.lower === 'used' && tokens[i + 1]?.lower === 'to') on = true;
    // "Früher war ich …", "antes era …": "formerly" before "was" says it too
    if (FORMERLY_WORDS.has(t.lower) && (was(i + 1) || was(i + 2))) on = true;
    out[i] = on;
  });
  return out;
}
/** "Formerly", and "was" in the languages the router reads. */
const FORMERLY_WORDS = new Set(['fruher', 'antes', 'autrefois', 'anteriormente', 'previously']);
const WAS = new Set(['war', 'era', 'fui', 'etais', 'was', 'ero', 'fue']);
/** Words that turn a sentence to another time or thought. */
const TURNS = new Set(['but', 'before', 'so', 'now', 'then', 'until', 'till', 'and']);

/** True when the folded word at `i` says the writer has retired. */
function retiredAt(words: readonly string[], i: number): boolean {
  const w = words[i]!;
  return (
    RETIRED.has(w) ||
    (w === 'pensione' && words[i - 1] === 'in') ||
    (w === 'ruhestand' && words[i - 1] === 'im')
  );
}
const RETIRED = new Set(
  (
    'retired retiree jubile jubilado jubilada retraite retraitee pensionato pensionata ' +
    'aposentado aposentada aposentei rentner rentnerin pensionar pensionarin متقاعد متقاعدة'
  ).split(' '),
);

/** For each token, whether its clause tells of a job or a teaching the writer had. */
function pastClauses(tokens: readonly Token[]): boolean[] {
  return clausesWhere(tokens, (clause) => {
    const said = clause.map((t) => t.lower);
    return said.some(
      (w, i) =>
        saysPast(said, i) ||
        TAUGHT.has(w) ||
        (PERFECT.has(w) && TAUGHT_PARTICIPLES.has(said[i + 1] ?? '')),
    );
  });
}

const BEFORE = new Set('before previously avant antes prima früher fruher vorher'.split(' '));
/** Words that say a time is over: "decades ago", "c'est fini", "è finita". */
const OVER = new Set('ago fini finie finito finita terminado terminou acabou vorbei'.split(' '));

/** "Former", "ex-": a role the writer has left ("Former firefighter here", "ex-compta"). */
export const formerly = (word: string) => FORMER.has(word) || /^ex-\p{L}/u.test(word);
/** "Former", and the French, Spanish and Portuguese words that mean it before a noun. */
const FORMER = new Set(
  'former ex ehemaliger ehemalige exfuncionario ancien ancienne antiguo antigua antigo antiga'.split(
    ' ',
  ),
);
/** Past forms of teaching. */
const TAUGHT = new Set(
  (
    'taught lectured enseignais ensene ensenaba ensinei ensinava insegnavo unterrichtete ' +
    'lehrte درست'
  ).split(' '),
);
/** "Have" before a past participle, and the participles of teaching. */
const PERFECT = new Set(['ai', 'ho', 'he', 'habe', 'hab']);
const TAUGHT_PARTICIPLES = new Set([
  'enseigne',
  'insegnato',
  'ensenado',
  'unterrichtet',
  'gelehrt',
]);
/** True when the folded word at `i` says the writer was something: "used to", "fui". */
function saysPast(words: readonly string[], i: number): boolean {
  const w = words[i]!;
  return (
    PAST_SELF.has(w) ||
    FORMER.has(w) ||
    (w === 'used' && words[i + 1] === 'to') ||
    (['was', 'worked'].includes(w) && words[i - 1] === 'i') ||
    (['era', 'war'].includes(w) &&
      (SELF_BEFORE_WAS.has(words[i - 1] ?? '') || BEFORE.has(words[i - 1] ?? '')))
  );
}

/** True when the folded word at `i` is what was left: "I quit | accounting", "left | the law". */
export function leftField(words: readonly string[], i: number): boolean {
  const before = ['the', 'la', 'le', 'el', 'a', 'o'].includes(words[i - 1] ?? '') ? i - 2 : i - 1;
  return QUITTING.has(words[before] ?? '');
}

/** True when the folded word at `i` says a job was left: "quit", "ya no", "non … più". */
function saysLeft(words: readonly string[], i: number): boolean {
  const w = words[i]!;
  return (
    QUITTING.has(w) ||
    (w === 'no' && words[i - 1] === 'ya') ||
    (w === 'longer' && words[i - 1] === 'no') ||
    (w === 'piu' && words.slice(0, i).includes('non')) ||
    (w === 'mais' && words.slice(Math.max(0, i - 3), i).includes('nao')) ||
    (w === 'up' && words[i - 1] === 'gave')
  );
}

const NOW = new Set(
  'now currently today maintenant actuellement ahora hoy jetzt agora adesso ora الان هلق هلأ حاليا الحين'.split(
    ' ',
  ),
);
const NOT = new Set([
  'not',
  "don't",
  'dont',
  'no',
  'non',
  'ne',
  "n'",
  'nicht',
  'kein',
  'nao',
  'ما',
  'مش',
]);
/** Verbs that say the writer was something: "j'étais", "fui", "ero", "facevo", "كنت". */
const PAST_SELF = new Set(
  'etais travaillais fui trabaje trabajaba trabalhei trabalhava ero facevo lavoravo fruher كنت كنتي'.split(
    ' ',
  ),
);
/** Before "era" or "war": the writer. */
const SELF_BEFORE_WAS = new Set(['yo', 'eu', 'ich']);
/** Words that say a job was left. */
const QUITTING = new Set(
  (
    'quit left stopped anymore arrete arretee deje abandone raus aufgehort ' +
    'gekundigt deixei parei smesso lasciato تركت استقلت وقفت'
  ).split(' '),
);

/** The tags without the field and role spans said of a job the writer has left. */
export function withoutLeftJobs(tokens: readonly Token[], tags: readonly number[]): number[] {
  const left = leftJobMarks(tokens);
  const out = [...tags];
  for (const run of runsOf(out, 'domain')) {
    if (left.fields[run.first]) out.fill(0, run.first, run.last + 1);
  }
  for (const run of runsOf(out, 'archetype')) {
    if (left.roles[run.first]) out.fill(0, run.first, run.last + 1);
  }
  return out;
}
