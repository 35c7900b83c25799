// The risk and strictness levels of a routed message: the lexicon (model/lexicon.ts) where it
// knows the words, the learned level reader where it does not; and the stretch of a run's
// topic that is really a level ("research coral bleaching and be bold").
import { cueOf, levelMarks, noLevelWords, type Level, type LevelMark } from './model/lexicon.ts';
import { readLevel, readLevels } from './model/level-reading.ts';
import type { IntentModel } from './model/intent-model.ts';
import { placeWord } from './field-words.ts';
import { isRoleWord } from './model/gazetteer.ts';
import { likened } from './non-roles.ts';
import { clausesOfOthers, clausesOfThePast } from './talk-of-others.ts';
import { firstSpan, LEVEL_SLOTS, type LevelSlot } from './model/level-reader.ts';
import { runsOf, slotOf, spanRuns } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

/**
 * Tokens inside a name, topic or feedback: their words say nothing about the profile's risk
 * or rigour ("start a run on high risk pregnancies"). A role or field may ("a cautious
 * researcher"), and so does a risk or strictness word the tagger took for a name ("I'm
 * pretty risk-averse").
 */
function inContentSlots(
  tags: readonly number[],
  marks: readonly (LevelMark | undefined)[],
): boolean[] {
  // Only the first topic is the run's; the tagger's later "topics" are often what the user
  // adds ("… à Lyon, avec des relectures exigeantes").
  const topicEnd = runsOf(tags, 'topic')[0]?.last ?? -1;
  // a level word inside a field's name is the field's ("drought tolerant maize")
  const inField = tags.map(() => false);
  for (const run of runsOf(tags, 'domain')) inField.fill(true, run.first + 1, run.last);
  return tags.map((tag, i) => {
    const slot = slotOf(tag);
    if (inField[i]) return true;
    if (slot === 'name') return !marks[i] || marks[i]!.cls === 'level';
    // level words inside a labelled persona describe it ("a skeptical reviewer")
    return (slot === 'topic' && i <= topicEnd) || slot === 'feedback' || slot === 'persona_brief';
  });
}

/**
 * The levels a message states. The lexicon reads the level words and idioms it knows, each
 * attached to the setting it names or stands nearest to ("risk low, strictness high"); the
 * learned level reader reads a tagged risk or strictness span of words the lexicon does not
 * know ("a cowboy with ideas"), when the lexicon read no level in the message: if it did, the
 * other span is the tagger's slip ("the ideas you gave last time were way too risky" is about
 * risk alone). Where the lexicon knows the words it is the more reliable of
 * the two: the reader, trained on a few hundred spans, followed the setting's name
 * ("strictness … low" read high) and the tagger's choice of setting ("a balanced amount of
 * risk" as strictness). A tagged span of bare levels that name no setting ("middle-of-the-road
 * ideas") is the tagged setting's.
 */
export function readProfileLevels(
  tokens: readonly Token[],
  tags: readonly number[],
  model: IntentModel,
  marks: readonly (LevelMark | undefined)[] = levelMarks(tokens.map((t) => t.lower)),
): Partial<Record<LevelSlot, Level>> {
  const words = tokens.map((t) => t.lower);
  // words of a clause about someone else ("…, my advisor is harsh enough") set nothing
  const others = clausesOfOthers(tokens);
  // what is said before an eye-roll or "/s" is sarcasm, when a level is said after it ("more
  // safe incremental ideas, my absolute favourite /s. give me the out-there stuff")
  const irony = sarcasmEnd(tokens);
  const sincere = irony >= 0 && marks.slice(irony).some(Boolean);
  const skipped = inContentSlots(tags, marks).map(
    (inSlot, i) => inSlot || others[i]! || inProperName(tokens, i) || (sincere && i < irony),
  );
  // a clause about how a past run was counts only for a setting nothing else sets
  const past = clausesOfThePast(tokens);
  const levels = {
    ...readLevels(words, skipped, marks),
    ...readLevels(
      words,
      skipped.map((skip, i) => skip || past[i]!),
      marks,
    ),
  };
  const lexiconRead = Object.keys(levels).length > 0;
  const out: Partial<Record<LevelSlot, Level>> = {};
  for (const slot of LEVEL_SLOTS) {
    const span = firstSpan(tags, slot);
    let level: Level | null = levels[slot] ?? null;
    if (!level && span) {
      const known = marks.slice(span[0], span[1] + 1).some(Boolean);
      const plain = noLevelWords(words)
        .slice(span[0], span[1] + 1)
        .some(Boolean);
      if (plain) continue; // "a high school teacher"
      if (saidOfSomethingElse(words, span[0])) continue; // "my confidence is low"
      // capitalised words no lexicon or dictionary knows name someone ("be Yusuf now"), and
      // an acronym no lexicon knows names a thing ("compared with DFT")
      const named = (t: Token) => placeWord(t) || (!known && ACRONYM.test(t.raw));
      if (tokens.slice(span[0], span[1] + 1).every(named)) continue;
      // nor does a job ("barista, bartender", "früher Bankkaufmann") where no level word is,
      // unless the app is to be like it ("review like a cranky senior editor")
      const inSpan = words.slice(span[0], span[1] + 1);
      const like = () => inSpan.some((_, k) => likened(tokens, span[0] + k));
      if (!known && inSpan.some(isRoleWord) && !like()) continue;
      // what a field joined by "and" goes on with is more field ("antropologia e saúde |
      // global")
      const fieldGoesOn =
        AND.has(words[span[0] - 2] ?? '') && slotOf(tags[span[0] - 3] ?? 0) === 'domain';
      if (!known && !lexiconRead && !fieldGoesOn) level = model.levels.read(slot, tokens, ...span);
      else if (!lexiconRead) level = readLevel(words.slice(span[0], span[1] + 1).join(' '));
    }
    if (level) out[slot] = level;
  }
  // "a bit bolder than before", "un chouïa plus audacieux", "etwas mutiger als bisher": a
  // little more of either way, from the middle, is the middle
  if (out.risk_preference && hedgesRisk(words, marks)) out.risk_preference = 'medium';
  return out;
}

/**
 * Whether the token at `i` is a word of a proper name inside a sentence ("mostly Middle
 * Kingdom stuff", "the High Court"): capitalised, as is the word after it.
 */
function inProperName(tokens: readonly Token[], i: number): boolean {
  const [before, word, after] = [tokens[i - 1], tokens[i]!, tokens[i + 1]];
  const capital = (t: Token | undefined) => t !== undefined && /^\p{Lu}\p{Ll}/u.test(t.raw);
  const opens = before === undefined || /^[.!?:;"“(\n]$/u.test(before.raw);
  return !opens && capital(word) && capital(after);
}

/** Where the last sarcasm marker ("🙄", "🙃", "/s") ends, or -1. */
function sarcasmEnd(tokens: readonly Token[]): number {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const raw = tokens[i]!.raw;
    if (raw === '🙄' || raw === '🙃') return i + 1;
    if (raw === '/' && tokens[i + 1]?.raw === 's') return i + 2;
  }
  return -1;
}

/** A word in capitals: "DFT", "RCTs". */
const ACRONYM = /^\p{Lu}{2,6}s?$/u;

/** True when a hedge stands before more of a risk word ("a bit | more | adventurous"). */
function hedgesRisk(words: readonly string[], marks: readonly (LevelMark | undefined)[]): boolean {
  const risk = (i: number) => marks[i]?.cls === 'risk' && marks[i]!.level !== 'medium';
  return words.some((word, i) => {
    if (!HEDGES.has(word)) return false;
    // "a bit | bolder", or "a bit | more | daring", "un poco | más | arriesgado"
    if (risk(i + 1) && /er$/u.test(words[i + 1]!)) return true;
    // "arriesga | un poco | más"
    return MORE.has(words[i + 1] ?? '') && (risk(i + 2) || risk(i + 3) || risk(i - 2));
  });
}
/** The last word of a hedge: "a bit", "a little", "un peu", "un poco", "etwas", "um pouco". */
const HEDGES = new Set(
  (
    "bit little tad slightly somewhat peu chouia chouïa poco pelin pelín pouco pouquinho po po' " +
    'pizzico filo etwas bisschen wenig شوي شوية'
  ).split(' '),
);
const MORE = new Set('more plus mas más mais più piu mehr'.split(' '));

/**
 * Whether the level span at `start` is said of something of the user's that is no setting:
 * "my confidence is low", "our budget's pretty low".
 */
function saidOfSomethingElse(words: readonly string[], start: number): boolean {
  let at = start - 1;
  while (at > 0 && INTENSIFIERS.has(words[at]!)) at--;
  const copula = COPULAS.has(words[at] ?? '');
  const owner = POSSESSIVES.has(words[at - 2] ?? '');
  return copula && owner && !cueOf(words[at - 1] ?? '');
}
const COPULAS = new Set(['is', 'are', 'was', 'were', "'s", 'feels', 'seems']);
const POSSESSIVES = new Set(['my', 'our', 'his', 'her', 'their']);
const INTENSIFIERS = new Set([
  'very',
  'so',
  'pretty',
  'quite',
  'really',
  'super',
  'kinda',
  'a',
  'bit',
]);

/** "And" in the languages the router reads. */
const AND = new Set(['and', 'e', 'y', 'et', 'und', 'و']);

/** Words that join a run's topic to what the user adds about the run. */
const JOINERS = new Set(['and', 'with', 'but', 'avec', 'et', 'con', 'y']);
/** Imperatives that open an instruction after "and" ("… and be bold", "… and take no risks"). */
const IMPERATIVES = new Set([
  'be',
  'go',
  'keep',
  'make',
  'take',
  'play',
  'stay',
  "don't",
  'dont',
  'please',
  'sois',
  'soyez',
  'se',
]);
/** Nouns that name a setting, written as a word of their own. */
const SETTINGS = new Set([
  'risk',
  'risks',
  'baseline',
  'baselines',
  'rigour',
  'rigor',
  'review',
  'reviews',
  'reviewing',
  'strictness',
  'stakes',
]);

/**
 * Tags with the end of each topic that states a level taken out of the topic: from a joiner
 * on, when what follows is an instruction about the run ("… and be bold", "…, swing big",
 * "… with really demanding baselines", "…, avec des relectures exigeantes") rather than more
 * of the topic ("high-risk and low-risk pregnancies", "safe and risky investments"). Its words
 * are then read as the level they state.
 */
export function withoutLevelTail(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const words = tokens.map((t) => t.lower);
  const marks = levelMarks(words);
  for (const { slot, first: start, last: end } of spanRuns(tags)) {
    if (slot !== 'topic') continue;
    // The last such joiner; what it opens runs to the next punctuation, past the tagged topic
    // if need be ("… with normal | rigor"), and no further ("work and productivity, strict").
    for (let k = end; k > start; k--) {
      let stop = k + 1;
      while (stop < tokens.length && !tokens[stop]!.punct) stop++;
      const tail = { words: words.slice(k + 1, stop), marks: marks.slice(k + 1, stop) };
      const joins = tokens[k]!.punct || JOINERS.has(words[k]!);
      // "… with demanding baselines" ends on the setting; "… and strict baselines in ML
      // papers" is a topic about baselines.
      const instruction =
        tokens[k]!.punct || IMPERATIVES.has(words[k + 1]!) || SETTINGS.has(tail.words.at(-1) ?? '');
      const level =
        tail.marks.some((m) => m && m.cls !== 'level') ||
        (tail.marks.some(Boolean) && tail.words.some((w) => SETTINGS.has(w)));
      if (!joins || !instruction || !level) continue;
      // Tagged O from the joiner on; punctuation is never part of a span.
      out.fill(0, k, end + 1);
      break;
    }
    // "explore wild ideas around | dark matter detection": a level and what it qualifies
    // ("ideas", "directions") opening the topic are the instruction, not the topic.
    const of = words.findIndex(
      (w, i) => i > start && i + 2 <= end && QUALIFIED.has(w) && ABOUT.has(words[i + 1] ?? ''),
    );
    const head = words.slice(start, of);
    if (of > start && head.some((_, i) => marks[start + i]?.cls === 'risk')) {
      out.fill(0, start, of + 2);
      out[of + 2] = tags[start]!;
    }
  }
  return out;
}
/** What a risk word qualifies before a topic: "wild ideas around …", "bold directions in …". */
const QUALIFIED = new Set(['ideas', 'idea', 'directions', 'direction', 'approaches', 'questions']);
/** Words that join a risk instruction to its topic: "wild ideas around …". */
const ABOUT = new Set(['around', 'about', 'on', 'in', 'for', 'into']);
