// Check-digit validators. Each takes the bare digits/characters (no separators) and
// answers only "is this a well-formed identifier", never "is it issued".

/** Luhn (mod 10) checksum over an ASCII digit string, check digit last. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * ISO 7064 mod 97-10 as IBAN uses it: move the first four characters to the end, letters
 * to numbers (A=10 … Z=35), and the remainder mod 97 must be 1. Computed piecewise, so
 * no big integers.
 */
export function mod97Valid(iban: string): boolean {
  const s = iban.toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(s)) return false;
  const rearranged = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    rem = value >= 10 ? (rem * 100 + value) % 97 : (rem * 10 + value) % 97;
  }
  return rem === 1;
}

// Voided by the SSA after appearing in advertising (the 1938 Woolworth wallet card and
// a 1940s pamphlet).
const SSN_NEVER_ISSUED = new Set(['078051120', '219099999']);

/**
 * US Social Security number rules: area not 000, 666 or 900–999; group not 00; serial
 * not 0000; not one of the numbers the SSA voided after advertising use.
 */
export function ssnValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  if (area === 0 || area === 666 || area >= 900) return false;
  if (group === 0 || serial === 0) return false;
  return !SSN_NEVER_ISSUED.has(digits);
}

/**
 * Saudi national ID (starts with 1) or Iqama (starts with 2): 10 digits, and the check
 * digit the Ministry of Interior uses: digits in odd positions (1st, 3rd, … 9th) are
 * doubled with their digits summed, even positions added, and the 10th digit brings the
 * total to a multiple of 10. For 10 digits that is exactly Luhn.
 */
export function saudiIdValid(digits: string): boolean {
  if (!/^[12]\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (i % 2 === 0) {
      const x = d * 2;
      sum += Math.floor(x / 10) + (x % 10);
    } else sum += d;
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(9) - 48;
}

/**
 * UAE Emirates ID: 15 digits `784` + birth year (19xx/20xx) + 7-digit serial + Luhn
 * check digit over all 15.
 */
export function emiratesIdValid(digits: string): boolean {
  if (!/^784(19|20)\d{10}$/.test(digits)) return false;
  return luhnValid(digits);
}
