// Writes the person-name lists the tagger marks names with, in model/lexicons/:
// - given-names.txt and family-names.txt: from Faker's locale data, the given and family names
//   of the languages people write to the chat in and of the countries they write from;
// - name-words.txt: those names that are also ordinary French, Spanish or Portuguese words
//   (lower-case entries of the Hunspell dictionaries: "rosa", "paz", "deja"), which the
//   tagger weighs apart, as it does names that are English words.
// The lists are committed rather than read at load, so an upgrade of Faker or a dictionary
// cannot change the features a model was trained on, and the router loads neither.
// Usage: npx tsx packages/research/src/intent/scripts/person-names.ts
import { writeFileSync } from 'node:fs';
import * as faker from '@faker-js/faker';
import type { LocaleDefinition } from '@faker-js/faker';
import spanish from 'dictionary-es';
import french from 'dictionary-fr';
import portuguese from 'dictionary-pt';
import { FAMILY_NAMES_PATH, GIVEN_NAMES_PATH, NAME_WORDS_PATH } from '../model/person-names.ts';
import { fold } from '../model/tokens.ts';

/** Locales whose names are written in Latin or Arabic letters, as messages to the chat are. */
const LOCALES = (
  'en en_AU en_CA en_GB en_IE en_IN en_NG en_ZA en_GH en_HK en_NP es es_MX fr fr_BE fr_CH ' +
  'fr_SN de de_CH it pt_BR pt_PT ar nl nl_BE pl tr ro sv nb_NO da fi hu cs_CZ sk sl_SI hr ' +
  'sr_RS_latin lv yo_NG zu_ZA af_ZA id_ID vi az uz_UZ_latin'
).split(' ');

type Names = string[] | Record<string, string[]> | undefined;
const flat = (names: Names): string[] =>
  !names ? [] : Array.isArray(names) ? names : Object.values(names).flat();

/** One folded word per name part ("Mary-Jane" → "mary", "jane"): tokens are matched alone. */
function words(names: string[]): string[] {
  return names
    .flatMap((name) => fold(name).split(/[\s-]+/))
    .filter((w) => w.length >= 2 && /^(?:[a-z']+|[\u0621-\u064a]+)$/.test(w));
}

const given = new Set<string>();
const family = new Set<string>();
for (const code of LOCALES) {
  const locale = (faker as unknown as Record<string, LocaleDefinition | undefined>)[code];
  if (!locale) throw new Error(`Faker has no locale ${code}`);
  for (const w of words(flat(locale.person?.first_name as Names))) given.add(w);
  for (const w of words(flat(locale.person?.last_name as Names))) family.add(w);
}

/** The lower-case stems of a Hunspell dictionary, folded (proper names are capitalised). */
function stems(dictionary: { dic: Uint8Array }): Set<string> {
  const lines = new TextDecoder().decode(dictionary.dic).split('\n').slice(1);
  const out = new Set<string>();
  for (const line of lines) {
    const stem = line.split(/[/\t]/)[0]!.trim();
    if (stem && stem === stem.toLowerCase()) out.add(fold(stem));
  }
  return out;
}
const ordinary = [french, spanish, portuguese].map(stems);
const nameWords = [...new Set([...given, ...family])].filter((w) => ordinary.some((s) => s.has(w)));

const lists: [string, string[]][] = [
  [GIVEN_NAMES_PATH, [...given]],
  [FAMILY_NAMES_PATH, [...family]],
  [NAME_WORDS_PATH, nameWords],
];
for (const [path, list] of lists) {
  writeFileSync(path, list.sort().join('\n') + '\n');
  console.log(`${list.length} words written to ${path}`);
}
