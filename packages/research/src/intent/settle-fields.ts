// Exact corrections of the tagger's field (domain) spans, read off the misses of
// cross-validation and of the development sets: a field in two tagged pieces ("psychology |
// of | music", "économie du | développement"), a list of fields, a field that changed ("my
// field was economics, now it's public finance"), an article, a verb or a qualifier before
// the field, a place or a pronoun read as a field ("… in Nairobi", "… in everything"), a
// French or Spanish field's adjectives ("neurociencia | cognitiva"). Names are settled in
// settle-names.ts, topics in settle-topics.ts.
import { isEnglishWord } from './model/english-words.ts';
import {
  inLexicons,
  isField,
  isFieldHead,
  isFieldModifier,
  isRoleModifier,
} from './model/gazetteer.ts';
import { markSpan, runsOf, slotOf, TAGS, type SpanRun } from './model/tags.ts';
import { cueOf, lexiconClass } from './model/lexicon.ts';
import type { Token } from './model/tokens.ts';
import { fieldInLexicon } from './field-fallback.ts';
import {
  fieldAfterLabel,
  fieldAfterOpeningLabel,
  fieldBeforeLabel,
  fieldCaredAbout,
  fieldNarrowed,
  opensFieldLabel,
} from './field-labels.ts';
import { withoutTimes } from './field-times.ts';
import { dropNonFields, dropPurposes, forLeisure } from './non-fields.ts';
import { fieldEnd } from './field-tails.ts';
import {
  adjective,
  AND,
  contentWord,
  joinsField,
  ARTICLES,
  DANGLING_JOINS,
  FIELD_ENDS,
  formerField,
  headWith,
  LEADING_VERBS,
  NEVER_FIELD,
  NOT_OF_FIELD,
  PLACE_BEFORE,
  placeWord,
  romanceAdjective,
  romanceField,
  romanceJoin,
  romanceWord,
  saysNow,
  FACULTIES,
  GERMAN_ADJECTIVE,
} from './field-words.ts';

const B = TAGS.indexOf('B-domain');
const I = TAGS.indexOf('I-domain');

const domainRuns = (tags: readonly number[]) => runsOf(tags, 'domain');

/** The tags with the domain spans settled as above; other slots are untouched. */

export function settleDomains(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const words = tokens.map((t) => t.lower);
  // A field word is no level ("remote sensing and | GIS" read as a risk).
  words.forEach((word, i) => {
    const slot = slotOf(out[i]!);
    if ((slot === 'risk_preference' || slot === 'baseline_strictness') && isField(word)) {
      out[i] = slotOf(out[i - 1] ?? 0) === 'domain' ? I : B;
    }
  });
  // A French or Spanish role read with its field ("profesora de | historia del arte").
  for (const run of runsOf(out, 'archetype')) {
    for (let k = run.first + 1; k < run.last; k++) {
      const join = romanceJoin(words, k);
      if (join === 0 || !isField(words[k + join] ?? '')) continue;
      out.fill(0, k, k + join);
      markSpan(out, 'domain', k + join, run.last);
      break;
    }
  }
  fieldAfterLabel(tokens, out);
  fieldAfterOpeningLabel(tokens, out);
  fieldBeforeLabel(tokens, out);
  fieldNarrowed(tokens, out);
  fieldCaredAbout(tokens, out);
  // Of several, the field the writer specialises in is theirs ("a doctoral candidate in the
  // Department of Classics, specialising in | Hellenistic epigraphy")
  const special = domainRuns(out).find(
    (run) => words[run.first - 1] === 'in' && SPECIALISING.has(words[run.first - 2] ?? ''),
  );
  if (special) {
    for (const run of domainRuns(out))
      if (run.first !== special.first) out.fill(0, run.first, run.last + 1);
  }
  const runs = domainRuns(out);
  // Two pieces one joining word apart are one field.
  for (let r = runs.length - 1; r > 0; r--) {
    const [a, b] = [runs[r - 1]!, runs[r]!];
    if (b.first === a.last + 2 && DANGLING_JOINS.has(tokens[a.last + 1]!.lower)) {
      out[a.last + 1] = I;
      out[b.first] = I;
    }
  }
  // A field word joined on by "and" belongs to the field ("literatura | y lengua", "Mathe
  // und | Physik"): the writer names the two subjects they teach or study.
  for (const run of domainRuns(out)) {
    if (joinsField(words, out, run.last + 1)) out.fill(I, run.last + 1, run.last + 3);
    const untaggedField = (k: number) => out[k] === 0 && isField(words[k] ?? '');
    if (AND.has(words[run.first - 1] ?? '') && untaggedField(run.first - 2)) {
      out[run.first - 2] = B;
      out.fill(I, run.first - 1, run.first + 1);
    }
  }
  // The last field for which `holds` (given the first field and it) is true replaces the
  // fields before it.
  const keepLater = (holds: (first: SpanRun, later: SpanRun) => boolean) => {
    const tagged = domainRuns(out);
    for (let r = tagged.length - 1; r > 0; r--) {
      if (!holds(tagged[0]!, tagged[r]!)) continue;
      for (const earlier of tagged.slice(0, r)) out.fill(0, earlier.first, earlier.last + 1);
      break;
    }
  };
  // A later field after "now" or "these days" ("my field was economics, now it's …"), or one
  // moved "to" from another ("switched from mechanical engineering to battery chemistry").
  // Not one the writer has left ("neurosciences maintenant, plus en psycho").
  keepLater(
    (first, later) =>
      saysNow(words.slice(first.last + 1, later.first)) &&
      !formerField(tokens, later.first, later.last),
  );
  movedTo(tokens, out);
  keepLater((first, later) => words[first.first - 1] === 'from' && words[later.first - 1] === 'to');
  // A field the writer has left or denies gives way to one that holds, tagged or in the
  // lexicon ("ya no estoy en química, mi campo ahora es bioinformática", "my field should
  // say cryo-EM, not X-ray crystallography").
  const former = domainRuns(out).filter((run) => formerField(tokens, run.first, run.last));
  const holds = domainRuns(out).length > former.length || fieldInLexicon(tokens, out) >= 0;
  if (holds) for (const run of former) out.fill(0, run.first, run.last + 1);
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
  // Nor, in French or Spanish, before "de" and the word it takes ("historia del | arte",
  // "économie du | développement") or the adjectives after it ("neurociencia | cognitiva").
  for (const run of domainRuns(out)) {
    let last = run.last;
    for (let n = 0; n < 2; n++) {
      const join = romanceJoin(words, last + 1);
      if (
        join > 0 &&
        out.slice(last + 1, last + join + 2).every((t) => t === 0) &&
        romanceWord(tokens[last + join + 1])
      ) {
        last += join + 1;
      } else if (
        out[last + 1] === 0 &&
        romanceField(words[last]!) &&
        romanceAdjective(tokens[last + 1])
      ) {
        last++;
      }
    }
    out.fill(I, run.last + 1, last + 1);
  }
  // Nor before "and" and a field, an acronym or a word and a head ("remote sensing and GIS",
  // "art history and museum studies").
  for (const run of domainRuns(out)) {
    const [and, next] = [tokens[run.last + 1], tokens[run.last + 2]];
    if (!and || !next || !AND.has(and.lower) || out[run.last + 1] !== 0 || out[run.last + 2] !== 0)
      continue;
    if (isField(next.lower) || /^\p{Lu}{2,5}s?$/u.test(next.raw)) {
      out.fill(I, run.last + 1, run.last + 3);
    } else if (out[run.last + 3] === 0 && isFieldHead(words[run.last + 3] ?? '') && !next.punct) {
      out.fill(I, run.last + 1, run.last + 4);
    }
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
  // ("a community health worker in Nairobi", "a farmer in Punjab"); so is one such word
  // that ends a list ("Lars Olsen, theoretical physicist, | Copenhagen").
  for (const run of domainRuns(out)) {
    // what kind of place it is may come first ("in | rural Kenya", "northern Italy")
    const kind = REGIONS.has(words[run.first]!) && run.last > run.first ? 1 : 0;
    const span = tokens.slice(run.first + kind, run.last + 1);
    const named = span.every((t) => /^\p{Lu}/u.test(t.raw) && !inLexicons(t.lower));
    const place = named && (span.length > 1 || placeWord(span[0]!));
    const endsList =
      span.length === 1 && words[run.first - 1] === ',' && (tokens[run.last + 1]?.punct ?? true);
    if ((PLACE_BEFORE.has(words[run.first - 1] ?? '') || endsList) && place) {
      out.fill(0, run.first, run.last + 1);
    }
  }
  dropNonFields(tokens, out);
  // Nor is a pronoun ("pick holes in everything") or what names a setting ("hold my papers
  // to top-venue standards").
  for (const run of domainRuns(out)) {
    const span = words.slice(run.first, run.last + 1);
    const headOnly = span.length === 1 && span[0]!.endsWith('ing') && !isField(span[0]!);
    // A "field" of level words is the level ("مراجعة دقيقة | وصارمة", precise and strict);
    // one inside a name of a field is not ("drought tolerant maize")
    const edges = [span[0]!, span.at(-1)!];
    const level = edges.some((w) => ['strict', 'risk'].includes(lexiconClass(w) ?? ''));
    if (
      span.every((w) => NOT_OF_FIELD.has(w) || NEVER_FIELD.has(w)) ||
      cueOf(span.at(-1)!) === 'baseline_strictness' ||
      headOnly || // "I'm still learning"
      (level && !span.some((w) => isField(w) || isFieldHead(w)))
    ) {
      out.fill(0, run.first, run.last + 1);
    }
  }
  for (const run of domainRuns(out)) {
    // A field ends before "than" and the like, starts after a verb, and takes in the word
    // that qualifies it before it ("environmental | epidemiology", "Māori | studies").
    const end = words
      .slice(run.first + 1, run.last + 1)
      .findIndex((w, k) => FIELD_ENDS.has(w) || minorAfter(words, run.first + 1 + k));
    if (end >= 0) out.fill(0, run.first + 1 + end, run.last + 1);
    // nor on the "more" of "more than" ("science education | more than chemistry")
    const last = end >= 0 ? run.first + end : run.last;
    if (last > run.first && COMPARATIVES.has(words[last]!) && words[last + 1] === 'than') {
      out[last] = 0;
    }
    // and after the preposition of a move ("shifted toward | science policy")
    let start = run.first;
    if (start < run.last && LEADING_VERBS.has(words[start]!)) start++;
    // nor opens on "por" ("me interesso | por | criptografia")
    if (start < run.last && FOR_WORDS.has(words[start]!)) start++;
    const moved = LEADING_VERBS.has(words[start - 1] ?? '');
    if (start < run.last && TOWARD.has(words[start]!) && moved) start++;
    if (start > run.first) {
      out.fill(0, run.first, start);
      out[start] = B;
    }
    const before = words[run.first - 1];
    const named = /^\p{Lu}/u.test(tokens[run.first - 1]?.raw ?? '') && !isEnglishWord(before ?? '');
    // a noun before a field named alone is its kind when it opens the clause ("…, bridge |
    // aerodynamics is my thing", "Field: petroleum | geology")
    const opens = run.first < 2 || BREAKS.has(tokens[run.first - 2]!.raw);
    const kind =
      opens &&
      run.first === run.last &&
      isField(words[run.first]!) &&
      contentWord(tokens[run.first - 1]) &&
      !opensFieldLabel(before!);
    const qualifies =
      before &&
      !lexiconClass(before) &&
      (isFieldModifier(before) ||
        adjective(before) ||
        GERMAN_ADJECTIVE.test(before) ||
        kind ||
        (named && isFieldHead(words[run.first]!)));
    if (out[run.first - 1] === 0 && qualifies) {
      out[run.first - 1] = B;
      out[run.first] = I;
    }
    const first = headWith(tokens, out, run.first);
    if (first < run.first) markSpan(out, 'domain', first, run.first);
  }
  // A field runs to the end of its clause: the one or two plain words the tagger left after
  // it there are its own ("urban heat | islands", "sleep | disorders").
  for (const run of domainRuns(out)) {
    let last = run.last;
    // (not what says it is done for leisure: "genealogía | por afición")
    const plain = (k: number) => out[k] === 0 && contentWord(tokens[k]) && !forLeisure(words, k);
    while (last - run.last < 2 && plain(last + 1)) last++;
    const next = tokens[last + 1];
    const ends = !next || next.punct || CLAUSE_JOINS.has(next.lower);
    if (last > run.last && ends && /^\p{Ll}/u.test(tokens[run.last]!.raw)) {
      out.fill(I, run.last + 1, last + 1);
    }
  }
  // A list of fields that ends on "and" is one ("philosophy, politics and economics"), whether
  // the tagger read it whole or in pieces.
  for (const run of domainRuns(out)) {
    const listed = (at: number) => isField(words[at] ?? '') && (out[at] === 0 || out[at] === B);
    let [k, ended] = [run.last + 1, false];
    const piece = () => {
      k += 2;
      for (; out[k] === I; k++) ended ||= AND.has(words[k]!);
    };
    while (words[k] === ',' && listed(k + 1)) piece();
    if (k === run.last + 1) continue;
    if (!ended && AND.has(words[k] ?? '') && listed(k + 1)) {
      ended = true;
      piece();
    }
    if (ended) out.fill(I, run.last + 1, k);
  }
  // An article, what qualifies a person ("third-year") or the faculty that teaches the field
  // ("كلية | الهندسة", "department of | physics") is not part of it.
  for (const run of domainRuns(out)) {
    let first = run.first;
    // ("department | of physics"; "a historian | of science" is the role's, in settle-roles)
    const dangling = (at: number) =>
      at === run.first && words[at] === 'of' && slotOf(out[at - 1] ?? 0) !== 'archetype';
    while (
      first < run.last &&
      (ARTICLES.has(words[first]!) ||
        dangling(first) ||
        (isRoleModifier(words[first]!) && !inLexicons(words[first]!.replace(/-.*/, ''))))
    ) {
      out[first++] = 0;
    }
    const of = FACULTIES.has(words[first]!) ? facultyJoin(words, first + 1) : -1;
    if (of >= 0 && first + of < run.last) {
      out.fill(0, first, first + 1 + of);
      first += 1 + of;
    }
    out[first] = B;
    // nor what is said of it after ("biology | major", field-tails.ts)
    const last = fieldEnd(words, first, run.last);
    if (last < run.last) out.fill(0, last + 1, run.last + 1);
  }
  dropPurposes(tokens, out);
  return withoutTimes(tokens, out);
}

/** Words of the kind of a place, before its name: "rural Kenya". */
const REGIONS = new Set(
  'rural urban northern southern eastern western central coastal remote upstate downtown'.split(
    ' ',
  ),
);

/** How many words join a faculty to its field at `at` ("of", "de la"; none in Arabic), or -1. */
function facultyJoin(words: readonly string[], at: number): number {
  if (/^ال/u.test(words[at] ?? '')) return 0;
  if (['of', 'de', 'du', 'des', 'del', "d'"].includes(words[at] ?? ''))
    return ['la', "l'"].includes(words[at + 1] ?? '') ? 2 : 1;
  return -1;
}

/** Words that open a new clause after a field: "… urban heat islands but also …". */
const CLAUSE_JOINS = new Set(['and', 'but', 'so', 'because', 'since', 'while', 'which', 'who']);

/** "For" and "by" in the Romance languages, which open no field. */
const FOR_WORDS = new Set(['por', 'pela', 'pelo', 'pour', 'par', 'per']);
const SPECIALISING = new Set(
  'specialising specializing specialised specialized specialise specialize'.split(' '),
);
/** What comes before "than" in a comparison ("more than", "less than"). */
const COMPARATIVES = new Set(['more', 'less']);
/** Punctuation that opens a clause. */
const BREAKS = new Set([',', '.', ':', ';', '—', '–', '(']);

/** Prepositions after a verb of moving to a field ("moved into", "shifted toward"). */
const TOWARD = new Set(['toward', 'towards', 'into', 'to']);

/**
 * The field moved to, where the tagger read only the one moved from ("switched from
 * | mechanical engineering | to battery chemistry last year"): the words after "to" up to
 * the end of the clause or a time, when a field word is among them.
 */
function movedTo(tokens: readonly Token[], out: number[]): void {
  const runs = domainRuns(out);
  const from = runs.find((run) => tokens[run.first - 1]?.lower === 'from');
  if (!from || runs.length > 1 || tokens[from.last + 1]?.lower !== 'to') return;
  const start = from.last + 2;
  let end = start;
  while (end < tokens.length && !tokens[end]!.punct && out[end] === 0) {
    if (TIMES.has(tokens[end]!.lower)) break;
    end++;
  }
  const span = tokens.slice(start, end);
  if (span.length === 0 || span.length > 4 || !span.some((t) => isField(t.lower))) return;
  markSpan(out, 'domain', start, end - 1);
}
/** Words that open a time after a field: "… last year", "… this spring", "… recently". */
const TIMES = new Set('last this next recently lately in since'.split(' '));

/**
 * True when "and" at `at` adds a little of something else, or what the writer is now, the
 * field being what comes before it ("chemistry | and some physics", "biología | y un poco de
 * química").
 */
function minorAfter(words: readonly string[], at: number): boolean {
  if (!AND.has(words[at]!)) return false;
  // "sociología | y ahora becaria del CONICET": what the writer is now, after the field
  if (saysNow(words.slice(at + 1, at + 2))) return true;
  const next = `${words.slice(at + 1, at + 5).join(' ')} `;
  return A_LITTLE.some((pattern) => pattern.test(next));
}
const A_LITTLE = [
  /^(?:some|a bit of|a little|a little bit of|bits of|occasionally|sometimes) /,
  /^(?:un poco de|algo de|un peu de|un po ' di|un po di|um pouco de|etwas|ein bisschen) /,
];
