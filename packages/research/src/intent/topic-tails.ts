// What a run's topic carries on with after a comma, a dash or in brackets: "fairness metrics
// in credit scoring, esp. disparate impact for thin-file applicants", "plantas de cobertura
// (braquiária, crotalária) no sequestro de carbono …". The tagger, trained mostly on short
// topics, stops at the first comma, dash or bracket; people who ask for a run in one long
// sentence mean the whole of it, up to where the sentence ends or turns to the writer, the
// reader or the profile.
import { levelMarks } from './model/lexicon.ts';
import { LEVEL_TAGS, markSpan, runsOf, slotOf } from './model/tags.ts';
import { foldedSet, type Token } from './model/tokens.ts';

/** The tags with the first topic run on over the pieces of its sentence that belong to it. */
export function withTopicTail(tokens: readonly Token[], tags: readonly number[]): number[] {
  const run = runsOf(tags, 'topic')[0];
  if (!run) return [...tags];
  const words = tokens.map((t) => t.lower);
  const marks = levelMarks(words);
  // A piece holds nothing the tagger read as another slot: "…, urban sociology" and "…
  // (agronomy)" name the writer's field.
  // A capitalised word the tagger read as a level though the lexicon knows no level in it
  // names a thing ("…, compared with DFT").
  const named = (i: number) =>
    LEVEL_TAGS.has(tags[i]!) && !marks[i] && /^\p{Lu}/u.test(tokens[i]!.raw);
  const free = (i: number) => tags[i] === 0 || slotOf(tags[i]!) === 'topic' || named(i);
  // After a comma, "it" points back at the run ("…, write it up"); after a bracket it is
  // the topic's own ("(X70, X80) and how microstructure changes it").
  const belongs = (first: number, last: number, comma = false) => {
    for (let i = first; i <= last; i++) {
      if (comma && POINTERS.has(words[i]!)) return false;
      if (!free(i) || marks[i] || NOT_OF_TOPIC.has(words[i]!)) return false;
      if (tokens[i]!.raw === 'I') return false; // the Italian article "i" is no "I"
      if (words[i] === 'it' && IS.has(words[i + 1] ?? '')) return false; // "…, it's for a brief"
    }
    return true;
  };
  const wordsIn = (first: number, last: number) =>
    tokens.slice(first, last + 1).filter((t) => !t.punct).length;
  let last = run.last;
  // a bracket the topic opened is closed ("… patronage (1350 | –1530)")
  if (leftOpen(tokens, run.first, last + 1)) {
    const close = bracketEnd(tokens, last + 1);
    if (close < 0 || !belongs(last + 1, close - 1)) return [...tags];
    last = close;
  }
  for (;;) {
    const next = tokens[last + 1];
    if (!next) break;
    let end = -1;
    if (next.raw === '(') {
      end = bracketEnd(tokens, last + 2);
      if (end < 0 || wordsIn(last + 2, end) < 1) break;
    } else if (PIECE_OPENS.has(next.raw)) {
      end = pieceEnd(tokens, last + 2);
      const count = wordsIn(last + 2, end);
      // a short question after the topic asks about it ("…, funciona mesmo?"); what the run
      // is for is no part of it ("…, for a feature due Thursday")
      const asked = QUESTIONS.has(tokens[end + 1]?.raw ?? '') && count <= 5;
      // nor is the news that prompts it ("…, ahora que lo han prohibido en Andalucía")
      const context = NOW_THAT.has(`${words[last + 2]} ${words[last + 3]}`);
      if (asked || context || PURPOSES.has(words[last + 2]!)) break;
      // a piece needs words: ", cox vs random survival forests", not ", ok" or ", short-term"
      if (count < 2 || !belongs(last + 2, end, true)) break;
    } else if (DASHES.has(next.raw) && tokens[last]!.end < next.start) {
      // after a spaced dash, what runs to the message's end says more of it ("… — hard
      // carbon suppliers, costs, bottlenecks", "… — does it reduce placement breakdowns?")
      end = pieceEnd(tokens, last + 2);
      const after = tokens[end + 1];
      const final =
        !after ||
        PIECE_OPENS.has(after.raw) ||
        (SENTENCE_ENDS.has(after.raw) && end + 2 >= tokens.length);
      // not the request said after the topic ("… — write that up", "… — hazme un paper"), an
      // aside ("… — saw it in the FT") or a short question about it ("… – taugt das was?")
      const count = wordsIn(last + 2, end);
      const aside = words.slice(last + 2, end + 1).some((w) => ASIDES.has(w));
      const asked = QUESTIONS.has(after?.raw ?? '') && count <= 4;
      if (count < 1 || !final || aside || asked) break;
    } else if (tokens[last]!.raw === ')' || suspended(tokens, last)) {
      // words go on after a bracket ("(X70, X80) | and how …") or a word cut short
      // ("Fußgänger- | und Radverkehr")
      end = pieceEnd(tokens, last + 1);
      if (wordsIn(last + 1, end) < 1) break;
    } else break;
    if (!belongs(last + 1, end)) break;
    last = end;
  }
  if (last === run.last) return [...tags];
  const out = [...tags];
  markSpan(out, 'topic', run.first, last);
  return out;
}

const IS = new Set(["'s", 'is', 'was']);
const POINTERS = new Set(['it', 'them', 'this', 'that']);
/** What opens a piece of a topic: a comma, Latin or Arabic. */
const PIECE_OPENS = new Set([',', '،']);
/**
 * Words of a request, of what points back at the topic, or of where the writer met it, after
 * a dash.
 */
const ASIDES = foldedSet(
  'write do make run research draft paper fais fais-moi ecris redige papier la-dessus hazme ' +
    'haz escribe eso esto escreve faz faca isso scrivi fai questo mach schreib اكتب اعمل عنها عنه ' +
    'saw read heard vu lu vi lei visto letto gesehen gelesen',
);
/** Dashes that open a piece between spaces. */
const DASHES = new Set(['—', '–', '-']);
/** What ends a sentence, and so a topic's last piece. */
const SENTENCE_ENDS = new Set(['.', '?', '!', ';', ':', '—', '؟', '…', '¿', '¡']);
const QUESTIONS = new Set(['?', '؟']);
/** What opens the purpose of a run rather than more of its topic. */
const PURPOSES = foldedSet('for pour para per für fur');
/** "Now that", which opens the news that prompts a request. */
const NOW_THAT = new Set([
  'now that',
  'ahora que',
  'maintenant que',
  'agora que',
  'ora che',
  'adesso che',
  'jetzt wo',
  'jetzt da',
]);
/** Short words a stop abbreviates rather than ends a sentence after: "esp.", "v.a.", "c.". */
const ABBREVIATED = foldedSet(
  'esp eg e g ie i.e e.g v.a z.b u.a d.h c ca cf vs etc approx incl bzw ggf usw sp ej p.ej',
);

/** True when more brackets open than close among the tokens from `first` to before `end`. */
export function leftOpen(tokens: readonly Token[], first: number, end: number): boolean {
  const span = tokens.slice(first, end);
  return span.filter((t) => t.raw === '(').length > span.filter((t) => t.raw === ')').length;
}

/** The closing bracket at or after `from`, across at most one sentence, or -1. */
function bracketEnd(tokens: readonly Token[], from: number): number {
  for (let i = from; i < tokens.length && i - from < 30; i++) {
    if (tokens[i]!.raw === ')') return i;
    if (tokens[i]!.raw === '(') return -1;
  }
  return -1;
}

/**
 * The last token of the piece that starts at `first`: up to the next comma or end of
 * sentence, with any bracket in it whole.
 */
function pieceEnd(tokens: readonly Token[], first: number): number {
  let i = first;
  while (i < tokens.length) {
    const raw = tokens[i]!.raw;
    if (raw === '(') {
      const close = bracketEnd(tokens, i + 1);
      if (close < 0) break;
      i = close + 1;
      continue;
    }
    if (PIECE_OPENS.has(raw) || (SENTENCE_ENDS.has(raw) && !abbreviation(tokens, i))) break;
    // a dash between spaces ends it too; one between years does not ("2021–2024")
    if ((raw === '–' || raw === '-') && tokens[i - 1]!.end < tokens[i]!.start) break;
    i++;
  }
  return i - 1;
}

/** True when the stop at `i` closes an abbreviation ("esp. disparate impact", "v.a. …"). */
function abbreviation(tokens: readonly Token[], i: number): boolean {
  if (tokens[i]!.raw !== '.') return false;
  const before = tokens[i - 1];
  return before !== undefined && before.end === tokens[i]!.start && ABBREVIATED.has(before.lower);
}

/** True when the word at `i` is cut short by a hyphen for the next ("Fußgänger- | und …"). */
function suspended(tokens: readonly Token[], i: number): boolean {
  const [word, dash] = [tokens[i]!, tokens[i + 1]];
  return dash?.raw === '-' && word.end === dash.start && !word.punct;
}

/**
 * Words that turn a sentence from its topic to the writer ("…, I'm a city planner"), the
 * reader ("…, can you …"), thanks or the run itself ("…, for my thesis", "…, asap").
 */
const NOT_OF_TOPIC = foldedSet(
  "i'm im me my mine we our us you your u ur je j' moi mon ma mes tu vous yo mi mis " +
    'eu meu minha io mio mia ich mein meine mir du أنا انا please pls plz thanks thank ' +
    'merci gracias danke bitte grazie obrigado obrigada favor favore asap urgent ' +
    'regards cheers best شكرا لو its suis soy sou sono bin tengo tenho ho habe ' +
    // and what turns to the reader: "can you", "هل تستطيع"
    'can could would peux pourrais puedes podrias podes poderia puoi potresti kannst ' +
    'konntest هل ممكن تقدر تستطيع field domain area domaine campo bereich مجالي تخصصي',
);
