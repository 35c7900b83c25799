// A role read whole that holds a field and an academic position or a generic person word
// ("economics professor", "oncology researcher"): the field is the writer's field, and the
// position, not the generic word, their role.
import {
  inLexicons,
  isField,
  isFieldHead,
  isFieldModifier,
  isRoleModifier,
} from './model/gazetteer.ts';
import { isEnglishWord } from './model/english-words.ts';
import { markSpan } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

/**
 * Academic positions that take a field before them as the field, not as part of the role:
 * "an economics professor", "econ PhD", "cognitive psych grad student". Not "teacher" or a
 * bare "student", which make occupations of it ("nursing student", "biology teacher").
 */
const POSITIONS = new Set([
  'professor',
  'prof',
  'lecturer',
  'phd',
  'postdoc',
  'post-doc',
  'fellow',
  'scholar',
  'candidate',
]);
const STUDENT_KINDS = new Set([
  'phd',
  'grad',
  'graduate',
  'doctoral',
  'masters',
  "master's",
  'msc',
  'ma',
  'ms',
]);

/**
 * Person words that add nothing to a field: "a health economics researcher" works in health
 * economics (the profile's role is a researcher by default), as does "an econ person".
 */
const GENERIC = new Set(['researcher', 'researchers', 'scientist', 'person', 'investigator']);
export const isGenericPerson = (word: string) => GENERIC.has(word);

/**
 * A role read whole that opens on a field and ends on an academic position ("economics
 * professor", "third-year econ PhD student") is the field and the position; a qualifier
 * before the field is neither. A field before a generic person word is the field alone
 * ("oncology researcher", "Māori studies researcher"), unless the words before it only
 * qualify a role ("data scientist", "clinical researcher").
 */
export function splitField(
  tokens: readonly Token[],
  out: number[],
  first: number,
  last: number,
): void {
  const words = tokens.slice(0, last + 1).map((t) => t.lower);
  let start = first;
  while (start < last && isRoleModifier(words[start]!) && !isField(words[start]!)) start++;
  let end = start; // one past the field
  let named = false;
  while (end < last && !POSITIONS.has(words[end]!) && !GENERIC.has(words[end]!)) {
    const word = words[end]!;
    if (isField(word) || isFieldHead(word)) named = true;
    else if (!isFieldModifier(word) && !/^\p{Lu}/u.test(tokens[end]!.raw)) return;
    end++;
  }
  if (!named || end === start) return;
  const rest = words.slice(end);
  const generic = rest.every((w) => GENERIC.has(w));
  const position =
    rest.length > 0 &&
    rest.every(
      (w, i) =>
        POSITIONS.has(w) ||
        (w === 'student' && STUDENT_KINDS.has(rest[i - 1] ?? '')) ||
        (STUDENT_KINDS.has(w) && rest[i + 1] === 'student'),
    );
  if (!generic && !position) return;
  out.fill(0, first, last + 1);
  // the untagged word that qualifies the field before it ("Māori | studies lecturer")
  const before = tokens[start - 1];
  const qualifier = (t: Token) =>
    isFieldModifier(t.lower) ||
    (/^\p{Lu}/u.test(t.raw) && !isEnglishWord(t.lower) && !inLexicons(t.lower));
  if (start === first && before && !before.punct && out[start - 1] === 0 && qualifier(before))
    start--;
  markSpan(out, 'domain', start, end - 1);
  if (position) markSpan(out, 'archetype', end, last);
}
