import { FLITE_VOICES } from './flite.ts';

/** Which embedded engine speaks a text, with which voice, as which locale. */
export interface VoiceChoice {
  engine: 'flite' | 'espeak-ng';
  voice: string;
  language: string;
}

/** What the choice depends on: the session's voice and locales. */
export interface VoicePreferences {
  /** `slt`, `flite/awb`, `espeak-ng/fr`, `ar`, ...; names of other vendors' voices are ignored. */
  voice?: string;
  /** Locale of the text, when the caller knows it. */
  language?: string;
  /** The session's locales, most preferred first. */
  languages?: readonly string[];
}

// Scripts that identify a language (or a short list to pick from with the session's locales).
const SCRIPTS: [RegExp, string[]][] = [
  [/\p{Script=Arabic}/u, ['ar', 'fa', 'ur']],
  [/\p{Script=Hebrew}/u, ['he']],
  [/\p{Script=Cyrillic}/u, ['ru', 'uk', 'bg', 'sr']],
  [/\p{Script=Greek}/u, ['el']],
  [/\p{Script=Devanagari}/u, ['hi', 'mr', 'ne']],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, ['ja']],
  [/\p{Script=Han}/u, ['cmn', 'zh', 'yue']],
  [/\p{Script=Hangul}/u, ['ko']],
  [/\p{Script=Thai}/u, ['th']],
];
const NON_LATIN = new Set(SCRIPTS.flatMap(([, langs]) => langs));
// eSpeak NG names a few languages differently from their locale code.
const ESPEAK_NAMES: Record<string, string> = { zh: 'cmn' };

const FLITE = new Set<string>(FLITE_VOICES);
const base = (locale: string) => (locale.split(/[-_]/)[0] ?? '').toLowerCase();
const espeakVoice = (lang: string) => ESPEAK_NAMES[lang] ?? lang;

/** The languages a text's script points to ('ar', 'fa', 'ur' for Arabic script), or undefined for Latin. */
export function scriptLanguages(text: string): readonly string[] | undefined {
  for (const [re, langs] of SCRIPTS) if (re.test(text)) return langs;
  return undefined;
}

/**
 * Picks the embedded engine and voice: text in Arabic (or another non-Latin script) goes to
 * eSpeak NG in that language; otherwise the session's first Latin-script locale decides, with
 * English spoken by Flite and every other language by eSpeak NG.
 */
export function chooseVoice(text: string, prefs: VoicePreferences = {}): VoiceChoice {
  const [engineHint, voiceHint] = parseVoice(prefs.voice);
  const locales = [...(prefs.language ? [prefs.language] : []), ...(prefs.languages ?? [])];
  const candidates = scriptLanguages(text);
  if (candidates !== undefined) {
    const locale = locales.find((l) => candidates.includes(base(l))) ?? (candidates[0] as string);
    const lang = base(locale);
    const voice =
      engineHint === 'espeak-ng' && voiceHint && base(voiceHint) === lang
        ? voiceHint
        : espeakVoice(lang);
    return { engine: 'espeak-ng', voice, language: locale };
  }
  const locale = locales.find((l) => !NON_LATIN.has(base(l))) ?? 'en-US';
  if (engineHint === 'espeak-ng' && voiceHint)
    return { engine: 'espeak-ng', voice: voiceHint, language: locale };
  if (base(locale) === 'en') {
    const voice =
      voiceHint && FLITE.has(voiceHint) && engineHint !== 'espeak-ng' ? voiceHint : 'slt';
    return { engine: 'flite', voice, language: locale };
  }
  return { engine: 'espeak-ng', voice: espeakVoice(base(locale)), language: locale };
}

function parseVoice(
  voice: string | undefined,
): [engine: 'flite' | 'espeak-ng' | undefined, name: string | undefined] {
  if (!voice) return [undefined, undefined];
  const m = /^(flite|espeak-ng|espeak)[/:](.+)$/i.exec(voice);
  if (m) return [m[1]?.toLowerCase() === 'flite' ? 'flite' : 'espeak-ng', m[2]];
  if (FLITE.has(voice)) return ['flite', voice];
  return [undefined, voice];
}
