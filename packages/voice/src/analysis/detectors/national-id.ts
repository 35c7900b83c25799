import { normalizeArabic } from '../arabic.ts';
import { emiratesIdValid, saudiIdValid, ssnValid } from '../checksums.ts';
import {
  fromView,
  textBefore,
  type Candidate,
  type DetectionContext,
  type DigitChain,
} from './context.ts';

const SSN_CUE = /\b(?:ssn|s\.s\.n\.?|social security|social)\b/;
// Normalised Arabic (ة→ه, أ→ا) and English cues for a Saudi ID written in groups.
const SAUDI_CUE =
  /(?:هويه|الهويه|اقامه|الاقامه|السجل المدني|الرقم الوطني|\biqama\b|\bnational id\b|\bid number\b|\bidentity\b)/;

function sameSeparators(chain: DigitChain): boolean {
  const kinds = chain.separators.map((s) => s.trim() || ' ');
  return kinds.every((k) => k === kinds[0] && (k === '-' || k === ' '));
}

function shape(chain: DigitChain): string {
  return chain.groups.map((g) => g.digits.length).join('-');
}

/** Which national ID a whole chain is, if any. */
export function nationalIdKind(
  chain: DigitChain,
  before: string,
): 'ssn' | 'saudi' | 'emirates' | undefined {
  if (chain.plus) return undefined;
  const d = chain.digits;
  const s = shape(chain);
  if (d.length === 9 && ssnValid(d)) {
    if (s === '3-2-4' && sameSeparators(chain)) return 'ssn';
    if (s === '9' && SSN_CUE.test(before)) return 'ssn';
  }
  if (d.length === 10 && saudiIdValid(d)) {
    if (s === '10' || SAUDI_CUE.test(normalizeArabic(before))) return 'saudi';
  }
  if (d.length === 15 && (s === '15' || s === '3-4-7-1') && emiratesIdValid(d)) return 'emirates';
  return undefined;
}

/** US SSN, Saudi national ID / Iqama, UAE Emirates ID; each must be a whole chain. */
export function detectNationalIds(ctx: DetectionContext): Candidate[] {
  return ctx.chains
    .filter((c) => nationalIdKind(c, textBefore(ctx, c.start)) !== undefined)
    .map((c) => fromView(ctx.digits, 'national_id', c.start, c.end));
}
