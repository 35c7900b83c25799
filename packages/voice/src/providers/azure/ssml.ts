import { scriptLanguages } from '../tts/choose-voice.ts';
import type { VoicePreferences } from '../tts/choose-voice.ts';

/** A default neural voice per locale (and, through the first locale of each language, per language). */
export const DEFAULT_AZURE_VOICES: Readonly<Record<string, string>> = {
  'en-US': 'en-US-JennyNeural',
  'en-GB': 'en-GB-SoniaNeural',
  'en-AU': 'en-AU-NatashaNeural',
  'en-IN': 'en-IN-NeerjaNeural',
  'ar-SA': 'ar-SA-ZariyahNeural',
  'ar-EG': 'ar-EG-SalmaNeural',
  'ar-AE': 'ar-AE-FatimaNeural',
  'fr-FR': 'fr-FR-DeniseNeural',
  'de-DE': 'de-DE-KatjaNeural',
  'es-ES': 'es-ES-ElviraNeural',
  'es-MX': 'es-MX-DaliaNeural',
  'it-IT': 'it-IT-ElsaNeural',
  'pt-BR': 'pt-BR-FranciscaNeural',
  'tr-TR': 'tr-TR-EmelNeural',
  'fa-IR': 'fa-IR-DilaraNeural',
  'ur-PK': 'ur-PK-UzmaNeural',
  'hi-IN': 'hi-IN-SwaraNeural',
  'ru-RU': 'ru-RU-SvetlanaNeural',
  'zh-CN': 'zh-CN-XiaoxiaoNeural',
  'ja-JP': 'ja-JP-NanamiNeural',
  'ko-KR': 'ko-KR-SunHiNeural',
};

/** Speaks mixed-language text and bilingual sessions: one voice, `<lang>` per script run. */
export const DEFAULT_MULTILINGUAL_VOICE = 'en-US-AvaMultilingualNeural';

// The locale a script's language is spoken as when the session lists none of it.
const DEFAULT_LOCALE: Record<string, string> = {
  ar: 'ar-SA', fa: 'fa-IR', ur: 'ur-PK', he: 'he-IL', ru: 'ru-RU', uk: 'uk-UA', bg: 'bg-BG',
  sr: 'sr-RS', el: 'el-GR', hi: 'hi-IN', mr: 'mr-IN', ne: 'ne-NP', ja: 'ja-JP', cmn: 'zh-CN',
  zh: 'zh-CN', yue: 'zh-HK', ko: 'ko-KR', th: 'th-TH',
}; // prettier-ignore
const NON_LATIN = new Set(Object.keys(DEFAULT_LOCALE));
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
const LATIN_SCRIPT = /\p{Script=Latin}/u;
// `xx-XX-NameNeural`, also `zh-CN-shaanxi-XiaoniNeural` and HD voices `en-US-Ava:DragonHDLatestNeural`.
const AZURE_VOICE = /^[a-z]{2,3}(?:-[A-Za-z0-9]+)+(?::[A-Za-z0-9]+)?Neural$/;
// Characters XML 1.0 does not allow, even escaped (controls, lone surrogates, U+FFFE/U+FFFF).
const XML_INVALID =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const base = (locale: string) => (locale.split(/[-_]/)[0] ?? '').toLowerCase();

/** Whether a name looks like an Azure neural voice (`en-US-JennyNeural`). */
export function isAzureVoice(name: string | undefined): name is string {
  return name !== undefined && AZURE_VOICE.test(name);
}

/** Whether an Azure voice speaks several languages (and honours `<lang xml:lang>`). */
export function isMultilingualVoice(name: string): boolean {
  return /Multilingual/i.test(name);
}

/** Escapes text for SSML content or attribute values and drops characters XML cannot carry. */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID, '').replace(/[<>&"']/g, (c) => ESCAPES[c] as string);
}
const ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

/** A stretch of text in one language. */
export interface TextRun {
  text: string;
  language: string;
}

/** How a text is spoken: the voice, the document's locale and the text's runs. */
export interface SpeechPlan {
  voice: string;
  language: string;
  /** Whether the voice is multilingual (runs then become `<lang>` elements). */
  multilingual: boolean;
  runs: TextRun[];
}

/** Voice tables of {@link planSpeech}. */
export interface VoiceTable {
  /** Locale (or language) → voice; merged over {@link DEFAULT_AZURE_VOICES}. */
  voices?: Readonly<Record<string, string>>;
  multilingualVoice?: string;
}

/**
 * The locale a text is in: a non-Latin script points to a language (Arabic script → the
 * session's Arabic-script locale, else `ar-SA`); otherwise the text's known locale or the
 * session's first Latin-script locale, else `en-US`.
 */
export function localeOf(text: string, prefs: VoicePreferences = {}): string {
  const locales = [...(prefs.language ? [prefs.language] : []), ...(prefs.languages ?? [])];
  const candidates = scriptLanguages(text);
  if (candidates !== undefined) {
    const own = locales.find((l) => candidates.includes(base(l)));
    const first = candidates[0] as string;
    return own ?? DEFAULT_LOCALE[first] ?? first;
  }
  return locales.find((l) => !NON_LATIN.has(base(l))) ?? 'en-US';
}

/**
 * Splits Arabic-script / Latin-script code-switching into runs (spaces, digits and
 * punctuation stay with the run before them); any other text is one run.
 */
export function scriptRuns(text: string, prefs: VoicePreferences = {}): TextRun[] {
  if (!(ARABIC_SCRIPT.test(text) && LATIN_SCRIPT.test(text))) {
    return text === '' ? [] : [{ text, language: localeOf(text, prefs) }];
  }
  const runs: { text: string; arabic: boolean | undefined }[] = [];
  for (const ch of text) {
    const arabic = ARABIC_SCRIPT.test(ch) ? true : LATIN_SCRIPT.test(ch) ? false : undefined;
    const last = runs[runs.length - 1];
    if (last && (arabic === undefined || last.arabic === undefined || last.arabic === arabic)) {
      last.text += ch;
      last.arabic ??= arabic;
    } else {
      runs.push({ text: ch, arabic });
    }
  }
  return runs.map((r) => ({ text: r.text, language: localeOf(r.text, prefs) }));
}

/**
 * Chooses the voice: the session's `voice` when it is an Azure neural voice name; otherwise,
 * for mixed-language text or a session with several languages, one multilingual voice (so the
 * assistant keeps one voice across sentences), with a `<lang xml:lang>` per script run; otherwise
 * the default voice of the text's locale (or the multilingual one for a locale without one).
 */
export function planSpeech(
  text: string,
  prefs: VoicePreferences = {},
  table: VoiceTable = {},
): SpeechPlan {
  const voices = { ...DEFAULT_AZURE_VOICES, ...table.voices };
  const multilingualVoice = table.multilingualVoice ?? DEFAULT_MULTILINGUAL_VOICE;
  const runs = scriptRuns(text, prefs);
  const primary = runs[0]?.language ?? localeOf(text, prefs);
  if (isAzureVoice(prefs.voice)) {
    const multilingual = isMultilingualVoice(prefs.voice);
    const language = multilingual ? primary : prefs.voice.split('-').slice(0, -1).join('-');
    return { voice: prefs.voice, language, multilingual, runs };
  }
  const mixed = new Set(runs.map((r) => r.language)).size > 1;
  const sessionLanguages = new Set((prefs.languages ?? []).map(base));
  const single = !mixed && sessionLanguages.size <= 1 ? voiceFor(primary, voices) : undefined;
  if (single) return { voice: single, language: primary, multilingual: false, runs };
  return { voice: multilingualVoice, language: primary, multilingual: true, runs };
}

function voiceFor(locale: string, voices: Readonly<Record<string, string>>): string | undefined {
  const exact = Object.keys(voices).find((k) => k.toLowerCase() === locale.toLowerCase());
  if (exact) return voices[exact];
  const lang = base(locale);
  const sameLanguage = Object.keys(voices).find((k) => base(k) === lang);
  return sameLanguage ? voices[sameLanguage] : undefined;
}

/** The SSML document of a plan; all text is escaped. */
export function buildSsml(plan: SpeechPlan): string {
  const body = plan.multilingual
    ? plan.runs
        .map((r) => `<lang xml:lang="${escapeXml(r.language)}">${escapeXml(r.text)}</lang>`)
        .join('')
    : escapeXml(plan.runs.map((r) => r.text).join(''));
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" ` +
    `xml:lang="${escapeXml(plan.language)}"><voice name="${escapeXml(plan.voice)}">${body}</voice></speak>`
  );
}
