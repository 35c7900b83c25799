// The topic of a run asked for in German, where the tagger, trained mostly on languages that
// put the verb first, cuts it or runs it into the verb at the end ("Kannst du zu Mikroplastik
// in Flüssen | recherchieren?", "Mach eine Studie zur Veränderung der | Gletscher im Laufe der
// Zeit"): the words after the request's preposition to the end of the clause, without the
// verb, "bitte" or "mal" that close it.
import { markSpan, runsOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

/** The tags with the topic of a German run request settled; others unchanged. */
export function germanTopic(tokens: readonly Token[], out: number[]): void {
  const words = tokens.map((t) => t.lower);
  const cue = germanRequestAt(words);
  if (cue < 0) return;
  let first = cue + 1;
  while (SKIPPED.has(words[first] ?? '')) first++;
  let end = first;
  while (end < tokens.length && !tokens[end]!.punct) end++;
  let last = end - 1;
  while (last >= first && CLOSING.has(words[last]!)) last--;
  if (last <= first) return;
  // words another slot holds stay there ("…, aber bitte eher | vorsichtig")
  const topics = runsOf(out, 'topic');
  const inTopic = (i: number) => topics.some((run) => run.first <= i && i <= run.last);
  const free = out.slice(first, last + 1).every((tag, k) => tag === 0 || inTopic(first + k));
  if (!free) return;
  for (const run of topics) out.fill(0, run.first, run.last + 1);
  markSpan(out, 'topic', first, last);
}

/** True when a message asks for a run in German ("Mach eine Studie zur …"). */
export function asksRunInGerman(tokens: readonly Token[]): boolean {
  return germanRequestAt(tokens.map((t) => t.lower)) >= 0;
}

/** True when a folded word closes a German request after its topic ("… recherchieren?"). */
export const closesGermanRequest = (word: string) => CLOSING.has(word);

/**
 * Where a German request for a run ends, just before its topic, or -1: "eine Studie zur …",
 * "einen Lauf über …", "forsche zu …", "untersuch mal …", "kannst du zu … recherchieren".
 */
function germanRequestAt(words: readonly string[]): number {
  // "ich forsche zu …", "ich arbeite an einer Studie zur …" tell of the writer's work
  const told = words.some((w) => SELF.has(w)) && !words.some((w) => ASKING.has(w));
  if (told) return -1;
  return words.findIndex((word, i) => {
    const next = words[i + 1] ?? '';
    if (RUN_NOUNS.has(word) || RESEARCH_VERBS.has(word)) return ABOUT.has(next);
    if (LOOK_VERBS.has(word)) return next === 'mal' || next === 'bitte';
    // "kannst du zu … recherchieren?": the verb closes the clause
    return word === 'du' && ABOUT.has(next) && words.slice(i + 2).some((w) => CLOSING_VERBS.has(w));
  });
}
const SELF = new Set(['ich', 'wir']);
/** Words that ask the assistant: "kannst du", "hätte gern", "bitte". */
const ASKING = new Set(
  'du kannst konntest bitte mochte hatte gern gerne will brauche mach starte schreib'.split(' '),
);
/** What a run is called: a study, a paper, a run, a piece of work. */
const RUN_NOUNS = new Set(
  'studie paper lauf run arbeit artikel untersuchung recherche analyse bericht'.split(' '),
);
/** Verbs of research said before the preposition: "forsche zu …", "recherchiere über …". */
const RESEARCH_VERBS = new Set(
  'forsche forsch recherchiere recherchier schreib schreibe'.split(' '),
);
/** Verbs said before the topic itself: "untersuch mal …". */
const LOOK_VERBS = new Set(
  'untersuch untersuche erforsch erforsche analysier analysiere'.split(' '),
);
const ABOUT = new Set(['zu', 'zum', 'zur', 'uber', 'von']);
/** What may stand between the request and its topic: "mal", "bitte", "dem Thema", articles. */
const SKIPPED = new Set(
  'mal bitte thema der die das den dem des ein eine einen einem einer zu zum zur uber'.split(' '),
);
/** The verbs that close a German request's clause. */
const CLOSING_VERBS = new Set(
  (
    'recherchieren starten schreiben machen untersuchen erstellen durchfuhren beginnen ' +
    'anfangen forschen analysieren anlegen verfassen'
  ).split(' '),
);
/** What closes a request's clause after its topic. */
const CLOSING = new Set([...CLOSING_VERBS, 'bitte', 'mal', 'danke', 'kannst', 'konntest']);
