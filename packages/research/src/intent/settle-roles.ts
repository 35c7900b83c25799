// Exact corrections of the tagger's role (archetype) spans, read off the misses of
// cross-validation and of the profiles development set. A role is written as one noun phrase,
// with what qualifies the person inside it ("Persian lit scholar", "high school science
// teacher", "urban planner"): the tagger often reads the field part as a domain and leaves the
// person word out, or leaves out a qualifier before the role ("second-year | PhD student").
import { inLexicons, isField, isFieldHead, isRoleModifier, isRoleWord } from './model/gazetteer.ts';
import { LEVEL_TAGS, markSpan, runsOf, slotOf, TAGS, type SpanRun } from './model/tags.ts';
import { AND, placeWord, romanceField, romanceWord, saysNow } from './field-words.ts';
import { dropNonRoles, likened } from './non-roles.ts';
import { clausesOfOthers } from './talk-of-others.ts';
import {
  ARABIC_QUALIFIERS,
  isLoneDomain,
  isQualifierPair,
  negated,
  qualifiesBefore,
  saysRole,
  yearOfStudy,
} from './role-cues.ts';
import { isEnglishWord } from './model/english-words.ts';
import type { Token } from './model/tokens.ts';
import { isGenericPerson, splitField } from './role-positions.ts';
import { PARTICLES } from './settle-names.ts';

const ROLE_I = TAGS.indexOf('I-archetype');

/** Words that say the writer works on their own account, which qualify a role. */
const WORKING_ON_OWN = new Set(
  'independent self-employed freelance independant independante independiente autonomo autonoma selbststandig freiberuflich'.split(
    ' ',
  ),
);

/**
 * The tags with the role spans settled as above; other slots are untouched but for a domain
 * span that turns out to be part of a role.
 */
export function settleRoles(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  const asRole = (first: number, last: number) => markSpan(out, 'archetype', first, last);
  const role = (i: number) => {
    const token = tokens[i];
    return Boolean(
      token &&
      !token.punct &&
      (namesRole(token) || ROLE_ACRONYMS.has(token.raw)) &&
      !isGenericPerson(token.lower) &&
      !isField(token.lower),
    );
  };
  // an untagged role word said as the writer's ("I'm a cautious | statistician")
  const said = (i: number) => out[i] === 0 && role(i) && saysRole(tokens, out, i);
  // A French or Spanish field opens its phrase: what follows qualifies it ("ingeniería |
  // agrónoma" is a field, though "agrónoma" is a person too).
  const romanceHead = (i: number) => romanceWord(tokens[i]) && romanceField(tokens[i]!.lower);
  // A "role" that opens on such a field, no person word itself, is the field ("estudio |
  // ingeniería agrónoma").
  for (const run of runsOf(out, 'archetype')) {
    const head = run.first;
    if (romanceHead(head) && !isRoleWord(tokens[head]!.lower)) {
      markSpan(out, 'domain', run.first, run.last);
    }
  }
  // A "field" that only qualifies the person word before it is part of the role
  // ("trabajadora | social").
  for (const run of runsOf(out, 'domain')) {
    const qualifier = qualifiesBefore(tokens, run.first) === run.last - run.first + 1;
    if (qualifier && out[run.first - 1] === 0 && role(run.first - 1))
      asRole(run.first - 1, run.last);
  }
  // A "role" that ends on a field is the field ("a hobbyist, | amateur astronomy"); in
  // Arabic, where the person word comes first, the role and its field ("معلمة | رياضيات", a
  // maths teacher).
  for (const run of runsOf(out, 'archetype')) {
    const last = tokens[run.last]!.lower;
    if (!isField(last) || isRoleWord(last)) continue;
    const arabic = /\p{Script=Arabic}/u.test(tokens[run.first]!.raw) && role(run.first);
    if (arabic && run.last > run.first) {
      asRole(run.first, run.first);
      markSpan(out, 'domain', run.first + 1, run.last);
    } else markSpan(out, 'domain', run.first, run.last);
  }
  if (runsOf(out, 'domain').length === 0) {
    for (const run of runsOf(out, 'archetype')) splitField(tokens, out, run.first, run.last);
  }
  // A field that opens on a qualifier of people, just before a role, is part of the role
  // ("a | high school biology | teacher").
  // So is one of qualifiers of people only ("a | mid-career | policy analyst").
  for (const run of runsOf(out, 'domain')) {
    const words = [tokens[run.first]!.lower, tokens[run.first + 1]?.lower];
    const span = tokens.slice(run.first, run.last + 1);
    const qualifiers = span.every((t) => isRoleModifier(t.lower) && !isField(t.lower));
    const pair = isQualifierPair(words[0]!, words[1]);
    if ((!pair && !qualifiers) || slotOf(out[run.last + 1] ?? 0) !== 'archetype') continue;
    markSpan(out, 'archetype', run.first, run.last + 1);
  }
  // "a historian | of science": a field read from "of" on, just after a role, is the role's.
  for (const run of runsOf(out, 'domain')) {
    if (tokens[run.first]!.lower !== 'of' || slotOf(out[run.first - 1] ?? 0) !== 'archetype')
      continue;
    out.fill(ROLE_I, run.first, run.last + 1);
  }
  if (runsOf(out, 'archetype').length === 0) {
    for (const run of runsOf(out, 'domain')) {
      // A "field" that ends on a person is a role ("urban planner"), as is one that opens on a
      // person qualified the Arabic way ("مهندس برمجيات", software engineer).
      // So is a person word with the qualifiers French, Italian or Spanish write after it
      // ("farmacista ospedaliera"), unless another person word is said to be the writer's
      // ("una docente a contratto di | statistica").
      const qualified = (i: number) => ARABIC_QUALIFIERS.has(tokens[i]!.lower);
      const qualifiers = run.last - run.first;
      const arabic = role(run.first) && qualifiers > 0 && qualified(run.last);
      const romance =
        role(run.first) && qualifiers > 0 && qualifiesBefore(tokens, run.first + 1) === qualifiers;
      const saidElsewhere = () => tokens.some((_, i) => said(i) && !negated(tokens, i));
      if ((role(run.last) && !romanceHead(run.first) && !saidElsewhere()) || arabic || romance) {
        asRole(run.first, run.last);
        // unless it is a field and an academic position ("criminology lecturer")
        if (!arabic && !romance) splitField(tokens, out, run.first, run.last);
        continue;
      }
      // The person words the tagger left just after a field: a role of that field ("an
      // economics | professor", "a finance | PhD student"), or, when no lexicon knows the
      // field's words, what qualifies the role ("Persian lit | scholar").
      let last = run.last;
      while (out[last + 1] === 0 && role(last + 1)) last++;
      if (last === run.last) continue;
      const known = tokens.slice(run.first, run.last + 1).some((t) => inLexicons(t.lower));
      asRole(known ? run.last + 1 : run.first, last);
    }
  }
  // A role word the tagger left out where a role is said ("I'm a cautious | statistician").
  // Not in a clause of someone else's ("my wife is a | surgeon and she said …").
  const others = clausesOfOthers(tokens);
  const roleSaid = () => {
    const at = tokens.findIndex(
      (_, i) => said(i) && !negated(tokens, i) && !likened(tokens, i) && !others[i],
    );
    // with the year before it ("soil science, | 4th year | PhD")
    const pair = (j: number) => out[j] === 0 && out[j + 1] === 0 && pairAt(j);
    if (at >= 0) asRole(pair(at - 2) ? at - 2 : at, at);
    // or the year alone ("I'm only a | first year")
    const year = tokens.findIndex((_, i) => pair(i) && yearSaid(tokens, i) && !others[i]);
    if (at < 0 && year >= 0) asRole(year, year + 1);
  };
  const pairAt = (j: number) => isQualifierPair(tokens[j]?.lower ?? '', tokens[j + 1]?.lower);
  if (runsOf(out, 'archetype').length === 0) roleSaid();
  dropNonRoles(tokens, out, others);
  if (runsOf(out, 'archetype').length === 0) roleSaid();
  // A "role" of capitalised words no lexicon or dictionary knows, and the particles between
  // them, is a name ("I'm Hannah | Goldberg" where no name is tagged, as in a profile
  // update).
  for (const run of runsOf(out, 'archetype')) {
    const span = tokens.slice(run.first, run.last + 1);
    const nameWord = (t: Token) => placeWord(t) || PARTICLES.has(t.lower); // "Eleanor de Vries"
    if (span.every(nameWord) && span.some(placeWord) && !span.some(namesRole)) {
      out.fill(0, run.first, run.last + 1);
    }
  }
  // A role ends before the place it is done in ("Landwirt | im Allgäu", "nurse | in Lagos")
  for (const run of runsOf(out, 'archetype')) {
    const at = tokens.findIndex((t, k) => k > run.first && k < run.last && PLACE_IN.has(t.lower));
    if (at > 0 && placeWord(tokens[at + 1]!)) out.fill(0, at, run.last + 1);
  }
  // A role said not to hold is none ("Not a scientist — …", "I'm not a student anymore"),
  // and another said to be the writer's may stand for it ("…, I'm faculty now").
  const tagged = runsOf(out, 'archetype');
  for (const run of tagged) if (negated(tokens, run.first)) out.fill(0, run.first, run.last + 1);
  if (tagged.length > 0 && runsOf(out, 'archetype').length === 0) roleSaid();
  // "a professor | of economics" is a role and a field; "a historian | of science", where no
  // field is named, one role.
  for (const run of runsOf(out, 'archetype')) {
    const [of, field] = [run.last + 1, run.last + 2];
    const free = out[of] === 0 && out[field] === 0;
    const word = tokens[field]?.lower ?? '';
    if (!free || tokens[of]?.lower !== 'of') continue;
    if (isField(word)) markSpan(out, 'domain', field, field);
    else if (isFieldHead(word)) out.fill(ROLE_I, of, field + 1);
  }
  // German "für" after a role names its field where none is tagged ("Professor für | Stahlbau
  // an einer FH", "Referentin für | Wasserpolitik")
  const firstRole = runsOf(out, 'archetype')[0];
  if (firstRole && runsOf(out, 'domain').length === 0) markFieldAfterFur(tokens, out, firstRole);
  // Of two roles, the one said to hold now replaces the other ("remove the postdoc bit, I'm an
  // assistant professor now", "I was a nurse, these days I'm a data analyst").
  // How the writer now works is no new role ("Consultant (…), now independent").
  const roles = runsOf(out, 'archetype');
  const status = (run: SpanRun) =>
    run.first === run.last && WORKING_ON_OWN.has(tokens[run.first]!.lower);
  if (roles.length > 1 && status(roles.at(-1)!)) {
    const last = roles.at(-1)!;
    out.fill(0, last.first, last.last + 1);
  } else if (roles.length > 1 && saysNow(tokens.slice(roles[0]!.last).map((t) => t.lower))) {
    for (const earlier of roles.slice(0, -1)) out.fill(0, earlier.first, earlier.last + 1);
  }
  // so does one the tagger left out, said with "now" after the tagged one ("Do you have me
  // as a grad student? I'm faculty now", "licenciada en sociología y ahora | becaria")
  const andNow = (i: number) =>
    out[i] === 0 &&
    role(i) &&
    saysNow([tokens[i - 1]?.lower ?? '']) &&
    AND.has(tokens[i - 2]?.lower ?? '');
  const nowSaid = tokens.findIndex(
    (_, i) =>
      i > (roles.at(-1)?.last ?? tokens.length) &&
      ((said(i) && saysNow(tokens.slice(i + 1, i + 3).map((t) => t.lower))) || andNow(i)),
  );
  if (nowSaid >= 0) {
    for (const earlier of roles) out.fill(0, earlier.first, earlier.last + 1);
    asRole(nowSaid, nowSaid);
  }
  const free = (j: number) => out[j] === 0 || LEVEL_TAGS.has(out[j]!) || isLoneDomain(out, j);
  for (const run of runsOf(out, 'archetype')) {
    // "I" is no part of a role (Arabic writes "and I" as one word: "وأنا | طالب"); in Arabic,
    // French and Spanish a role's qualifier follows it ("طالب دكتوراه", PhD student; "أستاذ
    // مساعد"; "médecin urgentiste"; "profesora titular").
    let [start, end] = [run.first, run.last];
    while (start < end && NOT_ROLE.has(tokens[start]!.lower)) out[start++] = 0;
    for (let taken = 1; taken > 0; end += taken) {
      taken = qualifiesBefore(tokens, end + 1);
      // the year of study is the role's whatever the tagger read it as ("Studentin | im
      // zweiten Semester")
      const year = yearOfStudy(tokens, end + 1) === taken;
      for (let j = end + 1; j <= end + taken; j++) if (!free(j) && !year) taken = 0;
    }
    if (start > run.first || end > run.last) asRole(start, end);
  }
  for (const run of runsOf(out, 'archetype')) {
    // In Arabic the person word comes first and the tagger may leave it out ("أخصائي |
    // أوبئة", epidemiologist).
    const before = tokens[run.first - 1];
    const arabic = before && /\p{Script=Arabic}/u.test(before.raw) && role(run.first - 1);
    if (arabic && out[run.first - 1] === 0) asRole(run.first - 1, run.last);
  }
  for (const run of runsOf(out, 'archetype')) {
    // Qualifiers just before a role belong to it ("second-year PhD student", "third year
    // undergrad", "high school teacher").
    let first = run.first;
    // a role read from its qualifier on takes in the person word before it ("investigadora |
    // postdoctoral")
    if (first > 0 && out[first - 1] === 0 && role(first - 1) && qualifiesBefore(tokens, first) > 0)
      first -= 1;
    for (let moved = true; moved && first > 0 && out[first - 1] === 0;) {
      const before = tokens[first - 1]!.lower;
      const pairBefore = isQualifierPair(tokens[first - 2]?.lower ?? '', before);
      const pairAcross = isQualifierPair(before, tokens[first]!.lower);
      // what a teacher teaches is part of the role ("a science | educator", "math | teacher")
      const taught = TEACHING.has(tokens[first]!.lower) && (isField(before) || isFieldHead(before));
      if (isRoleModifier(before) || pairAcross || taught) first -= 1;
      else if (first > 1 && out[first - 2] === 0 && pairBefore) first -= 2;
      else moved = false;
    }
    // A role cut before its person word ("associate | prof", "very cautious | statistician")
    // takes it in; level words before it are read as the level, not the role (learned-router).
    let last = run.last;
    while (out[last + 1] === 0 && role(last + 1)) last++;
    if (first < run.first || last > run.last) asRole(first, last);
  }
  // A "role" of qualifiers only, beside a role, is none ("a | third-year | econ | PhD
  // student": the field and the position).
  const spans = runsOf(out, 'archetype');
  for (const run of spans) {
    const words = tokens.slice(run.first, run.last + 1).map((t) => t.lower);
    const qualifiersOnly = words.every((w) => isRoleModifier(w) && !isRoleWord(w));
    if (spans.length > 1 && qualifiersOnly) out.fill(0, run.first, run.last + 1);
  }
  // Nor one of no person word beside one that has it ("since October | I am assistant
  // professor"): a span of time or place the tagger read as a role. One joined to it by
  // "and" qualifies it ("child | and adolescent psychiatrist").
  const person = (run: SpanRun) =>
    tokens.slice(run.first, run.last + 1).some((t) => isRoleWord(t.lower));
  const roleRuns = runsOf(out, 'archetype');
  if (roleRuns.some(person)) {
    for (const run of roleRuns) {
      if (person(run)) continue;
      const next = roleRuns.find((r) => r.first > run.last && r.first - run.last <= 3);
      const joined = next && person(next) && AND.has(tokens[run.last + 1]?.lower ?? '');
      if (joined) out.fill(ROLE_I, run.last + 1, next.last + 1);
      else out.fill(0, run.first, run.last + 1);
    }
  }
  // A bare "researcher" beside a field says only that the writer works in it ("chercheuse en
  // sociologie", "باحثة في علم البيانات"); qualified ("investigadora principal") it is a role.
  if (runsOf(out, 'domain').length > 0) {
    for (const run of runsOf(out, 'archetype')) {
      if (run.first === run.last && BARE_RESEARCHER.has(tokens[run.first]!.lower))
        out[run.first] = 0;
    }
  }
  roleAfterFormLabel(tokens, out);
  return out;
}

/**
 * A form's role ("Name: … / Role: mechanical design engineer / Field: …"): all of the clause
 * a role label opens with a colon, one to five words of no name, in place of any role read.
 */
function roleAfterFormLabel(tokens: readonly Token[], out: number[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const opens = i === 0 || tokens[i - 1]!.punct;
    if (!opens || !ROLE_LABELS.has(tokens[i]!.lower) || tokens[i + 1]?.raw !== ':') continue;
    const first = i + 2;
    let end = first;
    const free = (k: number) => !tokens[k]!.punct && slotOf(out[k]!) !== 'name';
    while (end < tokens.length && end - first < 6 && free(end)) end++;
    if (end === first || end - first > 5 || (end < tokens.length && !tokens[end]!.punct)) return;
    for (const run of runsOf(out, 'archetype')) out.fill(0, run.first, run.last + 1);
    out.fill(0, first, end);
    markSpan(out, 'archetype', first, end - 1);
    return;
  }
}
const ROLE_LABELS = new Set('role rol rôle ruolo rolle position occupation job'.split(' '));

/** Roles named with what they teach: "a biology teacher", "a science educator". */
export const TEACHING = new Set(['teacher', 'educator', 'tutor', 'instructor', 'schoolteacher']);

/** "Researcher" in the languages the router reads, as the tokens fold them. */
const BARE_RESEARCHER = new Set(
  (
    'researcher chercheur chercheuse investigador investigadora pesquisador pesquisadora ' +
    'ricercatore ricercatrice forscher forscherin باحث باحثة'
  ).split(' '),
);

/** Words before a role that are never part of it, as the tokens fold them. */
const NOT_ROLE = new Set(
  (
    "i'm im i am a an my انا وانا ana daba " +
    // "as": "je bosse comme | consultante"
    'as comme como come als ' +
    // hedges: "ich bin | nur | Hobbyforscher"
    'just only merely nur solo juste seulement simplement apenas einfach eigentlich halt'
  ).split(' '),
);
export { isQualifierPair };

/**
 * True when the year of study at `i` is the writer's, and all they say they are: "I'm only a |
 * first year", "im just a second year so …".
 */
function yearSaid(tokens: readonly Token[], i: number): boolean {
  if (tokens[i + 1]?.lower !== 'year' || !['a', 'an'].includes(tokens[i - 1]?.lower ?? '')) {
    return false;
  }
  const after = tokens[i + 2];
  if (after && !after.punct && isRoleWord(after.lower)) return false;
  let j = i - 2;
  if (['only', 'just', 'still'].includes(tokens[j]?.lower ?? '')) j--;
  return ["i'm", 'im', 'am'].includes(tokens[j]?.lower ?? '');
}

/** True when a token names a role: a listed one, or a German compound ending on one. */
export const namesRole = (token: Token) => isRoleWord(token.lower) || germanCompoundRole(token);

/**
 * A German compound noun that ends on an occupation ("Chemie|lehrer", "Bau|ingenieurin",
 * "Software|entwickler"): German writes the kind onto the word, which no list can hold whole.
 */
function germanCompoundRole(token: Token): boolean {
  if (!/^\p{Lu}\p{Ll}{7,}$/u.test(token.raw)) return false;
  for (let k = 3; k <= token.lower.length - 5; k++) {
    const tail = token.lower.slice(k);
    if (isRoleWord(tail) && !isEnglishWord(tail)) return true;
    // (a champion is no master of a trade: "Weltmeister", "Vizemeister")
    const champion = tail.startsWith('meister') && CHAMPIONSHIPS.test(token.lower);
    if (GERMAN_ROLE_TAILS.has(tail) && !champion) return true;
  }
  return false;
}
const CHAMPIONSHIPS = /^(welt|europa|vize|landes|kreis|stadt|deutsch|olympia)/u;
/** Occupations German writes only at the end of a compound ("Stadt|planerin", "Abteilungs|leiter"). */
const GERMAN_ROLE_TAILS = new Set(
  (
    'planer planerin leiter leiterin meister meisterin kaufmann kauffrau fachmann fachfrau ' +
    'gestalter gestalterin pfleger pflegerin helfer helferin therapeut therapeutin'
  ).split(' '),
);

/** Marks the capitalised noun after "für" that follows a role, and one joined by "und". */
function markFieldAfterFur(tokens: readonly Token[], out: number[], role: SpanRun): void {
  const at = role.last + 2;
  const noun = (k: number) => out[k] === 0 && /^\p{Lu}\p{Ll}{3,}$/u.test(tokens[k]?.raw ?? '');
  if (tokens[role.last + 1]?.lower !== 'fur' || !noun(at)) return;
  const last = tokens[at + 1]?.lower === 'und' && noun(at + 2) ? at + 2 : at;
  markSpan(out, 'domain', at, last);
}

/** Prepositions of a place a role is done in. */
const PLACE_IN = new Set(['in', 'im', 'am', 'bei', 'en', 'em', 'à', 'a', 'au', 'no', 'na']);

/** Occupations named by their acronym, in capitals: "PM at a health-tech startup". */
const ROLE_ACRONYMS = new Set('PM CTO CEO CFO COO CMO RN GP NP SWE SRE PI TA RA'.split(' '));
