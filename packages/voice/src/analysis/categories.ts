/**
 * PII categories reported in `transcript.analysis`, most specific first (this order also
 * breaks ties when two detectors claim overlapping text).
 *
 * - `email`: e-mail address, written (`john.smith@example.com`) or spoken
 *   (`john dot smith at example dot com`, also `آت` / `دوت` / `نقطة` connectors).
 * - `iban`: international bank account number, country code + check digits + BBAN of the
 *   length and structure registered for that country (ibantools), ISO 7064 mod-97 checksum;
 *   spaces allowed.
 * - `national_id`: US SSN (`123-45-6789`, SSA area/group/serial rules), Saudi national ID /
 *   Iqama (10 digits starting 1 or 2, Luhn check), UAE Emirates ID (`784-YYYY-NNNNNNN-C`, Luhn).
 * - `credit_card`: 13–19 digits (spaces/dashes allowed), Luhn-valid, major industry
 *   identifier 1–6 (so national/telecom numbers starting 7–9 or 0 are not cards).
 * - `ip_address`: IPv4 (octets 0–255, no leading zeros) and IPv6 (full, compressed, zone id,
 *   embedded IPv4).
 * - `date_of_birth`: a full date (day, month, year) right after a cue such as "born on",
 *   "date of birth", "DOB", "تاريخ الميلاد", "مواليد".
 * - `phone_number`: international (`+` or `00`, valid for the country its code names) or
 *   national (valid in the plan of a session language's region or a default region, with
 *   its trunk prefix), per Google's libphonenumber metadata; written, Arabic-Indic or spoken.
 */
export const PII_CATEGORIES = [
  'email',
  'iban',
  'national_id',
  'credit_card',
  'ip_address',
  'date_of_birth',
  'phone_number',
] as const;

export type PIICategory = (typeof PII_CATEGORIES)[number];

/** One detected span; offset and length are UTF-16 code units of the transcript text. */
export interface PIIItem {
  category: PIICategory;
  offset: number;
  length: number;
}
