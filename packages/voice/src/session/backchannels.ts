import { normalizeArabic } from '../analysis/arabic.ts';

/**
 * What people say while they listen, to show they follow ("uh-huh", "yeah", "نعم"), not to
 * take the turn. Matched on the folded transcript (lower case, no punctuation, hyphens as
 * spaces, letters held three or more times cut to two, Arabic folded as the analysis folds it).
 * "no", "wait", "stop", "what" and questions are not here: they ask for the floor.
 */
export const BACKCHANNELS: Readonly<Record<'en' | 'ar', readonly string[]>> = {
  en: [
    'uh huh',
    'uhhuh',
    'mm hmm',
    'mmhmm',
    'mhm',
    'hmm',
    'hm',
    'mm',
    'um',
    'umm',
    'uh',
    'uhh',
    'ah',
    'ahh',
    'oh',
    'ohh',
    'yeah',
    'yep',
    'yup',
    'yes',
    'okay',
    'ok',
    'right',
    'sure',
    'alright',
    'all right',
    'i see',
    'got it',
    'go on',
    'exactly',
    'indeed',
    'true',
    'cool',
    'nice',
    'great',
  ],
  ar: [
    'نعم',
    'اها',
    'اه',
    'ايوه',
    'ايوا',
    'ايه',
    'اي',
    'اجل',
    'طيب',
    'تمام',
    'صح',
    'ماشي',
    'اكيد',
    'حسنا',
    'اوكي',
    'مم',
    'امم',
    'فعلا',
    'بالضبط',
    'طبعا',
    'معك',
    'مفهوم',
  ],
};

const PHRASES = new Set(Object.values(BACKCHANNELS).flat().map(fold));

function fold(text: string): string {
  return normalizeArabic(text.toLowerCase())
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/(\p{L})\1{2,}/gu, '$1$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * True when the transcript has words and every one of them belongs to a backchannel, so
 * "uh-huh", "yeah yeah", "oh okay" and "نعم طيب" count, and "yeah but wait" does not.
 */
export function isBackchannel(transcript: string): boolean {
  const words = fold(transcript).split(' ').filter(Boolean);
  if (words.length === 0) return false;
  for (let i = 0; i < words.length;) {
    if (i + 1 < words.length && PHRASES.has(`${words[i]} ${words[i + 1]}`)) i += 2;
    else if (PHRASES.has(words[i]!)) i += 1;
    else return false;
  }
  return true;
}
