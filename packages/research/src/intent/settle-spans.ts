// Exact corrections of the tagger's field (domain) and topic spans, read off
// cross-validation's misses. Fields: a field in two tagged pieces ("psychology | of | music"),
// a field that changed ("my field was economics, now it's public finance"), an article before
// the field ("the history and philosophy of science"), a place read as a field ("… in Nairobi").
// Topics: a question word before one, a last word left out, a plural possessive. Names are
// settled in settle-names.ts.
import { isEnglishWord } from './model/english-words.ts';
import { inLexicons, isFieldHead } from './model/gazetteer.ts';
import { runsOf, TAGS } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

const B = TAGS.indexOf('B-domain');
const I = TAGS.indexOf('I-domain');

/** Words that join two pieces of one field. */
const JOINS = new Set(['of', 'and', '&']);
/** Words that join a field's words, in the languages people write fields in. */
const DANGLING_JOINS = new Set([
  'of',
  'and',
  '&',
  'de',
  'des',
  'du',
  'del',
  'et',
  'y',
  'e',
  'da',
  'do',
]);
/** Words after "of" that end a field rather than continue it. */
const NOT_OF_FIELD = new Set([
  'course',
  'sorts',
  'all',
  'mine',
  'it',
  'them',
  'this',
  'that',
  'these',
  'those',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'the',
  'a',
  'an',
  'things',
  'stuff',
  'work',
]);
/** Words that say what follows is the current field or role. */
const NOW = new Set(['now', 'nowadays', 'currently', 'today', 'lately']);

/** True when folded words say "now" or "these days" ("my field was X, now it's Y"). */
export function saysNow(words: readonly string[]): boolean {
  return words.some((w, i) => NOW.has(w) || (w === 'these' && words[i + 1] === 'days'));
}
const ARTICLES = new Set(['the', 'a', 'an']);

/** Words before a place: "in Nairobi", "from Brno", "en Bogotá". */
const PLACE_BEFORE = new Set(['in', 'at', 'from', 'en']);

/** A capitalised word that names no field, role or English word: a place or an institution. */
const placeWord = (token: Token) =>
  /^\p{Lu}\p{Ll}/u.test(token.raw) && !inLexicons(token.lower) && !isEnglishWord(token.lower);

const domainRuns = (tags: readonly number[]) => runsOf(tags, 'domain');

/** The tags with the domain spans settled as above; other slots are untouched. */
export function settleDomains(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  let runs = domainRuns(out);
  // Two pieces one joining word apart are one field.
  for (let r = runs.length - 1; r > 0; r--) {
    const [a, b] = [runs[r - 1]!, runs[r]!];
    if (b.first === a.last + 2 && JOINS.has(tokens[a.last + 1]!.lower)) {
      out[a.last + 1] = I;
      out[b.first] = I;
    }
  }
  runs = domainRuns(out);
  // A later field after "now" or "these days" is the one that holds.
  const words = tokens.map((t) => t.lower);
  for (let r = runs.length - 1; r > 0; r--) {
    if (!saysNow(words.slice(runs[0]!.last + 1, runs[r]!.first))) continue;
    for (const earlier of runs.slice(0, r)) out.fill(0, earlier.first, earlier.last + 1);
    break;
  }
  // A field does not end on a joining word: the tagger stopped one word short ("génétique
  // des | populations", "history of | medicine").
  for (const run of domainRuns(out)) {
    const next = tokens[run.last + 1];
    if (DANGLING_JOINS.has(words[run.last]!) && next && !next.punct && out[run.last + 1] === 0) {
      out[run.last + 1] = I;
    }
  }
  // Nor before "of" and the word it takes ("Philosophy | of mind"), unless that word is no
  // field's ("ecology of course", "economics of the household" keeps the field named).
  for (const run of domainRuns(out)) {
    const [of, next] = [tokens[run.last + 1], tokens[run.last + 2]];
    if (of?.lower !== 'of' || !next || next.punct || out[run.last + 1] !== 0) continue;
    if (out[run.last + 2] !== 0 || NOT_OF_FIELD.has(next.lower)) continue;
    out[run.last + 1] = I;
    out[run.last + 2] = I;
  }
  // Nor before the word that ends many fields' names ("operations | management"; not
  // "research": "my agronomy research" is agronomy), nor, in Arabic, before its adjectives,
  // which take the article ("الكيمياء | الحيوية").
  for (const run of domainRuns(out)) {
    let last = run.last;
    const head = words[last + 1] ?? '';
    if (out[last + 1] === 0 && head !== 'research' && isFieldHead(head)) last++;
    while (out[last + 1] === 0 && /^ال\p{L}{2,}$/u.test(words[last + 1] ?? '')) last++;
    out.fill(I, run.last + 1, last + 1);
  }
  // A proper name after "in", "at" or "from" that no lexicon knows is a place, not a field
  // ("a community health worker in Nairobi", "a farmer in Punjab").
  for (const run of domainRuns(out)) {
    const span = tokens.slice(run.first, run.last + 1);
    if (PLACE_BEFORE.has(words[run.first - 1] ?? '') && span.every(placeWord)) {
      out.fill(0, run.first, run.last + 1);
    }
  }
  // An article is not part of the field.
  for (const run of domainRuns(out)) {
    if (run.last > run.first && ARTICLES.has(words[run.first]!)) {
      out[run.first] = 0;
      out[run.first + 1] = B;
    }
  }
  return out;
}

const TOPIC_B = TAGS.indexOf('B-topic');
const TOPIC_I = TAGS.indexOf('I-topic');

/** Words that end a request, not its topic ("… for me", "… now", "… too"). */
const NOT_TOPIC = new Set([
  'me',
  'us',
  'it',
  'them',
  'this',
  'that',
  'please',
  'pls',
  'plz',
  'now',
  'today',
  'too',
  'also',
  'instead',
  'thanks',
  'thx',
  'asap',
  'again',
  'first',
  'then',
  'next',
  'later',
  'soon',
  'quickly',
  'lol',
  'btw',
  'ok',
  'okay',
]);

const QUESTION_WORDS = new Set(['how', 'what', 'why', 'which', 'who', 'when', 'where']);

/**
 * The topic with the one word the tagger left between it and the end of its clause taken in
 * ("… short term | memory", "… gait | analysis, field: …"): the tagger hesitates over words it
 * also knows as commands ("memory", "analysis", "work"). Read off cross-validation's misses.
 */
export function settleTopic(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  // A plural possessive does not end a topic ("… their owners' voices"): the tagger stops at
  // the apostrophe, a token of its own, and may start another topic after it.
  const possessive = (i: number) =>
    tokens[i]?.raw === "'" && i > 0 && tokens[i]!.start === tokens[i - 1]!.end;
  for (let i = 1; i + 1 < out.length; i++) {
    const topicBefore = out[i - 1] === TOPIC_B || out[i - 1] === TOPIC_I;
    if (possessive(i) && topicBefore && out[i + 1] === TOPIC_B) {
      out[i] = TOPIC_I;
      out[i + 1] = TOPIC_I;
    }
  }
  let last = -1;
  for (let i = 0; i < out.length; i++) if (out[i] === TOPIC_B || out[i] === TOPIC_I) last = i;
  // A question word just before it opens the topic ("how noise affects sleep"); "if" and
  // "whether" do not ("investigate whether fasting helps" is about fasting helping).
  const first = out.indexOf(TOPIC_B);
  if (first > 0 && out[first - 1] === 0 && QUESTION_WORDS.has(tokens[first - 1]!.lower)) {
    out[first - 1] = TOPIC_B;
    out[first] = TOPIC_I;
  }
  // Or it stops at the apostrophe and leaves the rest of the clause out.
  while (
    last >= 0 &&
    possessive(last + 1) &&
    tokens[last + 2] &&
    !tokens[last + 2]!.punct &&
    out[last + 2] === 0
  ) {
    out[last + 1] = TOPIC_I;
    out[last + 2] = TOPIC_I;
    last += 2;
    while (tokens[last + 1] && !tokens[last + 1]!.punct && out[last + 1] === 0) {
      if (NOT_TOPIC.has(tokens[last + 1]!.lower)) break;
      out[++last] = TOPIC_I;
    }
  }
  const next = tokens[last + 1];
  if (last < 0 || !next || next.punct || out[last + 1] !== 0) return out;
  const after = tokens[last + 2];
  const endsClause = !after || (after.punct && after.raw !== "'");
  if (endsClause && !NOT_TOPIC.has(next.lower) && /\p{L}/u.test(next.raw)) out[last + 1] = TOPIC_I;
  return out;
}
