// What a tagger or a lexicon reads as a field and is not: what a risk or strictness
// instruction is about, a level idiom, a stretch of talk, what opens on a verb of being or
// leaving, a field only hoped for or someone else's, the kind of a workplace, what a piece
// of work is for, and a time.
import { isField, isFieldHead } from './model/gazetteer.ts';
import { levelMarks } from './model/lexicon.ts';
import { runsOf, TAGS } from './model/tags.ts';
import { foldedSet, type Token } from './model/tokens.ts';
import { withoutTimes } from './field-times.ts';
import { dropWorkplaces } from './workplaces.ts';
import { hopedFor } from './imagined-roles.ts';
import { clausesOfOthers } from './talk-of-others.ts';

const B = TAGS.indexOf('B-domain');
const domainRuns = (tags: readonly number[]) => runsOf(tags, 'domain');

/**
 * Tags without what a tagger or a lexicon reads as a field and is not: what a risk or
 * strictness instruction is about, and the kind of a workplace ("an epidemiologist at the |
 * state health | department", "a product manager at a | medtech | startup", "a policy advisor
 * at a ministry of | health", "a data engineer at a | logistics | firm").
 */
export function dropNonFields(tokens: readonly Token[], out: number[]): number[] {
  const words = tokens.map((t) => t.lower);
  // what a risk or strictness instruction is about, and level idioms
  const marks = levelMarks(words);
  for (const run of domainRuns(out)) {
    let at = run.first - 1;
    while (at > 0 && ['the', 'my', 'your', 'our'].includes(words[at]!)) at--;
    const setting = marks[at - 1] && marks[at - 1]!.cls !== 'level';
    if (ABOUT_WHAT.has(words[at] ?? '') && setting) out.fill(0, run.first, run.last + 1);
    // nor a level idiom ("on peut | prendre des risques")
    if (marks.slice(run.first, run.last + 1).every((m) => m?.idiom))
      out.fill(0, run.first, run.last + 1);
  }
  // nor what is the app's ("thank you for your | patient explanation")
  for (const run of domainRuns(out)) {
    if (YOURS.has(words[run.first - 1] ?? '')) out.fill(0, run.first, run.last + 1);
  }
  // nor a stretch of talk with a word no field's name holds and no field word ("very
  // interesting", "Nature or anything", "suffered enough from …", "völlig abgehoben")
  for (const run of domainRuns(out)) {
    const span = tokens.slice(run.first, run.last + 1);
    // (a word of talk is no field word when folded: "Muda aí" is no "AI")
    const talk = (t: Token) => NEVER_IN_FIELD.has(t.raw.toLowerCase());
    const known = span.some((t) => !talk(t) && (isField(t.lower) || isFieldHead(t.lower)));
    if (!known && span.some(talk)) out.fill(0, run.first, run.last + 1);
  }
  for (const run of domainRuns(out)) {
    // nor what opens on a verb of being, saying or leaving, or follows one of leaving ("di |
    // essere registrata", "on | parle de patients", "تركت | التدريس منذ زمن"), and "topics
    // of" is no part of one ("cubro | temas de vivienda")
    const topicsOf =
      TOPICS_OF.has(words[run.first]!) &&
      ['de', 'di'].includes(words[run.first + 1]!) &&
      run.last > run.first + 1;
    const left = LEFT.has(words[run.first]!) || LEFT.has(words[run.first - 1] ?? '');
    if (NEVER_OPENS.has(words[run.first]!) || left) out.fill(0, run.first, run.last + 1);
    else if (topicsOf) {
      out.fill(0, run.first, run.first + 2);
      out[run.first + 2] = B;
    }
  }
  // nor a field the writer only hopes to go into ("hoping to get into | corpus linguistics"),
  // nor someone else's ("My wife's the academic, she's in | sociology")
  const hoped = hopedFor(tokens);
  const others = clausesOfOthers(tokens);
  for (const run of domainRuns(out)) {
    const within = (marks: boolean[]) => marks.slice(run.first, run.last + 1).every(Boolean);
    if (within(hoped) || within(others)) out.fill(0, run.first, run.last + 1);
  }
  dropWorkplaces(tokens, out);
  dropPurposes(tokens, out);
  trimFieldEdges(tokens, out);
  return withoutTimes(tokens, out);
}

/** "Your", said to the app, in the languages the router reads. */
const YOURS = new Set(
  'your votre vos ton ta tes tu tus seu sua teu tua dein deine vostro vostra'.split(' '),
);

/** Intensifiers, negatives and fillers, in no field's name. */
const NEVER_IN_FIELD = new Set(
  (
    'very really so too enough anything nothing nobody muy très molto muito sehr völlig ' +
    'nada nadie rien nichts niemand niente nulla nessuno aí'
  ).split(' '),
);
/** Words no field opens on: verbs of being, saying and greeting by letter; indefinite articles. */
const NEVER_OPENS = new Set(
  (
    'essere etre ser estar sein agreer veuillez parle parler parlons hablar falar ' +
    // an indefinite article opens a place of work, not a field ("in | einer Reha-Klinik")
    'a an un une una um uma ein eine einer einem einen'
  ).split(' '),
);
/** Verbs of leaving: what they open on or stand before the writer has left ("quit | accounting"). */
const LEFT = new Set('quit left تركت استقلت'.split(' '));
/** "Topics" before "of" and a field: "temas de vivienda", "temi di …", "thèmes de …". */
const TOPICS_OF = new Set(['temas', 'temi', 'themes', 'questoes', 'cuestiones']);

/**
 * How the writer works (freelance, part-time) is no field, the school level before one is
 * no part of it ("A-level | chemistry and bio"), nor is doing it alone after it ("astronomia |
 * sozinho pelo YouTube").
 */
function trimFieldEdges(tokens: readonly Token[], out: number[]): void {
  const words = tokens.map((t) => t.lower);
  for (const run of domainRuns(out)) {
    const span = words.slice(run.first, run.last + 1);
    if (span.every((w) => WORK_MODES.has(w))) {
      out.fill(0, run.first, run.last + 1);
      continue;
    }
    let first = run.first;
    while (first < run.last && SCHOOL_LEVELS.has(words[first]!)) out[first++] = 0;
    const alone = span.findIndex((w, k) => ALONE.has(w) || forLeisure(span, k));
    if (alone > 0) out.fill(0, run.first + alone, run.last + 1);
    if (first > run.first) out[first] = B;
  }
}
/** Ways of working, as tokens fold them. */
const WORK_MODES = foldedSet(
  'freelance freelancer part-time full-time self-employed independent بدوام جزئي كامل',
);
/** School levels said before a subject. */
const SCHOOL_LEVELS = new Set(['a-level', 'a-levels', 'gcse', 'gcses', 'abitur']);
/** Doing it alone, said after the subject. */
const ALONE = new Set(['sozinho', 'sozinha', 'alone', 'myself']);
/**
 * Whether the folded words from `k` say the subject is done for leisure ("genealogía | por
 * afición", "história da arquitetura | por hobby", "… | as a hobby"), or hedge it ("… | más
 * bien").
 */
export function forLeisure(words: readonly string[], k: number): boolean {
  const w = words[k]!;
  const next = words[k + 1] ?? '';
  if (LEISURE_BEFORE.has(w) && LEISURE.has(next)) return true;
  if (w === 'as' && next === 'a' && LEISURE.has(words[k + 2] ?? '')) return true;
  if (w === 'for' && next === 'fun') return true;
  return w === 'mas' && next === 'bien';
}
const LEISURE_BEFORE = new Set(['por', 'per', 'als', 'pelo', 'pour']);
const LEISURE = new Set('hobby aficion diversao passione plaisir gusto spass'.split(' '));

/** Drops the field spans that say what a piece of work is for ("it's for a | policy brief"). */
export function dropPurposes(tokens: readonly Token[], out: number[]): void {
  for (const run of domainRuns(out)) {
    const purpose = PURPOSES.has(tokens[run.last]!.lower) && tokens[run.first - 1]?.lower !== 'in';
    // nor a journal the writer reviews for ("I review for Arthritis & | Rheumatology")
    let at = run.first - 1;
    while (at > 0 && (tokens[at]!.raw === '&' || /^\p{Lu}/u.test(tokens[at]!.raw))) at--;
    const journal =
      tokens[at]?.lower === 'for' &&
      REVIEWING.has(tokens[at - 1]?.lower ?? '') &&
      /^\p{Lu}/u.test(tokens[run.first]!.raw);
    if (journal) out.fill(0, run.first, run.last + 1);
    // nor the kind of a piece of work ("it's a | nursing | audit not a RCT")
    const next = tokens[run.last + 1]?.lower ?? '';
    const kind =
      (PIECES.has(next) || PURPOSES.has(next)) &&
      ['a', 'an'].includes(tokens[run.first - 1]?.lower ?? '');
    if (purpose || kind) out.fill(0, run.first, run.last + 1);
  }
}

/** Verbs of work done for a journal: "I review for Nature". */
const REVIEWING = new Set(['review', 'referee', 'edit', 'reviewing', 'refereeing', 'editing']);
/** Pieces of work a field may qualify: "a nursing audit", "an economics paper". */
const PIECES = new Set('audit paper project report proposal grant review study survey'.split(' '));
/** What a piece of work is for, which names no field: a course, a brief, a thesis. */
const PURPOSES = new Set(
  'course courses class classes brief assignment essay homework module seminar lecture dissertation thesis'.split(
    ' ',
  ),
);

/** What joins a risk or strictness instruction to what it is about. */
const ABOUT_WHAT = new Set(['on', 'with', 'about']);
