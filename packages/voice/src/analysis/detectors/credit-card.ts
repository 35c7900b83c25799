import { luhnValid } from '../checksums.ts';
import { fromView, type Candidate, type DetectionContext, type DigitChain } from './context.ts';

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;
const CARD_SEPARATOR = /^[ \u00A0]?-?[ \u00A0]?$/;

/** 13–19 digits, Luhn-valid, major industry identifier 1–6, not one repeated digit. */
export function isCardNumber(digits: string): boolean {
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return false;
  if (!/^[1-6]/.test(digits) || /^(\d)\1*$/.test(digits)) return false;
  return luhnValid(digits);
}

/**
 * Card numbers inside a chain: the longest run of whole groups (joined by spaces or
 * dashes) that is a valid card, so a trailing CVV or a leading count does not hide it.
 */
export function cardWindows(chain: DigitChain): { first: number; last: number }[] {
  const out: { first: number; last: number }[] = [];
  const groups = chain.groups;
  let i = 0;
  while (i < groups.length) {
    let best = -1;
    let digits = '';
    for (let j = i; j < groups.length; j++) {
      if (j > i && !CARD_SEPARATOR.test(chain.separators[j - 1]!)) break;
      digits += groups[j]!.digits;
      if (digits.length > MAX_DIGITS) break;
      if (isCardNumber(digits)) best = j;
    }
    if (best >= 0 && !(i === 0 && chain.plus)) {
      out.push({ first: i, last: best });
      i = best + 1;
    } else i++;
  }
  return out;
}

/** Payment card numbers that pass the Luhn check. */
export function detectCreditCards(ctx: DetectionContext): Candidate[] {
  const out: Candidate[] = [];
  for (const chain of ctx.chains) {
    for (const w of cardWindows(chain)) {
      out.push(
        fromView(
          ctx.digits,
          'credit_card',
          chain.groups[w.first]!.start,
          chain.groups[w.last]!.end,
        ),
      );
    }
  }
  return out;
}
