const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const LATIN = /[A-Za-z\u00C0-\u024F]/u;

const base = (locale: string) => (locale.split('-')[0] ?? '').toLowerCase();

/**
 * The locales present in a transcript, in order of appearance, from the script of each word
 * (Arabic script → the session's Arabic locale, Latin → its first Latin-script locale) and
 * the recogniser's own evidence. So a mixed utterance yields e.g. ["ar-SA", "en-US"].
 */
export function localesInText(
  text: string,
  sessionLocales: readonly string[],
  recognised: readonly string[] = [],
): string[] {
  const arabic = sessionLocales.find((l) => base(l) === 'ar') ?? 'ar-SA';
  const latin = sessionLocales.find((l) => base(l) !== 'ar') ?? 'en-US';
  const out: string[] = [];
  const add = (locale: string) => {
    if (!out.includes(locale)) out.push(locale);
  };
  for (const word of text.split(/\s+/)) {
    if (ARABIC.test(word)) add(arabic);
    else if (LATIN.test(word)) add(recognised.find((l) => base(l) !== 'ar') ?? latin);
  }
  for (const locale of recognised) add(locale);
  return out;
}
