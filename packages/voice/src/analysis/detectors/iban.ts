import { countrySpecs, isValidIBAN } from 'ibantools';
import { fromView, type Candidate, type DetectionContext } from './context.ts';

/**
 * IBAN length per ISO country code, from ibantools' country specifications (the SWIFT IBAN
 * registry and the countries that use IBANs outside it, such as Iran's and Algeria's).
 */
export const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  Object.entries(countrySpecs).flatMap(([country, spec]) =>
    spec.chars ? [[country, spec.chars] as const] : [],
  ),
);

// Country letters may be spelled out ("S A"), so one space is allowed between them too.
const IBAN_START = /(?<![A-Za-z0-9])([A-Za-z]) ?([A-Za-z]) ?(\d) ?(\d)/g;
const ALNUM = /[A-Za-z0-9]/;

/**
 * IBANs: a known country code, two check digits, then exactly the registered number of
 * characters (single spaces or dashes between them allowed); ibantools then checks the
 * country's BBAN structure (which positions are digits, letters or either) and mod-97.
 */
export function detectIbans(ctx: DetectionContext): Candidate[] {
  const view = ctx.digits.text;
  const out: Candidate[] = [];
  for (const m of view.matchAll(IBAN_START)) {
    const country = (m[1]! + m[2]!).toUpperCase();
    const length = IBAN_LENGTHS.get(country);
    if (length === undefined) continue;
    let compact = country + m[3]! + m[4]!;
    let p = m.index + m[0].length;
    while (compact.length < length) {
      const ch = view[p];
      if (ch !== undefined && ALNUM.test(ch)) {
        compact += ch.toUpperCase();
        p++;
      } else if ((ch === ' ' || ch === '-') && ALNUM.test(view[p + 1] ?? '')) p++;
      else break;
    }
    if (compact.length !== length || ALNUM.test(view[p] ?? '')) continue;
    if (isValidIBAN(compact)) out.push(fromView(ctx.digits, 'iban', m.index, p));
  }
  return out;
}
