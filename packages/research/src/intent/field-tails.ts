// What is said of a field after it is not part of it: how the writer stands to it ("biology |
// major", "marine bio | nerd", "kinesiology | part time", "cs | degree"), where it is worked on
// ("an oncology | ward"), "research" after a field that is not named with it ("early literacy
// | research"; "operations research" is a field), and, in Arabic, the school or workplace
// said with "at" written on ("الإحصاء | بكلية التجارة", "الفيزياء | فالثانوي") or "as a hobby"
// ("الفلك | كهواية").
import { ARABIC_WORKPLACES } from './field-words.ts';

/** The last word of the field at `first`..`last` of folded `words`, without what trails it. */
export function fieldEnd(words: readonly string[], first: number, last: number): number {
  let end = last;
  const tail = (k: number) =>
    FIELD_TAILS.has(words[k]!) || (words[k] === 'research' && !NAMED_RESEARCH.has(words[k - 1]!));
  while (end > first && tail(end)) end--;
  if (end - 1 > first && PART_TIME.test(`${words[end - 1]} ${words[end]}`)) end -= 2;
  const where = words.slice(first + 1, end + 1).findIndex(arabicWhere);
  return where >= 0 ? first + where : end;
}

/** Words after a field that say how the writer stands to it, not what it is. */
const FIELD_TAILS = new Set(
  (
    'major majors minor stuff things ward wards section side part-time full-time degree ' +
    'nerd nerds geek geeks buff here double dual joint'
  ).split(' '),
);
const PART_TIME = /^(?:part|full) time$/;
/** Words before "research" that name a field with it: "operations research". */
const NAMED_RESEARCH = new Set(['operations', 'operational', 'market', 'marketing', 'ux', 'user']);

/**
 * An Arabic word with "in" or "at" written on a workplace ("بكلية", at the faculty;
 * "فالثانوي", at the high school), or "as a hobby" ("كهواية").
 */
function arabicWhere(word: string): boolean {
  const [clitic, rest] = [word[0]!, word.slice(1)];
  const place = rest.replace(/^ال/u, '');
  return (
    ('بف'.includes(clitic) &&
      [place, rest].some((w) => ARABIC_WORKPLACES.has(w) || SCHOOLS.has(w))) ||
    AS_A_HOBBY.has(word)
  );
}
const AS_A_HOBBY = new Set(['كهواية', 'كهوايه']);
/** Faculties, institutes and high schools, where a field is taught. */
const SCHOOLS = new Set(['كلية', 'معهد', 'ثانوي', 'ثانوية']);
