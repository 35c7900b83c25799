// Exact corrections of the tagger's field (domain) and topic spans, read off
// cross-validation's misses. Fields: a field in two tagged pieces ("psychology | of | music"),
// a field that changed ("my field was economics, now it's public finance"), an article before
// the field ("the history and philosophy of science"). Topics: a question word before one, a
// last word left out.
import { slotOf, TAGS } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

const B = TAGS.indexOf('B-domain');
const I = TAGS.indexOf('I-domain');

/** Words that join two pieces of one field. */
const JOINS = new Set(['of', 'and', '&']);
/** Words that say the field that follows is the current one. */
const NOW = new Set(['now', 'nowadays', 'currently', 'today', 'lately']);
const ARTICLES = new Set(['the', 'a', 'an']);

interface Run {
  first: number;
  last: number;
}

function domainRuns(tags: readonly number[]): Run[] {
  const runs: Run[] = [];
  tags.forEach((tag, i) => {
    if (slotOf(tag) !== 'domain') return;
    const open = runs.at(-1);
    if (tag === I && open?.last === i - 1) open.last = i;
    else runs.push({ first: i, last: i });
  });
  return runs;
}

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
    const between = words.slice(runs[0]!.last + 1, runs[r]!.first);
    const shifted = between.some(
      (w, i) => NOW.has(w) || (w === 'these' && between[i + 1] === 'days'),
    );
    if (!shifted) continue;
    for (const earlier of runs.slice(0, r)) out.fill(0, earlier.first, earlier.last + 1);
    break;
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
  let last = -1;
  for (let i = 0; i < out.length; i++) if (out[i] === TOPIC_B || out[i] === TOPIC_I) last = i;
  // A question word just before it opens the topic ("how noise affects sleep"); "if" and
  // "whether" do not ("investigate whether fasting helps" is about fasting helping).
  const first = out.indexOf(TOPIC_B);
  if (first > 0 && out[first - 1] === 0 && QUESTION_WORDS.has(tokens[first - 1]!.lower)) {
    out[first - 1] = TOPIC_B;
    out[first] = TOPIC_I;
  }
  const next = tokens[last + 1];
  if (last < 0 || !next || next.punct || out[last + 1] !== 0) return out;
  const after = tokens[last + 2];
  const endsClause = !after || (after.punct && after.raw !== "'");
  if (endsClause && !NOT_TOPIC.has(next.lower) && /\p{L}/u.test(next.raw)) out[last + 1] = TOPIC_I;
  return out;
}
