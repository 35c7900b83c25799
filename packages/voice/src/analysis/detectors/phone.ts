import { fromView, type Candidate, type DetectionContext, type DigitChain } from './context.ts';

const E164_MIN = 8;
const E164_MAX = 15;
const NATIONAL_MIN = 7;
const NATIONAL_MAX = 12;

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
 * Phone numbers: `+` or `00` followed by 8–15 digits (E.164, country code not 0), or a
 * national number of 7–12 digits. Dates, IPv4 shapes, the SSN layout 3-2-4 with dashes,
 * decimals (one dot between two groups) and one repeated digit are not phones.
 */
export function isPhoneChain(chain: DigitChain): boolean {
  const d = chain.digits;
  if (/^(\d)\1*$/.test(d)) return false;
  if (chain.plus) return d.length >= E164_MIN && d.length <= E164_MAX && d[0] !== '0';
  if (d.startsWith('00')) {
    const n = d.length - 2;
    return n >= E164_MIN && n <= E164_MAX && d[2] !== '0';
  }
  if (d.length < NATIONAL_MIN || d.length > NATIONAL_MAX) return false;
  if (looksLikeDate(chain) || looksLikeIPv4(chain)) return false;
  if (chain.groups.length === 2 && chain.separators[0] === '.') return false;
  // 123-45-6789 is the SSN layout; an invalid SSN in it is not a phone either
  if (
    chain.groups.map((g) => g.digits.length).join('-') === '3-2-4' &&
    chain.separators.every((s) => s === '-')
  )
    return false;
  return true;
}

/** Phone numbers over digit chains (written, spoken, Arabic-Indic). */
export function detectPhoneNumbers(ctx: DetectionContext): Candidate[] {
  return ctx.chains
    .filter(isPhoneChain)
    .map((c) => fromView(ctx.digits, 'phone_number', c.start, c.end));
}
