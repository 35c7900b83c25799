// A role the tagger cut after the word that makes it an occupation: "ER | nurse", "QA |
// engineer", "science | educator". Convention: a role is one noun phrase with the words that
// qualify the person, and a teacher's subject makes the occupation ("biology teacher").
import { isField, isFieldHead } from './model/gazetteer.ts';
import { markSpan, runsOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';
import { TEACHING } from './settle-roles.ts';

/** An acronym of a ward, a trade or a department: "ER", "ICU", "QA", "UX", "A&E". */
const ACRONYM = /^[A-Z][A-Z&]{1,3}$/u;

/** The tags with each role taking in the acronym, or the taught field, just before it. */
export function withCompoundHead(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  for (const run of runsOf(out, 'archetype')) {
    const before = tokens[run.first - 1];
    if (!before || before.punct || out[run.first - 1] !== 0) continue;
    const head = tokens[run.last]!.lower;
    const acronym = ACRONYM.test(before.raw) && run.first === run.last;
    const taught = TEACHING.has(head) && (isField(before.lower) || isFieldHead(before.lower));
    if (acronym || taught) markSpan(out, 'archetype', run.first - 1, run.last);
  }
  return out;
}
