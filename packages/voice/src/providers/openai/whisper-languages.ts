// Whisper's `verbose_json` names the language in English words ("english", "arabic"); some
// servers give ISO 639-1 codes ("en", "ar") instead. Each common language has the name, its
// code and the locale used when the session has none for it.
const LANGUAGES: [name: string, code: string, locale: string][] = [
  ['english', 'en', 'en-US'],
  ['arabic', 'ar', 'ar-SA'],
  ['french', 'fr', 'fr-FR'],
  ['spanish', 'es', 'es-ES'],
  ['german', 'de', 'de-DE'],
  ['italian', 'it', 'it-IT'],
  ['portuguese', 'pt', 'pt-BR'],
  ['dutch', 'nl', 'nl-NL'],
  ['russian', 'ru', 'ru-RU'],
  ['ukrainian', 'uk', 'uk-UA'],
  ['polish', 'pl', 'pl-PL'],
  ['czech', 'cs', 'cs-CZ'],
  ['romanian', 'ro', 'ro-RO'],
  ['hungarian', 'hu', 'hu-HU'],
  ['greek', 'el', 'el-GR'],
  ['swedish', 'sv', 'sv-SE'],
  ['norwegian', 'no', 'nb-NO'],
  ['danish', 'da', 'da-DK'],
  ['finnish', 'fi', 'fi-FI'],
  ['turkish', 'tr', 'tr-TR'],
  ['persian', 'fa', 'fa-IR'],
  ['urdu', 'ur', 'ur-PK'],
  ['hebrew', 'he', 'he-IL'],
  ['hindi', 'hi', 'hi-IN'],
  ['bengali', 'bn', 'bn-IN'],
  ['tamil', 'ta', 'ta-IN'],
  ['chinese', 'zh', 'zh-CN'],
  ['cantonese', 'yue', 'yue-HK'],
  ['japanese', 'ja', 'ja-JP'],
  ['korean', 'ko', 'ko-KR'],
  ['indonesian', 'id', 'id-ID'],
  ['malay', 'ms', 'ms-MY'],
  ['vietnamese', 'vi', 'vi-VN'],
  ['thai', 'th', 'th-TH'],
  ['tagalog', 'tl', 'fil-PH'],
  ['swahili', 'sw', 'sw-KE'],
  ['somali', 'so', 'so-SO'],
  ['amharic', 'am', 'am-ET'],
  ['pashto', 'ps', 'ps-AF'],
  ['kurdish', 'ku', 'ku-TR'],
  ['azerbaijani', 'az', 'az-AZ'],
  ['catalan', 'ca', 'ca-ES'],
];

// Other names Whisper accepts for the same languages.
const ALIASES: Record<string, string> = {
  castilian: 'es',
  flemish: 'nl',
  valencian: 'ca',
  moldavian: 'ro',
  moldovan: 'ro',
  mandarin: 'zh',
  pushto: 'ps',
  farsi: 'fa',
  filipino: 'tl',
};

const BY_NAME = new Map<string, string>([
  ...LANGUAGES.map(([name, code]): [string, string] => [name, code]),
  ...Object.entries(ALIASES),
]);
const DEFAULT_LOCALE = new Map(LANGUAGES.map(([, code, locale]) => [code, locale]));

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const LATIN_SCRIPT = /[A-Za-z\u00C0-\u024F]/u;

/** Lower-case language part of a locale (`ar-SA` → `ar`). */
export const baseLanguage = (locale: string): string =>
  (locale.split(/[-_]/)[0] ?? '').toLowerCase();

/** One locale per language of the table: what a Whisper server can be expected to recognise. */
export const WHISPER_LOCALES: readonly string[] = LANGUAGES.map(([, , locale]) => locale);

/**
 * The ISO 639 code of what a server reports: a Whisper name (`arabic`), a code (`ar`) or a
 * locale (`ar-SA`). Undefined for anything else (empty, unknown long names).
 */
export function languageCode(reported: string | null | undefined): string | undefined {
  const s = reported?.trim().toLowerCase();
  if (!s) return undefined;
  const byName = BY_NAME.get(s);
  if (byName) return byName;
  const m = /^([a-z]{2,3})(?:[-_][a-z0-9]{2,8})*$/.exec(s);
  return m ? m[1] : undefined;
}

/** The locale of a language code: the session's locale of that language, else a default. */
export function localeFor(code: string, sessionLocales: readonly string[]): string {
  return (
    sessionLocales.find((l) => baseLanguage(l) === code) ??
    DEFAULT_LOCALE.get(code) ??
    // A code outside the table is still a language; a bare code is a valid BCP 47 tag.
    code
  );
}

/** The code to send as Whisper's `language` for a session locale (`en-US` → `en`). */
export function requestLanguage(locale: string): string | undefined {
  const code = baseLanguage(locale);
  return /^[a-z]{2,3}$/.test(code) ? code : undefined;
}

/**
 * The locales of a transcript, in order: what the server reported (per segment when it says,
 * else for the whole text), mapped to the session's locales. When the text mixes Arabic script
 * and Latin words both are listed, in order of first appearance. With no evidence from the
 * server, the script decides (the session layer refines this per word).
 */
export function transcriptLocales(
  text: string,
  reported: readonly (string | null | undefined)[],
  sessionLocales: readonly string[],
): string[] {
  if (text.trim() === '') return [];
  const out: string[] = [];
  const add = (locale: string) => {
    if (!out.includes(locale)) out.push(locale);
  };
  const recognised: string[] = [];
  for (const r of reported) {
    const code = languageCode(r);
    const locale = code === undefined ? undefined : localeFor(code, sessionLocales);
    if (locale !== undefined && !recognised.includes(locale)) recognised.push(locale);
  }
  const arabicAt = text.search(ARABIC_SCRIPT);
  const latinAt = text.search(LATIN_SCRIPT);
  const arabic =
    recognised.find((l) => baseLanguage(l) === 'ar') ?? localeFor('ar', sessionLocales);
  const latin =
    recognised.find((l) => baseLanguage(l) !== 'ar') ??
    sessionLocales.find((l) => baseLanguage(l) !== 'ar') ??
    'en-US';
  if (arabicAt >= 0 && latinAt >= 0) {
    for (const locale of arabicAt < latinAt ? [arabic, latin] : [latin, arabic]) add(locale);
  } else if (recognised.length === 0) {
    add(arabicAt >= 0 ? arabic : latinAt >= 0 ? latin : (sessionLocales[0] ?? 'en-US'));
  }
  for (const locale of recognised) add(locale);
  return out;
}
