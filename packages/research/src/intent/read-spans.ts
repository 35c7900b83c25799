// The slots of a routed message as written: each tagged span cut to its words (no courtesy,
// title or edge word), and the profile its role, field, persona and level spans make.
import type { ProfilePatch } from './schema.ts';
import type { IntentModel } from './model/intent-model.ts';
import { cueOf, levelMarks, lexiconClass } from './model/lexicon.ts';
import { spanRuns, type SpanSlot } from './model/tags.ts';
import { fold, type Token } from './model/tokens.ts';
import { readProfileLevels } from './profile-levels.ts';
import { isQualifierPair } from './settle-roles.ts';
import { TITLES } from './settle-names.ts';
import { leftOpen } from './topic-tails.ts';
import { cleanSlot } from './slots.ts';

/** Each slot's spans as written, in order. */
export type Spans = Partial<Record<SpanSlot, string[]>>;

/** Words that never start or end a name, field or topic, though a tagger may take them in. */
const EDGE_WORDS = new Set([
  "'s",
  'please',
  'pls',
  'plz',
  'plis',
  'porfa',
  'stp',
  'svp',
  'thanks',
  'thx',
  'now',
  'maintenant',
  'actuellement',
  'ahora',
  'actualmente',
  'asap',
  'btw',
  'fyi',
  'tbh',
  'lol',
  'haha',
  'on',
  'about',
  'into',
  'from',
  'with',
  'at',
  'regarding',
  'concerning',
  're',
  // German "but rather", before what replaces a thing denied ("nicht …, sondern Fahrzeugtechnik")
  'sondern',
]);

function isEdge(token: Token): boolean {
  return token.punct || EDGE_WORDS.has(token.norm) || /^\p{L}{1,2}'$/u.test(token.lower);
}

export function readSpans(text: string, tokens: Token[], tags: number[]): Spans {
  const spans: Spans = {};
  const runs = spanRuns(tags);
  // Feedback is the user's own words: one stretch from its first tagged word to its last.
  const feedback = runs.filter((r) => r.slot === 'feedback');
  if (feedback.length > 0) {
    const first = tokens[feedback[0]!.first]!;
    const last = tokens[feedback.at(-1)!.last]!;
    spans.feedback = [text.slice(first.start, last.end)];
  }
  for (const run of runs) {
    if (run.slot === 'feedback') continue;
    let { first, last } = run;
    if (run.slot === 'name') {
      // A title the tagger took for the name, or took in with it.
      let next = first;
      while (
        next < tokens.length &&
        (TITLES.has(tokens[next]!.norm) || tokens[next]!.raw === '.')
      ) {
        next++;
      }
      if (next > first && next < tokens.length && !tokens[next]!.punct) {
        first = next;
        last = Math.max(last, next);
      }
    }
    // "D'Arcy", "O'Neill": a capital and an apostrophe joined to the name are part of it
    const elided = (t: Token) => run.slot === 'name' && /^\p{Lu}'$/u.test(t.raw);
    while (first <= last && isEdge(tokens[first]!) && !elided(tokens[first]!)) first++;
    // a topic's last word keeps its "'s" ("… the onset of Alzheimer's"); a name's does not
    const possessive = (i: number) =>
      run.slot === 'topic' && tokens[i]!.lower === "'s" && tokens[i]!.start === tokens[i - 1]?.end;
    // nor its closing bracket ("… in Argentina (2003-2023)")
    const closing = (i: number) =>
      run.slot === 'topic' && tokens[i]!.raw === ')' && leftOpen(tokens, first, i);
    while (last >= first && isEdge(tokens[last]!) && !possessive(last) && !closing(last)) last--;
    if (first > last) continue;
    (spans[run.slot] ??= []).push(text.slice(tokens[first]!.start, tokens[last]!.end));
  }
  return spans;
}

/** A span of level words only ("safe", "very cautious") is a setting, not a role or field. */
function onlyLevelWords(span: string): boolean {
  const words = fold(span)
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
  const levelWord = (w: string) => lexiconClass(w) !== undefined || LEVEL_MODIFIERS.has(w);
  // a compound of level and setting words too ("risk-taker")
  const compound = (w: string) =>
    w.includes('-') && w.split('-').every((part) => levelWord(part) || cueOf(part));
  // or a setting named with its level ("rigore massimo", "strictness max")
  const named =
    words.length > 1 && words.some(levelWord) && words.every((w) => levelWord(w) || cueOf(w));
  return words.every((w) => levelWord(w) || compound(w)) || named;
}

/** A role without the level words before it; "high school" is a kind of teacher, not a level. */
function withoutLeadingLevelWords(span: string): string {
  const words = span.split(/\s+/);
  const leadingLevel = () =>
    onlyLevelWords(words[0]!.replace(/[,;]$/, '')) &&
    !isQualifierPair(fold(words[0]!), words[1] && fold(words[1]));
  while (words.length > 1 && leadingLevel()) words.shift();
  return words.join(' ');
}

const LEVEL_MODIFIERS = new Set(['very', 'quite', 'pretty', 'rather', 'fairly', 'really', 'super']);

export function profileFrom(
  spans: Spans,
  tokens: Token[],
  tags: number[],
  model: IntentModel,
): ProfilePatch {
  const patch: ProfilePatch = {};
  // level words the lexicon reads as no level where they stand ("Conservatrice | au musée")
  const marks = levelMarks(tokens.map((t) => t.lower));
  const noLevelThere = new Set(
    tokens.filter((t, i) => !marks[i] && lexiconClass(t.lower)).map((t) => t.lower),
  );
  const levelOnly = (v: string) =>
    onlyLevelWords(v) &&
    !fold(v)
      .split(/\s+/u)
      .some((w) => noLevelThere.has(w));
  for (const field of ['archetype', 'domain', 'persona_brief'] as const) {
    // the first span that is more than level words ("a very | cautious | statistician")
    const values = (spans[field] ?? []).map(cleanSlot);
    const value = field === 'persona_brief' ? values[0] : values.find((v) => !levelOnly(v));
    if (!value) continue;
    // "a cautious statistician": the caution is the risk setting, the role is a statistician.
    patch[field] = field === 'archetype' ? withoutLeadingLevelWords(value) : value;
  }
  // (level words inside a labelled persona describe it, and are skipped there)
  Object.assign(patch, readProfileLevels(tokens, tags, model, marks));
  return patch;
}
