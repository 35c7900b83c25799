import { mod97Valid } from '../checksums.ts';
import { fromView, type Candidate, type DetectionContext } from './context.ts';

// Registered IBAN length per country (SWIFT IBAN registry), as country code + length.
const REGISTRY =
  'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DK18 ' +
  'DO28 EE20 EG29 ES24 FI18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 ' +
  'IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 ' +
  'MR27 MT31 MU30 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 SA24 SC31 SD18 SE24 ' +
  'SI19 SK24 SM27 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20';

/** IBAN length per ISO country code. */
export const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  REGISTRY.split(' ').map((e) => [e.slice(0, 2), Number(e.slice(2))] as const),
);

// Country letters may be spelled out ("S A"), so one space is allowed between them too.
const IBAN_START = /(?<![A-Za-z0-9])([A-Za-z]) ?([A-Za-z]) ?(\d) ?(\d)/g;
const ALNUM = /[A-Za-z0-9]/;

/**
 * IBANs: a known country code, two check digits, then exactly the registered number of
 * characters (single spaces or dashes between them allowed), and mod-97 equal to 1.
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
    if (mod97Valid(compact)) out.push(fromView(ctx.digits, 'iban', m.index, p));
  }
  return out;
}
