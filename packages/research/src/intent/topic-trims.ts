// What the tagger's topic span holds that is not the topic, or leaves out of it: a filler or
// a misspelt article before it ("investiga | aí | a relação …", "research | teh | impact …"),
// what the run is for after it ("… in Toscana, | per la mia tesi di laurea", "…, | for a
// feature due Thursday"), and the "'s" of a last word it cut ("… the onset of Alzheimer |
// 's").
import { markSpan, runsOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

/** The tags with the first topic span trimmed as above. */
export function trimTopic(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const run = runsOf(out, 'topic')[0];
  if (!run) return out;
  let { first, last } = run;
  while (first < last && LEADING.has(tokens[first]!.raw.toLowerCase())) first++;
  // the formal German request's "Sie" and "bitte", and the article after them ("untersuchen
  // Sie | die | Ermüdung …"), in the span or just before it
  const formal = (i: number) => FORMAL.has(tokens[i]?.lower ?? '');
  if (first < last && (formal(first) || formal(first - 1))) {
    while (first < last && FORMAL.has(tokens[first]!.lower)) first++;
    if (first < last && GERMAN_ARTICLES.has(tokens[first]!.lower)) first++;
  }
  const words = tokens.map((t) => t.lower);
  for (let k = first + 1; k < last; k++) {
    const owner = words[k + 1] === 'la' || words[k + 1] === 'il' ? words[k + 2] : words[k + 1];
    // "…, for a feature due Thursday": what the run is for, after a comma
    const purpose = words[k - 1] === ',' && INDEFINITE.has(words[k + 1] ?? '');
    if (FOR.has(words[k]!) && (MY.has(owner ?? '') || purpose)) {
      last = tokens[k - 1]!.punct ? k - 2 : k - 1;
      break;
    }
  }
  if (tokens[last + 1]?.lower === "'s" && (tokens[last + 2]?.punct ?? true)) last++;
  // a topic ends on no "after" or "before" cut from what they are of ("… fish | after | this
  // one?")
  while (last > first && TIME_PREPOSITIONS.has(words[last]!) && out[last + 1] === 0) last--;
  if (first === run.first && last === run.last) return out;
  out.fill(0, run.first, run.last + 1);
  if (last >= first) markSpan(out, 'topic', first, last);
  return out;
}

/**
 * Raw words, lowercased, that open no topic: Portuguese "aí", misspelt "the", and the words
 * that link a topic to its request ("scrivi un articolo | sui | microbi del suolo").
 */
const LEADING = new Set(
  "aí teh hte sul sulla sullo sull' sui sugli sulle dell' sobre sur über".split(' '),
);
const FORMAL = new Set(['sie', 'bitte']);
const GERMAN_ARTICLES = new Set(['die', 'der', 'das', 'den', 'dem']);
/** "For", before whose "my …" comes what the run is for, not what it is about. */
const FOR = new Set(['for', 'per', 'pour', 'para', 'fur', 'furs']);
const INDEFINITE = new Set(['a', 'an', 'un', 'une', 'una', 'um', 'uma', 'ein', 'eine', 'einen']);
const MY = new Set(
  'my our mia mio ma mon mes mi mis minha meu meine meinen meiner nostra'.split(' '),
);
/** Prepositions of time, which end no topic. */
const TIME_PREPOSITIONS = new Set([
  'after',
  'before',
  'until',
  'during',
  'après',
  'avant',
  'después',
  'antes',
]);
