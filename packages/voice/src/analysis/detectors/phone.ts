import { parsePhoneNumber } from 'awesome-phonenumber';
import { fromView, type Candidate, type DetectionContext, type DigitChain } from './context.ts';
import { DEFAULT_PHONE_REGIONS } from './regions.ts';

// Google's libphonenumber metadata (through awesome-phonenumber) knows each country's number
// ranges and lengths; a shape rule ("7-12 digits") took every order number for a phone.
const E164_MAX = 15;
// Bounds no national number of any plan falls outside (with its trunk prefix); they spare
// libphonenumber the pin codes, years and long references that make up most digit chains.
const NATIONAL_MIN = 5;
const NATIONAL_MAX = 14;

/** Three groups shaped like a calendar date (12-05-1990, 1990.05.12). */
export function looksLikeDate(chain: DigitChain): boolean {
  if (chain.groups.length !== 3 || chain.plus) return false;
  const [a, b, c] = chain.groups.map((g) => g.digits) as [string, string, string];
  const n = (s: string): number => Number(s);
  const dayMonth = (x: number, y: number): boolean =>
    (x >= 1 && x <= 31 && y >= 1 && y <= 12) || (x >= 1 && x <= 12 && y >= 1 && y <= 31);
  const year = (s: string): boolean => s.length === 4 && n(s) >= 1900 && n(s) <= 2099;
  if (a.length <= 2 && b.length <= 2 && year(c)) return dayMonth(n(a), n(b));
  if (year(a) && b.length <= 2 && c.length <= 2) return dayMonth(n(c), n(b));
  return false;
}

/** Four dot-separated groups of at most three digits: an IPv4 shape, valid or not. */
function looksLikeIPv4(chain: DigitChain): boolean {
  return (
    chain.groups.length === 4 &&
    chain.separators.every((s) => s === '.') &&
    chain.groups.every((g) => g.digits.length <= 3)
  );
}

/**
 * A valid number of `region`'s plan, said in its national form: with the trunk prefix where
 * the country dials one ("055 …" in Saudi Arabia, "020 …" in the UK). Without it, nine or
 * ten digits too often read as a number of some plan ("12271 3452" is a Saudi postcode and
 * also Jeddah 012 271 3452 without its 0).
 */
export function isNationalNumber(digits: string, region: string): boolean {
  const parsed = parsePhoneNumber(digits, { regionCode: region });
  return parsed.valid && parsed.number.national.replace(/\D/g, '') === digits;
}

/** A valid international number: country code and national number, E.164 digits without `+`. */
export function isInternationalNumber(digits: string): boolean {
  return digits.length <= E164_MAX && parsePhoneNumber(`+${digits}`).valid;
}

/**
 * Phone numbers: `+` or `00` then a valid number of the country its code names, or a valid
 * national number of one of `regions` (see {@link isNationalNumber}). Dates, IPv4 shapes,
 * decimals (one dot between two groups), the SSN layout 3-2-4 with dashes and one repeated
 * digit are never phones, whatever a numbering plan allows.
 */
export function isPhoneChain(
  chain: DigitChain,
  regions: readonly string[] = DEFAULT_PHONE_REGIONS,
): boolean {
  const d = chain.digits;
  if (/^(\d)\1*$/.test(d)) return false;
  if (chain.plus) return isInternationalNumber(d);
  if (d.startsWith('00')) return isInternationalNumber(d.slice(2));
  if (d.length < NATIONAL_MIN || d.length > NATIONAL_MAX) return false;
  if (looksLikeDate(chain) || looksLikeIPv4(chain)) return false;
  if (chain.groups.length === 2 && chain.separators[0] === '.') return false;
  // 123-45-6789 is the SSN layout; an invalid SSN in it is not a phone either
  if (
    chain.groups.map((g) => g.digits.length).join('-') === '3-2-4' &&
    chain.separators.every((s) => s === '-')
  )
    return false;
  return regions.some((region) => isNationalNumber(d, region));
}

/** Phone numbers over digit chains (written, spoken, Arabic-Indic). */
export function detectPhoneNumbers(ctx: DetectionContext): Candidate[] {
  return ctx.chains
    .filter((chain) => isPhoneChain(chain, ctx.phoneRegions))
    .map((c) => fromView(ctx.digits, 'phone_number', c.start, c.end));
}
