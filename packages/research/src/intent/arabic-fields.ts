// An Arabic field the tagger began on its second word: "بعلم | الاجتماع" (in sociology, "the
// science of society"), "بتاريخ | الطب" (in the history of medicine). The first word, a head
// noun written with a preposition or a conjunction on it, is the field's own, and the span
// takes the whole token as the labels do.
import { isField } from './model/gazetteer.ts';
import { markSpan, runsOf } from './model/tags.ts';
import { fold, type Token } from './model/tokens.ts';

/** Head nouns of Arabic field names, as the tokens fold them. */
const HEADS = new Set(
  ['علم', 'علوم', 'تاريخ', 'هندسة', 'طب', 'فلسفة', 'أدب', 'فن', 'فنون', 'اقتصاد', 'قانون'].map(
    fold,
  ),
);
/** True for an Arabic field's head noun with its article: "الأدب" (literature), "الطب". */
export const isArabicHeadWithArticle = (word: string) =>
  /^ال/u.test(word) && HEADS.has(word.slice(2));
/** What may be written on a word's front: "in/with", "to", "and", "so", "and in". */
const PREFIX = /^(?:وب|فب|ب|ل|و|ف)/u;

/** The tags with each Arabic field that opens on "ال" taking in the head noun before it. */
export function withArabicHead(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  for (const run of runsOf(out, 'domain')) {
    const before = tokens[run.first - 1];
    if (!before || before.punct || out[run.first - 1] !== 0) continue;
    if (!/^ال/u.test(tokens[run.first]!.lower) || !/^\p{Script=Arabic}+$/u.test(before.raw)) {
      continue;
    }
    const stem = before.lower.replace(PREFIX, '');
    if (/^ال/u.test(stem) || !(HEADS.has(stem) || isField(stem))) continue;
    markSpan(out, 'domain', run.first - 1, run.last);
  }
  return out;
}
