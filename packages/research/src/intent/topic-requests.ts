// Where a message asks for a run, and so where its topic is: the words that ask ("… a paper
// on", "could you research", "Tema:"), a topic named before the request ("X — write it up"),
// and whether a message asks for a run on a topic at all.
import { AND, contentWord } from './field-words.ts';
import { lexiconClass } from './model/lexicon.ts';
import { markSpan, runsOf, TAGS } from './model/tags.ts';
import { foldedSet, type Token } from './model/tokens.ts';
import { wordClasses } from './model/word-classes.ts';

export const TOPIC_B = TAGS.indexOf('B-topic');
export const TOPIC_I = TAGS.indexOf('I-topic');
export const isTopic = (tag: number | undefined) => tag === TOPIC_B || tag === TOPIC_I;

/** Words that end a request, not its topic ("… for me", "… now", "… too"). */
export const NOT_TOPIC = new Set([
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
export function requestedLater(tokens: readonly Token[], out: number[]): void {
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
export function namedBefore(
  tokens: readonly Token[],
  words: readonly string[],
  out: number[],
): void {
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
