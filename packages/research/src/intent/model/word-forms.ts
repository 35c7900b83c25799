// How a word the level lexicon (lexicon.ts) does not list as written is still found there: a
// misspelling of a long risk or strictness word, a Spanish, Portuguese or Italian
// superlative, an Arabic word with "and", a preposition or the article written on it.
import { closestWord } from '../fuzzy.ts';
import { isEnglishWord } from './english-words.ts';
import type { LexiconClass } from './lexicons/levels.ts';

/**
 * An Arabic word without a leading "and" (و), a preposition (ب, ل) or the article (ال):
 * "والجريئة" is looked up as "جريئة".
 */
export function arabicStems(word: string): string[] {
  const out = [word];
  let stem = word;
  if (/^[وف]/u.test(stem) && stem.length > 3) out.push((stem = stem.slice(1)));
  const article = /^(?:ال|بال|لل|كال)/u.exec(stem);
  if (article && stem.length - article[0].length >= 3) out.push(stem.slice(article[0].length));
  return out;
}

/**
 * The look-up of a word in `lexicon` (folded words to their entries) as written, else as a
 * superlative, a misspelling or an Arabic stem of one of its words.
 */
export function formLookUp<E extends { cls: LexiconClass }>(
  lexicon: ReadonlyMap<string, E>,
): (word: string) => E | undefined {
  // Risk and strictness words long enough to be read when misspelt, by first letter.
  const spellable = new Map<string, string[]>();
  for (const [word, entry] of lexicon) {
    if (entry.cls === 'level' || word.length < 6 || !/^[a-z]+$/.test(word)) continue;
    spellable.set(word[0]!, [...(spellable.get(word[0]!) ?? []), word]);
  }

  /**
   * A word no list has and no English word, one edit from a risk or strictness word (two
   * from a long one) with the same first letter: "adventurus", "rigourus". Not shorter
   * words, which are too often names one edit from a listed word ("Darina"). Typos seldom
   * touch the first letter, and comparing only words that share it keeps a message of many
   * foreign words fast.
   */
  const misspelt = (word: string): E | undefined => {
    if (word.length < 7 || isEnglishWord(word)) return undefined; // only [a-z]+ comes here
    const known = closestWord(word, spellable.get(word[0]!) ?? [], word.length >= 10 ? 2 : 1);
    return known === null ? undefined : lexicon.get(known);
  };

  /**
   * A Spanish, Portuguese or Italian superlative read as its adjective, whose level it says
   * more of: "durísima" is "dura", "severissima" "severa", "segurísimas" "seguras".
   */
  const superlative = (word: string): E | undefined => {
    const m = /^([a-z]{3,})(?:isim|issim)([oaie]s?)$/.exec(word);
    if (!m) return undefined;
    for (const ending of [m[2]!, 'o', 'a', 'e']) {
      const entry = lexicon.get(m[1]! + ending);
      if (entry && entry.cls !== 'level') return entry;
    }
    return undefined;
  };

  return (word: string): E | undefined => {
    const entry = lexicon.get(word);
    if (!entry && /^[a-z]+$/.test(word)) return superlative(word) ?? misspelt(word);
    if (entry || !/\p{Script=Arabic}/u.test(word)) return entry;
    for (const stem of arabicStems(word)) {
      const found = lexicon.get(stem);
      if (found) return found;
    }
    return undefined;
  };
}
