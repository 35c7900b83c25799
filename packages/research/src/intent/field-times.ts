// A field or a role holds no time: how long or since when someone has worked, or when they
// will, is not what they work on nor what they are ("nurse in ICU | since 2015", "feline
// diabetes | someday", "ممرضة، | صرلي سبع سنين", "médecin généraliste | depuis 20 ans", "Tech
// lead. | ~20 yrs"); nor is a count of years a level ("desde hace | 10 | años").
import { LEVEL_TAGS, runsOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

/**
 * The tags with every field and role span cut before the time it runs into, or dropped if all
 * time, and no level read from a count of years.
 */
export function withoutTimes(tokens: readonly Token[], out: number[]): number[] {
  const words = tokens.map((t) => t.lower);
  words.forEach((word, i) => {
    if (LEVEL_TAGS.has(out[i]!) && /^\d+$/.test(word) && UNITS.has(words[i + 1] ?? '')) out[i] = 0;
  });
  for (const run of [...runsOf(out, 'domain'), ...runsOf(out, 'archetype')]) {
    if (words.slice(run.first, run.last + 1).every(timeWord)) {
      out.fill(0, run.first, run.last + 1);
      continue;
    }
    for (let i = run.first; i <= run.last; i++) {
      const next = words[i + 1] ?? '';
      const since = SINCE.has(words[i]!) && (timeWord(next) || SINCE.has(next)); // "desde hace"
      if (since || (WHEN.has(words[i]!) && run.slot === 'domain')) {
        out.fill(0, i, run.last + 1);
        break;
      }
    }
  }
  return out;
}

/** A number, a number word or a unit of time, as the tokens fold them. */
const timeWord = (word: string) =>
  /^\d+(?:s|h)?$/.test(word) || NUMBERS.has(word) || UNITS.has(word);

/** What opens a time after a field: "since 2015", "pendant trente ans", "desde hace", "من خمس". */
const SINCE = new Set(
  'since for depuis pendant desde hace durante seit fur während wahrend from ha da من منذ صرلي this last these'.split(
    ' ',
  ),
);
/** Words that say when, not what: "sepsis someday", "health informatics alongside". */
const WHEN = new Set(
  'someday sometime alongside nowadays lately currently anymore ahorita الان سابقا سابقاً الشهر الاسبوع السنة امبارح امس'.split(
    ' ',
  ),
);
const UNITS = new Set(
  (
    'year years yr yrs month months week weeks weekend weekends day days night nights ' +
    'sem semester term quarter ' +
    'ages decade decades ' +
    'an ans annee annees mois semaine semaines ano anos mes meses semana semanas ' +
    'anno anni mese mesi jahr jahre jahren monat monate sene sneen ' +
    'سنة سنه سنين سنوات شهر شهور اشهر'
  ).split(' '),
);
const NUMBERS = new Set(
  (
    'one two three four five six seven eight nine ten twenty thirty a few several many ' +
    'un deux trois cinq dix vingt trente uno dos tres cinco diez veinte treinta ' +
    'um dois tres dez vinte due tre cinque dieci venti zwei drei funf zehn zwanzig ' +
    'خمس خمسة سبع سبعة عشر عشرة تلات ثلاث عشرين'
  ).split(' '),
);
