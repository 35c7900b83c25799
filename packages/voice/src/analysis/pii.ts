// PII detection pipeline: normalise once (digit and e-mail views with offset maps), run
// one detector per category over the shared context, validate checksums inside each
// detector, then keep the most specific non-overlapping spans.
import { PII_CATEGORIES, type PIICategory, type PIIItem } from './categories.ts';
import {
  createContext,
  type Candidate,
  type DetectionOptions,
  type Detector,
} from './detectors/context.ts';
import { detectCreditCards } from './detectors/credit-card.ts';
import { detectDatesOfBirth } from './detectors/date-of-birth.ts';
import { detectEmails } from './detectors/email.ts';
import { detectIbans } from './detectors/iban.ts';
import { detectIpAddresses } from './detectors/ip-address.ts';
import { detectNationalIds } from './detectors/national-id.ts';
import { detectPhoneNumbers } from './detectors/phone.ts';

export { PII_CATEGORIES };
export type { PIICategory, PIIItem, DetectionOptions };

const DETECTORS: readonly Detector[] = [
  detectEmails,
  detectIbans,
  detectNationalIds,
  detectCreditCards,
  detectIpAddresses,
  detectDatesOfBirth,
  detectPhoneNumbers,
];

// Earlier in PII_CATEGORIES = more specific (checksum-validated beats shape-only).
const RANK = new Map<PIICategory, number>(PII_CATEGORIES.map((c, i) => [c, i]));

/**
 * Keeps non-overlapping candidates: more specific category first, then the longer span,
 * then the earlier one; the result is sorted by offset.
 */
export function resolveOverlaps(candidates: readonly Candidate[]): PIIItem[] {
  const ordered = candidates
    .filter((c) => c.end > c.start)
    .sort(
      (a, b) =>
        RANK.get(a.category)! - RANK.get(b.category)! ||
        b.end - b.start - (a.end - a.start) ||
        a.start - b.start,
    );
  const kept: Candidate[] = [];
  for (const c of ordered) {
    if (kept.every((k) => c.end <= k.start || c.start >= k.end)) kept.push(c);
  }
  return kept
    .sort((a, b) => a.start - b.start)
    .map((c) => ({ category: c.category, offset: c.start, length: c.end - c.start }));
}

/**
 * Detects PII in a transcript; offsets/lengths are UTF-16 code units of `text`. The session's
 * `languages` choose the countries whose plans validate phone numbers without a country code.
 */
export function detectPII(text: string, options: DetectionOptions = {}): PIIItem[] {
  if (text.length === 0) return [];
  const ctx = createContext(text, options);
  return resolveOverlaps(DETECTORS.flatMap((detect) => detect(ctx)));
}
