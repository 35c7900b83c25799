// Exact corrections of the tagger's topic spans, read off cross-validation's misses: a
// question word before the topic, a last word left out, a plural possessive, the place the
// topic is about.
import { AND, ARTICLES, contentWord, placeWord } from './field-words.ts';
import { closesGermanRequest, germanTopic } from './german-topics.ts';
import { cueOf, lexiconClass } from './model/lexicon.ts';
import { withTopicTail } from './topic-tails.ts';
import { trimTopic } from './topic-trims.ts';
import { markSpan, runsOf, TAGS } from './model/tags.ts';
import { foldedSet, type Token } from './model/tokens.ts';
import { wordClasses } from './model/word-classes.ts';

const TOPIC_B = TAGS.indexOf('B-topic');
const TOPIC_I = TAGS.indexOf('I-topic');
const isTopic = (tag: number | undefined) => tag === TOPIC_B || tag === TOPIC_I;

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

/** "… run on", "… paper about": the words that ask for a run just before its topic. */
const REQUEST_CUES = [
  ['run', 'on'],
  ['run', 'about'],
  ['paper', 'on'],
  ['paper', 'about'],
  ['research', 'on'],
  ['report', 'on'],
  ['review', 'on'],
  ['study', 'on'],
  ['write', 'about'],
  ['look', 'into'],
  ['look', 'at'],
  ['swing', 'at'],
  // "now do one on …", "queue one on …"
  ['one', 'on'],
  ['one', 'about'],
  // asked of the assistant: "could you research | ESG ratings divergence"
  ['you', 'research'],
  ['you', 'investigate'],
  ['you', 'explore'],
  ['you', 'study'],
  ['please', 'research'],
  ['pls', 'research'],
  // in French, Spanish, Italian, Portuguese and Arabic: "un article sur …", "un artículo
  // sobre …", "una ricerca sul …", "que investigues …", "بحثاً عن …"
  ...pairs('article papier recherche etude rapport', 'sur'),
  ...pairs('articulo estudio investigacion paper informe', 'sobre acerca'),
  ...pairs('articolo ricerca studio paper', "sul sulla sullo sull' sui sugli sulle su"),
  ...pairs('artigo pesquisa estudo paper', 'sobre'),
  ...pairs('que', 'investigues estudies analices investigue'),
  // asked of the assistant in the other languages: "¿podrías estudiar …?", "potresti
  // indagare …?", "dá pra estudar …?", "bora pesquisar …?", "tu peux étudier …", "تبحث عن …"
  ...pairs('podrias puedes podes', 'estudiar investigar analizar explorar'),
  ...pairs('potresti puoi', 'indagare studiare analizzare esplorare ricercare'),
  ...pairs('pode podes poderia consegue pra bora', 'pesquisar estudar investigar analisar'),
  ...pairs('peux pouvez pourrais pourriez', 'etudier explorer analyser'),
  ...pairs('تبحث تدرس', 'عن في حول'),
  ...pairs('بحثا بحث دراسة دراسه مقال مقالا ورقة تقرير', 'عن حول'),
];
/** The request cues by their first word, looked up for every word of a message. */
const CUE_PAIRS = new Map<string, Set<string>>();
for (const [a, b] of REQUEST_CUES) {
  if (!CUE_PAIRS.has(a!)) CUE_PAIRS.set(a!, new Set());
  CUE_PAIRS.get(a!)!.add(b!);
}

/** Every pair of a word of `firsts` and a word of `seconds`. */
function pairs(firsts: string, seconds: string): string[][] {
  return firsts.split(' ').flatMap((a) => seconds.split(' ').map((b) => [a, b]));
}
/** What labels a topic: "Topic:", "Tema:", "Sujet :", "Thema:", "موضوع:". */
const TOPIC_LABELS = new Set('topic tema thema sujet argomento assunto موضوع الموضوع'.split(' '));
const LABEL_MARKS = new Set([':', '-', '—', '=']);

/** Verbs of research that ask for a run when they open the message, in six languages. */
const OPENING_VERBS = foldedSet(
  'research investigate pesquise investigue investiga indaga untersuche recherchiere erforsche',
);
/** True when what follows a verb at `at` is its object, not "is", "proposal" or a colon. */
function objectAfter(words: readonly string[], at: number): boolean {
  const next = words[at] ?? '';
  // "explore bolder directions", "explore more daring ideas" set a level; "research strict
  // liability in product law" names a topic
  const after = words.slice(at + 1, at + 3);
  const ofIdeas = after.length === 0 || after.some((w) => IDEAS.has(w));
  const level = [next, words[at + 1] ?? ''].some((w) => lexiconClass(w)) && ofIdeas;
  const object = !NOT_OBJECT.has(next) && !POINTING.has(next) && !ASKED.has(next) && !level;
  return /^\p{L}/u.test(next) && object && !wordClasses(next).includes('project');
}
const NOT_OBJECT = new Set(
  (
    'is was are has have had and or but more something anything ' +
    // "research interests: …", "research focus …", what is said of the writer's research
    'interests interest proposal question questions area areas focus field fields domain ' +
    'background topic topics methods method experience group lab team career profile skills ' +
    'style direction directions agenda statement assistant scientist engineer fellow associate'
  ).split(' '),
);

/** What a level qualifies when it is asked of the ideas, not named in a topic. */
const IDEAS = foldedSet(
  'ideas idea directions direction approaches approach options angles hypotheses proposals ' +
    'topics questions stuff things ideias idées idee pistes ansätze ideen',
);

/** Words that open what a request asks rather than its topic ("research whether …"). */
const ASKING = new Set(['whether', 'if']);

/**
 * Where the topic of a run asked for in so many words at `i` starts, or -1 when no request
 * stands at `i`.
 */
function requestAt(words: readonly string[], i: number): number {
  // "Tema: la economía informal en Lima …", a topic labelled as such
  if (i === 0 && TOPIC_LABELS.has(words[0]!) && LABEL_MARKS.has(words[1] ?? '')) return 2;
  // "research the psychology of conspiracy beliefs. I'm a clinical psychologist …": a verb of
  // research opening the message, before its object (later sentences that open on one tell
  // of the writer's research too often)
  if (i === 0 && OPENING_VERBS.has(words[i]!) && objectAfter(words, i + 1)) return i + 1;
  if (!CUE_PAIRS.get(words[i]!)?.has(words[i + 1] ?? '')) return -1;
  return ASKING.has(words[i + 2] ?? '') ? i + 3 : i + 2;
}

/**
 * Whether the request at `i` is asked of the assistant, not told of the writer ("I do
 * research on crop genetics"): its clause says "you" or "please", or opens on a verb.
 */
function askedAt(tokens: readonly Token[], i: number): boolean {
  let start = i;
  while (start > 0 && !tokens[start - 1]!.punct) start--;
  const clause = tokens.slice(start, i + 1).map((t) => t.lower);
  return clause.some((w) => ASKED.has(w)) || !SUBJECTS.has(clause[0]!);
}
const ASKED = foldedSet(
  "you u ya please pls plz let's lets need voudrais aimerais veux quiero quisiera necesito " +
    'vorrei voglio queria quero gostaria أريد بدي ابي عايز',
);
/** Words that open a clause telling of someone rather than asking. */
const SUBJECTS = foldedSet(
  "i i'm im i've ive we we're we've my our he she they his her their " +
    "je j' yo io eu ich ana أنا",
);

/**
 * The first and last token of the topic of the last run asked for in so many words from
 * `from` on: the rest of the request's clause, when it holds two words or more.
 */
export function requestedTopic(
  tokens: readonly Token[],
  from = 0,
): { first: number; last: number } | undefined {
  const words = tokens.map((t) => t.lower);
  let at = -1;
  for (let i = from; i + 1 < words.length; i++) {
    if (askedAt(tokens, i)) at = Math.max(at, requestAt(words, i));
  }
  if (at < 0) return undefined;
  let end = at;
  while (end < tokens.length && !tokens[end]!.punct) end++;
  let last = end - 1;
  while (last >= at && NOT_TOPIC.has(words[last]!)) last--;
  return last > at ? { first: at, last } : undefined;
}

/**
 * A run asked for in so many words after the tagged "topic", or with none tagged, names the
 * topic: the context before it is not ("We've been seeing drift in our soil sensors after
 * rain. Can you start a research run on | sensor drift in capacitive probes?"; "I teach
 * physics at a high school; can you do a paper on | student misconceptions about gravity?").
 */
function requestedLater(tokens: readonly Token[], out: number[]): void {
  const first = out.findIndex(isTopic);
  const topic = requestedTopic(tokens, first + 1);
  if (!topic) return;
  // words the tagger gave to another slot stay there (feedback: "please look into | the
  // confounders more carefully")
  const free = (tag: number) => tag === 0 || isTopic(tag);
  if (!out.slice(topic.first, topic.last + 1).every(free)) return;
  out.forEach((tag, i) => {
    if (isTopic(tag)) out[i] = 0;
  });
  markSpan(out, 'topic', topic.first, topic.last);
}

/** What points back at a topic named before the request: "write a paper on | that". */
const POINTING = new Set(['it', 'that', 'this', 'them', 'those']);
/** Words of a clause that tells of the writer or asks, not a topic. */
const NOT_A_TOPIC_CLAUSE = new Set(["i'm", 'i', 'im', 'my', 'we', 'our', 'you', 'can', 'could']);

/**
 * A request that points back at what the message named first takes that as its topic: "
 * microplastics in rivers. write a paper on that", "podcasts, attention spans and learning —
 * write it up", "Children's screen time, sleep, and school grades — research that". The first
 * sentence (to a stop, dash, colon or question mark; commas are the topic's own) names
 * something, two words or more, rather than telling of the writer; the tagger's topic, if
 * any, lies inside it.
 */
function namedBefore(tokens: readonly Token[], words: readonly string[], out: number[]): void {
  let end = 0;
  while (end < tokens.length && !SENTENCE_ENDS.has(tokens[end]!.raw)) end++;
  const rest = words.slice(end + 1);
  const pointsBack =
    words.some((_, i) => i > end && POINTING.has(words[requestAt(words, i)] ?? '')) ||
    (rest.length <= 6 &&
      rest.some((w) => POINTING.has(w)) &&
      rest.some((w) => wordClasses(w).some((c) => c === 'starting' || c === 'project')));
  if (!pointsBack || end < 2 || end === tokens.length) return;
  const clause = words.slice(0, end);
  const notTopic = (w: string) =>
    NOT_A_TOPIC_CLAUSE.has(w) || OPENING_CHAT.has(w) || CUE_PAIRS.has(w);
  if (clause.some(notTopic)) return;
  // "what's the deal with | X?"
  const start = /^(?:what's|whats) the (?:deal|story) with$/.test(clause.slice(0, 4).join(' '))
    ? 4
    : 0;
  const topicOutside = out.some((tag, i) => i >= end && isTopic(tag));
  const otherInside = out.slice(0, end).some((tag) => tag !== 0 && !isTopic(tag));
  if (topicOutside || otherInside) return;
  // A topic the tagger read inside it keeps its words, and takes in the list items it left
  // before it ("podcasts, | attention spans and learning"), not a question's opening
  // ("what's known about | long covid …").
  const tagged = runsOf(out, 'topic')[0];
  let [first, last] = [start, end - 1];
  if (tagged) {
    [first, last] = [tagged.first, tagged.last];
    const listed = (t: Token) => contentWord(t) || t.raw === ',' || AND.has(t.lower);
    while (first > start && listed(tokens[first - 1]!)) first--;
    while (first < last && tokens[first]!.punct) first++;
  }
  out.fill(0, 0, end);
  markSpan(out, 'topic', first, last);
}
/** Chat that opens a message before what it asks: "quick question: …", "ok here's one: …". */
const OPENING_CHAT = new Set(
  'question quick ok okay hey hi hello so one idea thought here heres btw also'.split(' '),
);
/** What ends the first sentence of a message (a comma does not: "X, Y and Z — write it up"). */
const SENTENCE_ENDS = new Set(['.', '!', '?', '—', '–', '-', ':', ';', '؟']);
