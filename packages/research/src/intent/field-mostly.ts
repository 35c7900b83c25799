// What the writer mostly works on, said in a clause of its own after their role ("planner for
// the county council, mostly transport", "abogada, sobre todo litigios de propiedad
// intelectual"): their field, in place of the kind of firm they work at ("a junior associate at
// a law firm in Abuja, mostly arbitration").
import { levelMarks } from './model/lexicon.ts';
import { markSpan, runsOf, slotOf } from './model/tags.ts';
import { fold, type Token } from './model/tokens.ts';
import { WORKPLACES } from './workplaces.ts';

/** "Mostly" in seven languages, as folded words. */
const MOSTLY = [
  'mostly',
  'mainly',
  'primarily',
  'largely',
  'surtout',
  'principalement',
  'sobre todo',
  'principalmente',
  'sobretudo',
  'soprattutto',
  'vor allem',
  'hauptsachlich',
  'خصوصا',
].map((phrase) => fold(phrase).split(' '));
/** Words between "mostly" and the field: "mostly into …", "surtout en …". */
const INTO = new Set(['into', 'in', 'on', 'en', 'em', 'im', 'في']);
/** Words before the clause: a comma, a dash, a bracket. */
const OPENS = new Set([',', '—', '–', '-', '(', ';']);
/** Words of no field: "mostly commercial jobs around Brisbane", "mostly admin stuff lol". */
const NOT_FIELD_WORDS = new Set('jobs job stuff things clients contracts lol haha tbh'.split(' '));
/** Words that end no field ("mostly census work"), though one may hold them ("social work …"). */
const NOT_FIELD_ENDS = new Set(['work', 'projects']);
/** Words that open no field: a clause of its own ("mostly I teach", "mostly remote"). */
const NOT_FIELD_STARTS = new Set(
  "i i'm we it this that the remote from at for with je yo ich eu io".split(' '),
);

/** The tags with the field a "mostly" clause after the writer's role says. */
export function fieldMostly(tokens: readonly Token[], tags: readonly number[]): number[] {
  const role = runsOf(tags, 'archetype')[0];
  if (!role) return [...tags];
  const fields = runsOf(tags, 'domain');
  // only where no field is said, or the one said is a firm's kind ("a law | firm")
  const firmKind = fields.length === 1 && WORKPLACES.has(tokens[fields[0]!.last + 1]?.lower ?? '');
  if (fields.length > 0 && !firmKind) return [...tags];
  const marks = levelMarks(tokens.map((t) => t.lower));
  for (let k = role.last + 1; k < tokens.length; k++) {
    if (!OPENS.has(tokens[k - 1]?.raw ?? '')) continue;
    const said = MOSTLY.find((words) => words.every((w, n) => tokens[k + n]?.lower === w));
    if (!said) continue;
    let first = k + said.length;
    if (INTO.has(tokens[first]?.lower ?? '')) first++;
    let last = first - 1;
    const free = (i: number) => {
      const t = tokens[i];
      const slot = slotOf(tags[i] ?? 0);
      return t !== undefined && !t.punct && !marks[i] && (slot === null || slot === 'domain');
    };
    while (last - first < 5 && free(last + 1)) last++;
    const next = tokens[last + 1];
    const ends = !next || (next.punct && next.raw !== '-');
    if (last < first || !ends) return [...tags];
    const words = tokens.slice(first, last + 1).map((t) => t.lower);
    if (NOT_FIELD_STARTS.has(words[0]!) || NOT_FIELD_ENDS.has(words.at(-1)!)) return [...tags];
    if (words.some((w) => NOT_FIELD_WORDS.has(w))) return [...tags];
    const out = [...tags];
    for (const run of fields) out.fill(0, run.first, run.last + 1);
    markSpan(out, 'domain', first, last);
    return out;
  }
  return [...tags];
}
