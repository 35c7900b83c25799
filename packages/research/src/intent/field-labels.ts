// A field read from the label that names it: after the label ("field = security", "مجالي هو
// …", "mein Schwerpunkt ist …"), after a label opening a clause ("…, Schwerpunkt Radverkehr",
// "secteur énergie"), or before the writer's label ("Konstruktiver Ingenieurbau, das ist mein
// Fach", "econ is my area now").
import { isField, isRoleWord } from './model/gazetteer.ts';
import { lexiconClass } from './model/lexicon.ts';
import { LEVEL_TAGS, markSpan, runsOf, slotOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

const domainRuns = (tags: readonly number[]) => runsOf(tags, 'domain');

/** Words that label a field: "field: security", "مجالي هو إدارة المخاطر", "Schwerpunkt: …". */
const FIELD_LABELS = new Set(
  (
    'field domain area discipline major specialty speciality subspecialty subspeciality ' +
    'specialisation specialization campo domaine specialite especialidad especialidade ' +
    'specializzazione schwerpunkt fach fachgebiet forschungsgebiet مجالي تخصصي مجال تخصص'
  ).split(' '),
);
/**
 * Words that label a field only when said to be the writer's: "my research is on …", "my
 * interest is …", "mein Schwerpunkt ist …" ("research: …" asks for a run).
 */
const OWN_LABELS = new Set(
  (
    'research interest interests focus niche foco fokus enfoque work recherche investigacion ' +
    'pesquisa ricerca forschung'
  ).split(' '),
);
/** The Arabic labels with "my" written onto them: "مجالي" (my field), "تخصصي". */
const ARABIC_OWN_LABELS = new Set(['مجالي', 'تخصصي']);
export const POSSESSIVES = new Set('my mon ma mi mio mia meu minha mein meine'.split(' '));
/** The Spanish "lo mío es …" (my thing is …), at its "mío": a label of the writer's own. */
const spanishMine = (tokens: readonly Token[], i: number) =>
  tokens[i]!.lower === 'mio' && tokens[i - 1]?.lower === 'lo';
/**
 * What joins a label to its field; folded, Italian "è" and Portuguese "é" are "e"; "il mio
 * campo resta il restauro".
 */
const LABEL_SEPARATORS = new Set(
  [':', '=', '-', '—', 'is', 'es', 'est', 'ist', 'هو', 'e'].concat(
    'remains resta reste bleibt sigue continua'.split(' '),
  ),
);
/** What may follow the separator before the field: "is on …", "est en …", "ist still …". */
const LABEL_LINKS = new Set(
  (
    'on in about sur en sobre su em auf في على the la le el il lo o a die der das ' +
    'still now ancora toujours todavia siendo sendo noch immer الان حاليا'
  ).split(' '),
);

/** "Of" between a field's head and its object: "restauro | di | affreschi". */
const OF = new Set(['of', 'di', 'de', 'del', 'della', 'du', 'des', 'do', 'da', 'der']);

/** Where a labelled field ends: before where or among whom it is worked on. */
const WHERE_OR_WHOM = new Set('in at for with among chez bei para pour per com con'.split(' '));

/** Where the field after a label at `i` starts, or -1 when `i` labels no field. */
function afterLabel(tokens: readonly Token[], i: number): number {
  const word = tokens[i]!.lower;
  const owned = POSSESSIVES.has(tokens[i - 1]?.lower ?? '');
  const mine = spanishMine(tokens, i);
  if (!FIELD_LABELS.has(word) && !(OWN_LABELS.has(word) && owned) && !mine) return -1;
  let at = i + 1;
  const separator = tokens[at]?.lower ?? '';
  // a bare Italian or Portuguese "e" after a label is "and" unless the label is the writer's
  if (LABEL_SEPARATORS.has(separator) && (separator !== 'e' || owned)) at++;
  else if (!/\p{Script=Arabic}/u.test(tokens[i]!.raw)) return -1;
  while (at < i + 4 && LABEL_LINKS.has(tokens[at]?.lower ?? '')) at++;
  return at;
}

/**
 * A field the tagger left out after its label ("run: prompt injection defenses. field =
 * security", "my research is on …"): the words up to the end of the clause, when no field was
 * tagged.
 */
export function fieldAfterLabel(tokens: readonly Token[], out: number[]): void {
  const tagged = domainRuns(out).length > 0;
  for (let i = 0; i < tokens.length; i++) {
    const at = afterLabel(tokens, i);
    if (at < 0) continue;
    // With fields read elsewhere too, the one after the writer's own label is the field
    // ("backend software engineer in lahore, my area is database query optimization").
    if (tagged) {
      const owned =
        POSSESSIVES.has(tokens[i - 1]?.lower ?? '') ||
        spanishMine(tokens, i) ||
        ARABIC_OWN_LABELS.has(tokens[i]!.lower);
      // (the tagger may take a link in, "مجالي | الآن الصحافة البيئية", or leave the field's
      // first words out, "Il mio campo è il | restauro di | affreschi")
      const headOf = (k: number) =>
        k === at + 2 &&
        OF.has(tokens[at + 1]!.lower) &&
        out[at] === 0 &&
        out[at + 1] === 0 &&
        /^\p{Ll}{3,}$/u.test(tokens[at]!.raw);
      const labelled = domainRuns(out).find(
        (run) => (run.first <= at && at <= run.last) || headOf(run.first),
      );
      // so is all of a clause a form's label opens ("… / Field: wind turbines / Risk: …")
      const form = formField(tokens, out, i, at);
      if (form >= at) {
        replaceField(out, at, form);
        return;
      }
      if (!owned || !labelled) continue;
      replaceField(out, at, labelled.last);
      return;
    }
    // words the tagger took for a level though the lexicon knows no level in them are free,
    // as are those it took for a role after the writer's own label, which names no person ("hoje
    // meu foco é | manejo de solo e plantio direto")
    const owned = POSSESSIVES.has(tokens[i - 1]?.lower ?? '');
    const free = (k: number) =>
      out[k] === 0 ||
      (LEVEL_TAGS.has(out[k]!) && !lexiconClass(tokens[k]!.lower)) ||
      (owned && slotOf(out[k]!) === 'archetype' && !isRoleWord(tokens[k]!.lower));
    // a field ends before where or among whom it is worked on ("sign language acquisition |
    // in deaf children"), and opens on no verb ("my focus is on | getting this paper out")
    const ends = (k: number) => k - at >= 2 && WHERE_OR_WHOM.has(tokens[k]!.lower);
    let end = at;
    while (end < tokens.length && end - at < 7 && !tokens[end]!.punct && free(end) && !ends(end))
      end++;
    const verb = tokens[at]?.lower.endsWith('ing') && !isField(tokens[at]!.lower);
    if (end === at || end - at >= 7 || verb) continue;
    markSpan(out, 'domain', at, end - 1);
    return;
  }
}

/**
 * The last word of a form's field after its label at `i` ("Field: wind turbines /"), or -1: a
 * label opening the message or a clause, a colon or "=", then one to five words that end it.
 */
function formField(
  tokens: readonly Token[],
  out: readonly number[],
  i: number,
  at: number,
): number {
  const opens = i === 0 || tokens[i - 1]!.punct;
  if (!opens || ![':', '='].includes(tokens[i + 1]?.raw ?? '')) return -1;
  let end = at;
  while (end < tokens.length && end - at < 6 && plainWord(tokens, out, end)) end++;
  const closed = end === tokens.length || tokens[end]!.punct;
  return end > at && end - at <= 5 && closed ? end - 1 : -1;
}

/**
 * True when a message labels a field as the writer's ("my research is on …", "Schwerpunkt:
 * …"); with `opening`, only in the words it opens on.
 */
export function labelsField(tokens: readonly Token[], opening = false): boolean {
  const last = opening ? Math.min(3, tokens.length) : tokens.length;
  const words = tokens.map((t) => t.lower);
  return tokens
    .slice(0, last)
    .some((_, i) => afterLabel(tokens, i) > i + 1 || (!opening && closingLabel(words, i)));
}

/**
 * Where the copula of "… is my field" ends when the writer's label at `i` closes a clause
 * that way ("das ist eigentlich mein Fach", "econ is my area now"), or -1.
 */
function labelAfter(words: readonly string[], i: number): number {
  const label = FIELD_LABELS.has(words[i]!) || NAMED_BEFORE.has(words[i]!);
  if (!label || !POSSESSIVES.has(words[i - 1] ?? '')) return -1;
  let k = i - 2;
  if (['il', 'o', 'a', 'la', 'el'].includes(words[k] ?? '')) k--;
  while (LABEL_FILLERS.has(words[k] ?? '')) k--;
  return COPULAS.has(words[k] ?? '') ? k : -1;
}
/** Whether the label at `i` closes a clause that says what the field is, not asks it. */
function closingLabel(words: readonly string[], i: number): boolean {
  const copula = labelAfter(words, i);
  const before = words[copula - 1] ?? '';
  return copula > 0 && !QUESTION_WORDS.has(before) && /\p{L}/u.test(before);
}
/** Words between "is" and "my field" that change nothing: "das ist eigentlich mein Fach". */
const LABEL_FILLERS = new Set(
  'really actually truly eigentlich wirklich realmente davvero vraiment'.split(' '),
);

/** Labels that name a field after them with no separator when they open a clause. */
const OPENING_LABELS = new Set(
  'schwerpunkt fachgebiet forschungsgebiet secteur settore sector setor bereich'.split(' '),
);
/** Is the folded word a label that opens a field ("settore | microbiologia")? */
export const opensFieldLabel = (word: string) => OPENING_LABELS.has(word);

/**
 * The field after a label opening a clause ("Verkehrsplaner bei der Stadt Wien, | Schwerpunkt
 * Radverkehr", "Consultant en stratégie, | secteur énergie"): one to four words to the
 * clause's end, in place of any other field read, as the writer named it as such.
 */
export function fieldAfterOpeningLabel(tokens: readonly Token[], out: number[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (!OPENING_LABELS.has(tokens[i]!.lower) || (i > 0 && !tokens[i - 1]!.punct)) continue;
    let first = i + 1;
    if ([':', '-', '—'].includes(tokens[first]?.lower ?? '')) first++;
    let end = first;
    while (end < tokens.length && end - first < 5 && plainWord(tokens, out, end)) end++;
    if (end === first || end - first > 4 || (end < tokens.length && !tokens[end]!.punct)) continue;
    replaceField(out, first, end - 1);
    return;
  }
}

/**
 * The field before the writer's label ("Konstruktiver Ingenieurbau, das ist mein Fach", "econ
 * is my area now", "la santé publique, c'est mon domaine"): the clause's one to five words
 * before "is my field", in place of any other field read.
 */
export function fieldBeforeLabel(tokens: readonly Token[], out: number[]): void {
  const words = tokens.map((t) => t.lower);
  for (let i = 2; i < words.length; i++) {
    let k = labelAfter(words, i);
    if (k < 0) continue;
    k--;
    if (DEMONSTRATIVES.has(words[k] ?? '')) k--;
    if ([',', '—', '-', ':'].includes(words[k] ?? '')) k--;
    const first = plainStart(tokens, out, k + 1, 6);
    const opens = first === 0 || tokens[first - 1]!.punct;
    if (first > k || k - first > 4 || !opens || QUESTION_WORDS.has(words[first]!)) continue;
    replaceField(out, first, k);
    return;
  }
}
/**
 * The field the writer says they care about most ("I work in the pharmacy. Clinical
 * pharmacology is what I actually care about though"): the clause's one to five words before
 * "is what I care about", in place of any other field read.
 */
export function fieldCaredAbout(tokens: readonly Token[], out: number[]): void {
  const words = tokens.map((t) => t.lower);
  for (let i = 1; i < words.length - 3; i++) {
    if (words[i] !== 'is' || words[i + 1] !== 'what' || words[i + 2] !== 'i') continue;
    let k = i + 3;
    while (['actually', 'really', 'truly'].includes(words[k] ?? '')) k++;
    const cares = (words[k] === 'care' && words[k + 1] === 'about') || words[k] === 'love';
    if (!cares) continue;
    const first = plainStart(tokens, out, i, 6);
    const opens = first === 0 || tokens[first - 1]!.punct;
    const asked = QUESTION_WORDS.has(words[first] ?? '');
    if (first < i && i - first <= 5 && opens && !asked) replaceField(out, first, i - 1);
    return;
  }
}

/**
 * The field a closing clause narrows the one read to ("i do stats for a living. | biostat
 * specifically"): one to three words before "specifically" or "in particular" that end the
 * clause, in place of the field read before them.
 */
export function fieldNarrowed(tokens: readonly Token[], out: number[]): void {
  const words = tokens.map((t) => t.lower);
  const before = domainRuns(out)[0];
  if (!before) return;
  for (let i = before.last + 2; i < words.length; i++) {
    const mark = NARROWING.has(words[i]!)
      ? 1
      : words[i] === 'in' && words[i + 1] === 'particular'
        ? 2
        : 0;
    const next = tokens[i + mark];
    if (!mark || (next && !next.punct)) continue;
    const first = plainStart(tokens, out, i, 3, (k) => out[k] === 0);
    const opens = first > 0 && tokens[first - 1]!.punct && first > before.last;
    // (a name narrows a field to a place or a time: "…, Bronze Age Anatolia specifically")
    const lower = tokens.slice(first, i).every((t) => t.raw === t.raw.toLowerCase());
    if (first < i && opens && lower) replaceField(out, first, i - 1);
    return;
  }
}
const NARROWING = new Set(['specifically', 'particularly', 'especially']);

/** The writer's own labels that may follow the field too: "CBT for insomnia is my niche". */
const NAMED_BEFORE = new Set('niche focus interest foco fokus enfoque'.split(' '));
const COPULAS = new Set(['is', "'s", 'est', 'es', 'ist', 'e', 'هو']);
const DEMONSTRATIVES = new Set("that this it c' ce das dies esto eso isso questo".split(' '));
const QUESTION_WORDS = new Set(
  'what which where who whatever cual quel quelle was welches qual quale ما'.split(' '),
);

/**
 * Where the plain words just before `end` start, at most `max` of them back (and only those
 * `also` allows): the candidate field before a label.
 */
function plainStart(
  tokens: readonly Token[],
  out: readonly number[],
  end: number,
  max: number,
  also: (k: number) => boolean = () => true,
): number {
  let first = end;
  while (first > 0 && end - first < max && plainWord(tokens, out, first - 1) && also(first - 1))
    first--;
  return first;
}

/** A word of letters that no name or topic holds: a field's candidate word. */
function plainWord(tokens: readonly Token[], out: readonly number[], k: number): boolean {
  const t = tokens[k];
  if (!t || t.punct || !/^\p{L}/u.test(t.raw)) return false;
  const slot = slotOf(out[k] ?? 0);
  return slot !== 'name' && slot !== 'topic';
}

/** `first`…`last` as the message's one field, whatever else was read as one. */
function replaceField(out: number[], first: number, last: number): void {
  for (const run of domainRuns(out)) out.fill(0, run.first, run.last + 1);
  out.fill(0, first, last + 1);
  markSpan(out, 'domain', first, last);
}
