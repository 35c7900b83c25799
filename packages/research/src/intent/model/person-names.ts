// Is a word someone's given or family name? Lists of folded name words in Latin and Arabic
// letters, written from Faker's locales by scripts/person-names.ts. A mark, not a rule: "will",
// "rosa" and "nair" are all listed, and the tagger weighs the mark against the words around
// it, which is how a name typed in lower case ("tyler brooks", "priya nair") is still seen.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lexicon = (file: string) => fileURLToPath(new URL(`./lexicons/${file}`, import.meta.url));
export const GIVEN_NAMES_PATH = lexicon('given-names.txt');
export const FAMILY_NAMES_PATH = lexicon('family-names.txt');
/** Listed names that are ordinary French, Spanish or Portuguese words too ("rosa", "paz"). */
export const NAME_WORDS_PATH = lexicon('name-words.txt');

interface NameLists {
  given: Set<string>;
  family: Set<string>;
  words: Set<string>;
}
let lists: NameLists | undefined;

const read = (path: string) => new Set(readFileSync(path, 'utf8').split('\n').filter(Boolean));

/** Reads the lists (once; later calls are free). */
function load(): NameLists {
  lists ??= {
    given: read(GIVEN_NAMES_PATH),
    family: read(FAMILY_NAMES_PATH),
    words: read(NAME_WORDS_PATH),
  };
  return lists;
}

/** True when a folded word is a listed given name. */
export const isGivenName = (word: string): boolean => load().given.has(word);

/** True when a folded word is a listed family name. */
export const isFamilyName = (word: string): boolean => load().family.has(word);

/** True when a folded listed name is an ordinary French, Spanish or Portuguese word too. */
export const isNameWord = (word: string): boolean => load().words.has(word);
