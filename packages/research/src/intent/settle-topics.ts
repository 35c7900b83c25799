// Exact corrections of the tagger's topic spans, read off cross-validation's misses: a
// question word before the topic, a last word left out, a plural possessive, the place the
// topic is about.
import { ARTICLES, placeWord } from './field-words.ts';
import { closesGermanRequest, germanTopic } from './german-topics.ts';
import { cueOf, lexiconClass } from './model/lexicon.ts';
import { withTopicTail } from './topic-tails.ts';
import { trimTopic } from './topic-trims.ts';
import { runsOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';
import {
  isTopic,
  namedBefore,
  NOT_TOPIC,
  requestedLater,
  TOPIC_B,
  TOPIC_I,
} from './topic-requests.ts';

/** Words before the place a topic is about. */
const TOPIC_PLACE_BEFORE = new Set(['in', 'à', 'a', 'en', 'au', 'aux', 'dans']);

const QUESTION_ARTICLES = new Set('the les los las gli il la le i die der das o os as'.split(' '));
/** Question words, in the languages the router reads, that open a topic asked as a question. */
const QUESTION_WORDS = new Set(
  (
    'how what why which who when where pourquoi comment perche come warum wieso weshalb wie ' +
    'porque لماذا ليش ليه كيف'
  ).split(' '),
);

/**
 * The topic with the one word the tagger left between it and the end of its clause taken in
 * ("… short term | memory", "… gait | analysis, field: …"): the tagger hesitates over words it
 * also knows as commands ("memory", "analysis", "work"). Read off cross-validation's misses.
 */
export function settleTopic(tokens: readonly Token[], tags: readonly number[]): number[] {
  return trimTopic(tokens, withTopicTail(tokens, settleSpans(tokens, tags)));
}

function settleSpans(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const words = tokens.map((t) => t.lower);
  // A plural possessive does not end a topic ("… their owners' voices"): the tagger stops at
  // the apostrophe, a token of its own, and may start another topic after it.
  const possessive = (i: number) =>
    tokens[i]?.raw === "'" && i > 0 && tokens[i]!.start === tokens[i - 1]!.end;
  for (let i = 1; i + 1 < out.length; i++) {
    const topicBefore = isTopic(out[i - 1]);
    if (possessive(i) && topicBefore && out[i + 1] === TOPIC_B) {
      out[i] = TOPIC_I;
      out[i + 1] = TOPIC_I;
    }
  }
  requestedLater(tokens, out);
  namedBefore(tokens, words, out);
  germanTopic(tokens, out);
  let last = -1;
  for (let i = 0; i < out.length; i++) if (isTopic(out[i])) last = i;
  // A question word just before it opens the topic ("how noise affects sleep"); "if" and
  // "whether" do not ("investigate whether fasting helps" is about fasting helping).
  const first = out.indexOf(TOPIC_B);
  // perhaps with an article the tagger left out between ("perché | gli | italiani …")
  const article = first > 1 && QUESTION_ARTICLES.has(words[first - 1]!) && out[first - 1] === 0;
  const asked = article ? first - 2 : first - 1;
  if (first > 0 && out[asked] === 0 && QUESTION_WORDS.has(words[asked] ?? '')) {
    out.fill(TOPIC_I, asked, first + 1);
    out[asked] = TOPIC_B;
  }
  // An Arabic topic opens on the noun its first word is said of: the tagger leaves out the
  // head of "مخاطر | الذكاء الاصطناعي" (the risks of AI) or "الزراعة | المائية".
  const opening = out.indexOf(TOPIC_B);
  if (opening > 0 && out[opening - 1] === 0 && arabicHead(tokens[opening - 1]!, tokens[opening]!)) {
    out[opening - 1] = TOPIC_B;
    out[opening] = TOPIC_I;
  }
  // Nor a compound qualifier, written with hyphens, that opens it ("research | heat-tolerant |
  // coral symbionts …"), unless it names a setting ("low-risk").
  const start = out.indexOf(TOPIC_B);
  const qualifier = tokens[start - 1];
  if (
    start > 0 &&
    out[start - 1] === 0 &&
    /^\p{Ll}+(?:-\p{Ll}+)+$/u.test(qualifier!.raw) &&
    !lexiconClass(qualifier!.lower) &&
    !cueOf(qualifier!.lower)
  ) {
    out[start - 1] = TOPIC_B;
    out[start] = TOPIC_I;
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
  // Nor before the place it is about ("la pollution de l'air | à Lyon").
  const topicEnd = runsOf(out, 'topic')[0]?.last ?? -1;
  const placeAfter = (i: number) =>
    out[i] === 0 && tokens[i] !== undefined && placeWord(tokens[i]!);
  if (
    topicEnd >= 0 &&
    out[topicEnd + 1] === 0 &&
    TOPIC_PLACE_BEFORE.has(words[topicEnd + 1] ?? '')
  ) {
    let end = topicEnd + 1;
    while (end - topicEnd < 4 && placeAfter(end + 1)) end++;
    if (end > topicEnd + 1) {
      out.fill(TOPIC_I, topicEnd + 1, end + 1);
      if (topicEnd === last) last = end;
    }
  }
  if (last >= 0) last = joinedField(tokens, out, last);
  // nor inside a range of numbers written with a dash ("…, 2018–2024")
  if (last >= 0 && rangeAfter(tokens, out, last)) {
    out.fill(TOPIC_I, last + 1, last + 3);
    last += 2;
  }
  // nor before the last item of a list it holds, when that ends the message ("… — hard carbon
  // suppliers, costs, | bottlenecks")
  if (last >= 0 && lastListItem(tokens, out, last)) {
    out.fill(TOPIC_I, last + 1, last + 3);
    return out;
  }
  const next = tokens[last + 1];
  if (last < 0 || !next || next.punct || out[last + 1] !== 0) return out;
  const ends = (i: number) => !tokens[i] || (tokens[i]!.punct && tokens[i]!.raw !== "'");
  const plain = (t: Token | undefined) =>
    t !== undefined &&
    !NOT_TOPIC.has(t.lower) &&
    !closesGermanRequest(t.lower) &&
    /\p{L}/u.test(t.raw);
  if (ends(last + 2) && plain(next)) out[last + 1] = TOPIC_I;
  // or a preposition and one word ("why people doomscroll | at night")
  const phrase = TOPIC_PREPOSITIONS.has(next.lower) && out[last + 2] === 0;
  const word = tokens[last + 2];
  if (phrase && ends(last + 3) && plain(word) && !word!.punct && !MANNER.has(word!.lower))
    out.fill(TOPIC_I, last + 1, last + 3);
  return out;
}

/** Whether ", word" ends the message after a topic that is itself a list ending at `last`. */
function lastListItem(tokens: readonly Token[], out: readonly number[], last: number): boolean {
  const [comma, word] = [tokens[last + 1], tokens[last + 2]];
  if (comma?.raw !== ',' || !word || word.punct || out[last + 1] !== 0 || out[last + 2] !== 0)
    return false;
  const ends = tokens.slice(last + 3).every((t) => t.punct && t.raw !== ',');
  const first = tokens.findIndex((_, i) => isTopic(out[i]));
  const commas = tokens.slice(first, last).filter((t) => t.raw === ',').length;
  return ends && commas >= 1 && /^\p{L}+$/u.test(word.raw) && !NOT_TOPIC.has(word.lower);
}

/** Whether a dash and a number, written close up, follow the number at `last`. */
function rangeAfter(tokens: readonly Token[], out: readonly number[], last: number): boolean {
  const [from, dash, to] = [tokens[last]!, tokens[last + 1], tokens[last + 2]];
  // (the tagger may read the second number as anything; a number is no level nor field)
  if (!dash || !to || out[last + 1] !== 0 || isTopic(out[last + 2])) return false;
  const closeUp = dash.start === from.end && to.start === dash.end;
  return closeUp && /^[–—-]$/u.test(dash.raw) && /^\p{N}+$/u.test(from.raw + to.raw);
}

/**
 * A topic ends on no joining word: where the tagger read what follows as a field ("…
 * microplastics in tap water as | a health risk"), that is the topic's too. Returns the
 * topic's last token.
 */
function joinedField(tokens: readonly Token[], out: number[], last: number): number {
  if (!JOINING.has(tokens[last]!.lower)) return last;
  let at = last + 1;
  while (out[at] === 0 && ARTICLES.has(tokens[at]?.lower ?? '')) at++;
  const field = runsOf(out, 'domain').find((run) => run.first === at);
  if (!field) return last;
  out.fill(TOPIC_I, last + 1, field.last + 1);
  return field.last;
}
const JOINING = new Set(['as', 'of', 'in', 'for', 'with', 'and', 'on', 'about', 'to', 'among']);
/** How the paper should be, not what about: "in detail", "in English". */
const MANNER = new Set(
  'detail depth brief short general particular full english french spanish arabic latex'.split(' '),
);
/** Prepositions that open the end of a topic's clause ("… at night", "… in winter"). */
const TOPIC_PREPOSITIONS = new Set(['at', 'in', 'during', 'among', 'after', 'before', 'across']);

/** True when an Arabic word is a noun that `next`, a definite word, is said of. */
function arabicHead(word: Token, next: Token): boolean {
  const arabic = (t: Token) => /^\p{Script=Arabic}+$/u.test(t.raw);
  return (
    arabic(word) && arabic(next) && next.lower.startsWith('ال') && !ARABIC_ASKING.has(word.lower)
  );
}
/**
 * What asks for a run before its topic in Arabic, as tokens fold them: prepositions (in,
 * about, on), verbs of research and writing, and what is asked for (a study, a paper).
 */
const ARABIC_ASKING = new Set(
  (
    'في عن حول على علي من الى ل ابحث ابحثي اكتب اكتبي ادرس ادرسي حلل حللي قارن اعمل سوي ' +
    'دير ابدا شغل دراسه دراسة بحث بحثا ورقه ورقة مقال مقاله مقالة تقرير موضوع ' +
    'اريد بدي عايز ابي ابغى حابب ممكن تستطيع تقدر هل يا'
  ).split(' '),
);
