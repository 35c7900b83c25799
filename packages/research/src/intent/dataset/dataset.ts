// The labelled phrasings the intent model learns from (train.jsonl) and is measured on
// (heldout.jsonl, written apart and never trained on). One JSON object a line:
//   {"text": "I'm Chen and I study epidemiology", "session": "anon", "action": "create_user",
//    "slots": {"name": "Chen", "domain": "epidemiology"}}
// `slots` holds spans as written in the text; `values` the level a risk or strictness span
// means (low / medium / high).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IntentAction, type IntentSession } from '../schema.ts';
import { LEVEL_SLOTS, type LevelSlot } from '../model/level-reader.ts';
import { SPAN_SLOTS, TAGS } from '../model/tags.ts';
import { tokenize, type Token } from '../model/tokens.ts';

export { SPAN_SLOTS, TAGS, type SpanSlot } from '../model/tags.ts';

/** The sessions an example can assume; the session changes the right answer. */
export const SESSIONS = {
  /** Nobody signed in. */
  anon: { user_id: '', run_id: null, run_status: null, has_profile: false },
  /** Signed in, no profile yet. */
  new: { user_id: 'sam', run_id: null, run_status: null, has_profile: false },
  /** Signed in with a profile, no run. */
  ready: { user_id: 'sam', run_id: null, run_status: null, has_profile: true },
  running: { user_id: 'sam', run_id: 'run-1', run_status: 'running', has_profile: true },
  /** A run waits for feedback. */
  paused: { user_id: 'sam', run_id: 'run-1', run_status: 'awaiting_feedback', has_profile: true },
  done: { user_id: 'sam', run_id: 'run-1', run_status: 'completed', has_profile: true },
} satisfies Record<string, IntentSession>;
export type SessionName = keyof typeof SESSIONS;

/** Slots stored as a level rather than as written. */
export { LEVEL_SLOTS, type LevelSlot };
const Level = z.enum(['low', 'medium', 'high']);

export const Example = z
  .object({
    text: z.string().min(1),
    session: z.enum(Object.keys(SESSIONS) as [SessionName, ...SessionName[]]),
    action: IntentAction,
    slots: z.partialRecord(z.enum(SPAN_SLOTS), z.string().min(1)).optional(),
    values: z.partialRecord(z.enum(LEVEL_SLOTS), Level).optional(),
  })
  .strict();
export type Example = z.infer<typeof Example>;

export const DATASET_DIR = fileURLToPath(new URL('./', import.meta.url));
export const TRAIN_PATH = `${DATASET_DIR}train.jsonl`;
export const HELDOUT_PATH = `${DATASET_DIR}heldout.jsonl`;
/**
 * A second held-out set, written later in other voices, as a test set: it is scored, never
 * trained on, and its failures are not listed (see scripts/eval-intent.ts).
 */
export const HELDOUT_STYLES_PATH = `${DATASET_DIR}heldout-styles.jsonl`;
/**
 * A third held-out set, a test set like the second, written by an author who saw neither the
 * code, the lexicons nor any other phrasing: only the labelling conventions.
 */
export const HELDOUT_FRESH_PATH = `${DATASET_DIR}heldout-fresh.jsonl`;
/**
 * A fourth held-out set, a development set like the first: 238 phrasings that state (or only
 * mention) risk and strictness, written by an author who saw neither the code nor any other
 * phrasing. Its failures are listed; it was written to read levels by, and was.
 */
export const HELDOUT_LEVELS_PATH = `${DATASET_DIR}heldout-levels.jsonl`;
/**
 * A fifth held-out set, a development set: 294 phrasings that say who the user is and what
 * they want (introductions, fields, roles, returning users, run requests, questions about the
 * profile), by another author who saw nothing of the project. Its failures are listed.
 */
export const HELDOUT_PROFILES_PATH = `${DATASET_DIR}heldout-profiles.jsonl`;
/**
 * A sixth held-out set, a development set: 256 phrasings of all twelve actions as real users
 * write them (hesitant, sarcastic, in the wrong session, two things at once, French, Spanish
 * and Arabic), by another author who saw nothing of the project. Its failures are listed.
 */
export const HELDOUT_GENERAL_PATH = `${DATASET_DIR}heldout-general.jsonl`;
/**
 * A seventh held-out set, a development set: 547 phrasings that carry what is hardest to read
 * from free text (names of many cultures and spellings, fields with and without a role, how
 * strict the reviewing should be, in English, French, Spanish and Arabic), by two more
 * authors who saw nothing of the project, each from the same brief. Its failures are listed.
 */
export const HELDOUT_PEOPLE_PATH = `${DATASET_DIR}heldout-people.jsonl`;
/**
 * An eighth held-out set, a test set like the second and third: 266 phrasings of all twelve
 * actions and every slot, by an author who saw only the labelling conventions, scored once
 * when it was added and never listed (the lines that repeat another set were dropped).
 */
export const HELDOUT_BLIND_PATH = `${DATASET_DIR}heldout-blind.jsonl`;
/**
 * A ninth held-out set, a development set: 224 phrasings of all twelve actions in French,
 * Spanish and Arabic (Modern Standard and four dialects), and English mixed with them, by an
 * author who saw only the labelling conventions. Its failures are listed.
 */
export const HELDOUT_LANGUAGES_PATH = `${DATASET_DIR}heldout-languages.jsonl`;
/**
 * A tenth held-out set, a test set: 191 phrasings of all twelve actions in Spanish, French
 * and Arabic (dialects too) and English mixed with them, by another author who saw only the
 * labelling conventions; scored, never listed (the lines that repeat another set dropped).
 */
export const HELDOUT_LANGUAGES_BLIND_PATH = `${DATASET_DIR}heldout-languages-blind.jsonl`;
/**
 * An eleventh held-out set, a development set: 260 phrasings in Spanish, French and Arabic of
 * what users say about themselves and their research (introductions with roles and fields,
 * profile levels said many ways, run requests with a field), by another author who saw only
 * the labelling conventions. Its failures are listed.
 */
export const HELDOUT_LANGUAGES_PROFILES_PATH = `${DATASET_DIR}heldout-languages-profiles.jsonl`;
/**
 * A twelfth held-out set, a development set: 223 phrasings of what forty imagined users type
 * over a session (who they are, how bold and strict, run requests in many styles, the other
 * actions; a seventh in French, Spanish or Arabic), by another author who saw only the
 * labelling conventions. Its failures are listed.
 */
export const HELDOUT_VOICES_PATH = `${DATASET_DIR}heldout-voices.jsonl`;
/**
 * A thirteenth held-out set, a development set: 258 phrasings that set risk and strictness
 * (idioms, scales, hedges, comparisons) or ask for runs (context first, topic first, lists,
 * questions; a third in French, Spanish, Arabic, German or Portuguese), with near misses, by
 * another author who saw only the labelling conventions. Its failures are listed.
 */
export const HELDOUT_RUNS_PATH = `${DATASET_DIR}heldout-runs.jsonl`;
/**
 * A fourteenth held-out set, a development set: 260 phrasings of people saying who they are
 * (roles with their qualifiers, fields said every way, employers, hobbyists; two fifths in
 * French, Spanish, Arabic, German, Portuguese or Italian), with near misses, by another
 * author who saw only the labelling conventions. Its failures are listed.
 */
export const HELDOUT_SELVES_PATH = `${DATASET_DIR}heldout-selves.jsonl`;
/**
 * A fifteenth held-out set, a development set: 236 phrasings of fifty imagined users typing
 * five messages each in English, many as a second language, in every style, across all
 * twelve actions, by another author who saw only the labelling conventions. Its failures are
 * listed.
 */
export const HELDOUT_USERS_PATH = `${DATASET_DIR}heldout-users.jsonl`;
/**
 * A sixteenth held-out set, a development set: 200 phrasings the same way in French, Spanish
 * and Arabic (dialects and Arabizi too), by another author who saw only the labelling
 * conventions. Its failures are listed.
 */
export const HELDOUT_LANGUAGES_USERS_PATH = `${DATASET_DIR}heldout-languages-users.jsonl`;
/**
 * A seventeenth held-out set, a development set: 260 phrasings of people saying their role
 * (qualifiers before and after it, retirement, job titles with employers, roles said after
 * "as" or alone between commas, career changes; more than half in French, Spanish, Arabic,
 * German, Portuguese or Italian), with near misses (others' roles, likenesses, a bare
 * "researcher in …", workplaces), by another author who saw only the labelling conventions.
 * Its failures are listed.
 */
export const HELDOUT_ROLES_PATH = `${DATASET_DIR}heldout-roles.jsonl`;
/**
 * An eighteenth held-out set, a development set: 247 phrasings of run requests and their
 * topics in every style (terse, rambling, questions, quoted, with the field, role or levels
 * said beside them; a third in French, Spanish, Arabic, German, Portuguese or Italian),
 * levels set in the same seven languages, and near misses (status questions, feedback on a
 * paused run that names a new angle, a subject mentioned without a request), by another
 * author who saw only the labelling conventions. Its failures are listed.
 */
export const HELDOUT_TOPICS_PATH = `${DATASET_DIR}heldout-topics.jsonl`;
/** Risk and strictness said in seven languages, with near misses, by another outside author. */
export const HELDOUT_PREFERENCES_PATH = `${DATASET_DIR}heldout-preferences.jsonl`;
/** Introductions with role and field in seven languages, with near misses, by a third author. */
export const HELDOUT_INTRODUCTIONS_PATH = `${DATASET_DIR}heldout-introductions.jsonl`;
/**
 * A week of sessions of about fifty imagined users, every action in seven languages, by a
 * fourth outside author: a test set, scored but its failures never read.
 */
export const HELDOUT_WEEK_PATH = `${DATASET_DIR}heldout-week.jsonl`;
/**
 * How people say what they do, in seven languages, with near misses (others' jobs, jobs
 * left or wished for, run topics, feedback that names a field), by a fifth outside author.
 */
export const HELDOUT_WORK_PATH = `${DATASET_DIR}heldout-work.jsonl`;
/** A month of sessions of about sixty imagined users, every action, by a sixth author. */
export const HELDOUT_MONTH_PATH = `${DATASET_DIR}heldout-month.jsonl`;
/**
 * A few days of ten users who each write their own way (dictated run-ons, dropped
 * articles, email manners, dialect and slang, Arabic mixed with English), every action, by a
 * seventh author.
 */
export const HELDOUT_CHAT_PATH = `${DATASET_DIR}heldout-chat.jsonl`;
/**
 * A busy week of twelve people from different walks of life who write as people do in a chat
 * box (corrections mid-message, two thoughts at once, one-word answers), by an eighth author.
 */
export const HELDOUT_THREADS_PATH = `${DATASET_DIR}heldout-threads.jsonl`;
/**
 * One ordinary day of the app's traffic from about fifty imagined people, every action,
 * seven languages, by a ninth author from the conventions alone: a test set, scored once
 * before it was committed.
 */
export const HELDOUT_DAY_PATH = `${DATASET_DIR}heldout-day.jsonl`;

/**
 * A fortnight of fourteen people, each writing their own way (a retired teacher's letters,
 * Hinglish, Chilean Spanish, lower case without stops), every action, by a tenth author.
 */
export const HELDOUT_FORTNIGHT_PATH = `${DATASET_DIR}heldout-fortnight.jsonl`;
/**
 * People telling who they are and what they want in the middle of a chat (fields in
 * everyday words, past and hoped-for jobs, preferences given as reasons), with near misses,
 * seven languages, by an eleventh author.
 */
export const HELDOUT_ASIDES_PATH = `${DATASET_DIR}heldout-asides.jsonl`;
/**
 * People of many trades saying what they do and work on (titles with employers, seniority and
 * contracts, trades, two jobs, jobs said in passing), with near misses (others' jobs, jobs
 * left or wished for, fields in run requests and feedback), seven languages, by a twelfth
 * author (261 phrasings after deduplication). Four labels that made a degree being studied a role ("doing my master's in …") were
 * set to the earlier sets' reading, a field and no role.
 */
export const HELDOUT_JOBS_PATH = `${DATASET_DIR}heldout-jobs.jsonl`;
/**
 * Users saying in the middle of real use what they work on (in everyday words and jargon) and
 * how bold or strict the app should be (as wishes, reasons, comparisons and hedges), with near
 * misses (levels of diets, bosses and investments, level words about a draft, questions about
 * the settings), seven languages, by a thirteenth author (258 phrasings after deduplication).
 * Twelve replies to a paused run that also said how the rest of the run should go were
 * labelled feedback with the levels as slots beside it; the levels were dropped, as the
 * feedback carries them to the run.
 */
export const HELDOUT_SETTINGS_PATH = `${DATASET_DIR}heldout-settings.jsonl`;
/**
 * Three ordinary days of the app's traffic from about forty-five imagined people, every action
 * in realistic proportions, seven languages, by a fourteenth author (268 phrasings after
 * deduplication).
 */
export const HELDOUT_DAYS_PATH = `${DATASET_DIR}heldout-days.jsonl`;

/**
 * A set written apart from train.jsonl: what the evaluation calls it, its file, whether it is
 * a test set and whether training reads it.
 */
export interface HeldoutSet {
  label: string;
  path: string;
  /** Scored, never listed, never trained on: its failures are not read. */
  test: boolean;
  /**
   * A development set that training reads as well, and that no longer scores the router:
   * phrasings in more authors' styles teach the model more than rules written from them.
   */
  trained: boolean;
}

/** The sets written apart, in the order they were written; each is checked against the earlier. */
export const WRITTEN_SETS: readonly HeldoutSet[] = [
  { label: 'held-out', path: HELDOUT_PATH, test: false, trained: false },
  { label: 'held-out (styles)', path: HELDOUT_STYLES_PATH, test: true, trained: false },
  { label: 'held-out (fresh)', path: HELDOUT_FRESH_PATH, test: true, trained: false },
  { label: 'held-out (levels)', path: HELDOUT_LEVELS_PATH, test: false, trained: true },
  { label: 'held-out (profiles)', path: HELDOUT_PROFILES_PATH, test: false, trained: true },
  { label: 'held-out (general)', path: HELDOUT_GENERAL_PATH, test: false, trained: true },
  { label: 'held-out (people)', path: HELDOUT_PEOPLE_PATH, test: false, trained: true },
  { label: 'held-out (blind)', path: HELDOUT_BLIND_PATH, test: true, trained: false },
  { label: 'held-out (languages)', path: HELDOUT_LANGUAGES_PATH, test: false, trained: true },
  {
    label: 'held-out (languages, blind)',
    path: HELDOUT_LANGUAGES_BLIND_PATH,
    test: true,
    trained: false,
  },
  {
    label: 'held-out (languages, profiles)',
    path: HELDOUT_LANGUAGES_PROFILES_PATH,
    test: false,
    trained: true,
  },
  { label: 'held-out (voices)', path: HELDOUT_VOICES_PATH, test: false, trained: true },
  { label: 'held-out (runs)', path: HELDOUT_RUNS_PATH, test: false, trained: true },
  { label: 'held-out (selves)', path: HELDOUT_SELVES_PATH, test: false, trained: true },
  { label: 'held-out (users)', path: HELDOUT_USERS_PATH, test: false, trained: true },
  {
    label: 'held-out (languages, users)',
    path: HELDOUT_LANGUAGES_USERS_PATH,
    test: false,
    trained: true,
  },
  { label: 'held-out (roles)', path: HELDOUT_ROLES_PATH, test: false, trained: true },
  { label: 'held-out (topics)', path: HELDOUT_TOPICS_PATH, test: false, trained: true },
  { label: 'held-out (preferences)', path: HELDOUT_PREFERENCES_PATH, test: false, trained: true },
  {
    label: 'held-out (introductions)',
    path: HELDOUT_INTRODUCTIONS_PATH,
    test: false,
    trained: false,
  },
  { label: 'held-out (week)', path: HELDOUT_WEEK_PATH, test: true, trained: false },
  { label: 'held-out (day)', path: HELDOUT_DAY_PATH, test: true, trained: false },
  { label: 'held-out (work)', path: HELDOUT_WORK_PATH, test: false, trained: false },
  { label: 'held-out (month)', path: HELDOUT_MONTH_PATH, test: false, trained: false },
  { label: 'held-out (chat)', path: HELDOUT_CHAT_PATH, test: false, trained: false },
  { label: 'held-out (threads)', path: HELDOUT_THREADS_PATH, test: false, trained: false },
  { label: 'held-out (fortnight)', path: HELDOUT_FORTNIGHT_PATH, test: false, trained: false },
  { label: 'held-out (asides)', path: HELDOUT_ASIDES_PATH, test: false, trained: false },
  { label: 'held-out (jobs)', path: HELDOUT_JOBS_PATH, test: false, trained: false },
  { label: 'held-out (settings)', path: HELDOUT_SETTINGS_PATH, test: false, trained: false },
  { label: 'held-out (days)', path: HELDOUT_DAYS_PATH, test: false, trained: false },
];

/** The sets held out: never read by training. */
export const HELDOUT_SETS: readonly HeldoutSet[] = WRITTEN_SETS.filter((set) => !set.trained);

/** The files the shipped model is trained on: train.jsonl and the development sets it reads. */
export const TRAINING_PATHS: readonly string[] = [
  TRAIN_PATH,
  ...WRITTEN_SETS.filter((set) => set.trained).map((set) => set.path),
];

/** Every phrasing the shipped model is trained on. */
export function readTrainingExamples(): Example[] {
  return TRAINING_PATHS.flatMap((path) => readExamples(path));
}

/**
 * Two readers given only the labelling conventions relabelled 300 phrasings drawn from five
 * development sets (chat, threads, work, month, introductions; 60 each), each apart from the
 * other and from the sets' labels: how far the conventions fix each slot.
 */
export const AGREEMENT_READERS = ['a', 'b'].map((r) => `${DATASET_DIR}agreement/reader-${r}.jsonl`);

/** Messages that mean nothing to the app: the router should ask rather than act. */
export const NONSENSE_PATH = `${DATASET_DIR}nonsense.jsonl`;
export const FILLERS_PATH = `${DATASET_DIR}fillers.json`;

/**
 * Reads and checks a JSONL file of examples; a bad line fails loudly with its number. With
 * `onTokens` false a span need not fall on token boundaries (labels only compared, never
 * trained on, as the agreement readers' are).
 */
export function readExamples(path: string, onTokens = true): Example[] {
  return parseExamples(readFileSync(path, 'utf8'), path, onTokens);
}

export function parseExamples(text: string, where = 'examples', onTokens = true): Example[] {
  const examples: Example[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const parsed = Example.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${where}:${i + 1}: ${parsed.error.message}`);
    const example = parsed.data;
    for (const slot of LEVEL_SLOTS) {
      if (example.slots?.[slot] && !example.values?.[slot]) {
        throw new Error(`${where}:${i + 1}: ${slot} span without its level in "values"`);
      }
    }
    if (onTokens) spanTags(example, tokenize(example.text), `${where}:${i + 1}`);
    examples.push(example);
  });
  return examples;
}

export const NonsenseMessage = z
  .object({
    text: z.string().min(1),
    session: z.enum(Object.keys(SESSIONS) as [SessionName, ...SessionName[]]),
  })
  .strict();
export type NonsenseMessage = z.infer<typeof NonsenseMessage>;

/** Reads the messages that mean nothing (one `{text, session}` a line). */
export function readNonsense(path: string = NONSENSE_PATH): NonsenseMessage[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      if (!line.trim()) return [];
      const parsed = NonsenseMessage.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.message}`);
      return [parsed.data];
    });
}

/**
 * BIO tag indices of each token from the example's spans (each span is the first occurrence
 * of its text that starts and ends on token boundaries).
 */
export function spanTags(example: Example, tokens: Token[], where = example.text): number[] {
  const tags = new Array<number>(tokens.length).fill(0);
  for (const slot of SPAN_SLOTS) {
    const span = example.slots?.[slot];
    if (!span) continue;
    let first = -1;
    let last = -1;
    for (let at = example.text.indexOf(span); at >= 0; at = example.text.indexOf(span, at + 1)) {
      first = tokens.findIndex((t) => t.start === at);
      last = tokens.findIndex((t) => t.end === at + span.length);
      if (first >= 0 && last >= first) break;
    }
    if (first < 0 || last < first) {
      throw new Error(`${where}: ${slot} "${span}" does not fall on token boundaries`);
    }
    for (let i = first; i <= last; i++) {
      if (tags[i] !== 0) throw new Error(`${where}: ${slot} overlaps another slot`);
      tags[i] = TAGS.indexOf(`${i === first ? 'B' : 'I'}-${slot}`);
    }
  }
  return tags;
}
