// Words that say how much risk or how strict baselines should be. The value slots
// risk_preference and baseline_strictness are stored as low / medium / high, so the span
// the tagger finds ("bold, risky", "don't need to be very strict") is read through this
// lexicon; the tagger and the classifier also see a word's class as a feature.
import { fold } from './tokens.ts';

export type Level = 'low' | 'medium' | 'high';
/** `level`: says how much of anything; `risk` / `strict`: only about risk or strictness. */
export type LexiconClass = 'level' | 'risk' | 'strict';

const ENTRIES: [LexiconClass, Level, string][] = [
  ['level', 'high', 'high higher highest max maximum maximal lots'],
  ['level', 'low', 'low lower lowest minimal minimum min little'],
  [
    'level',
    'medium',
    'medium moderate moderately mid middle average balanced intermediate normal reasonable',
  ],
  [
    'risk',
    'high',
    'bold bolder risky riskier daring adventurous ambitious speculative moonshot moonshots ' +
      'audacious aggressive radical wild brave fearless gamble gambles taker takers ' +
      'take taking takes',
  ],
  [
    'risk',
    'low',
    'safe safer safest cautious careful conservative incremental averse prudent timid proven ' +
      'conventional steady secure',
  ],
  [
    'strict',
    'high',
    'strict stricter strictest rigorous rigourous demanding stringent tough harsh exacting picky ' +
      'fussy meticulous thorough severe uncompromising',
  ],
  [
    'strict',
    'low',
    'lenient relaxed loose flexible easy easygoing lax forgiving gentle soft chill',
  ],
];

const LEXICON = new Map<string, { cls: LexiconClass; level: Level }>();
for (const [cls, level, words] of ENTRIES) {
  for (const word of words.split(' ')) LEXICON.set(word, { cls, level });
}

/**
 * Words that turn what follows around: "not strict", "no long shots", "less cautious",
 * "stop nitpicking", "neither too safe nor too wild" (the last stays medium).
 */
export const NEGATORS: ReadonlySet<string> = new Set([
  'not',
  'no',
  "don't",
  'dont',
  "didn't",
  "won't",
  "wouldn't",
  "shouldn't",
  "can't",
  'cannot',
  'never',
  "isn't",
  "aren't",
  "doesn't",
  'without',
  'nothing',
  'neither',
  'nor',
  'hardly',
  'less',
  'stop',
]);

/** The level a folded word says, if the lexicon lists it. */
export function lexiconLevel(word: string): Level | undefined {
  return LEXICON.get(word)?.level;
}

/** The lexicon class of a folded word, if it has one. */
export function lexiconClass(word: string): LexiconClass | undefined {
  return LEXICON.get(word)?.cls;
}

/**
 * The level a value span states: "bold, risky" → high, "quite cautious" → low, "moderately
 * strict" → medium (a medium word qualifies the others), "don't need to be very strict" →
 * low (a negation up to five words before flips high and low). Null when no word says.
 */
export function readLevel(span: string): Level | null {
  const words = fold(span)
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  return levelOf(
    words,
    words.flatMap((w, i) => (LEXICON.has(w) ? [i] : [])),
  );
}

/** Words that name the risk or the strictness setting, to which a bare level attaches. */
const RISK_CUES = new Set(['risk', 'risks', 'risky', 'riskier', 'gamble', 'gambles']);
const STRICT_CUES = new Set(['strict', 'strictness', 'baseline', 'baselines', 'rigour', 'rigor']);

export interface LevelReading {
  risk_preference?: Level;
  baseline_strictness?: Level;
}

/**
 * The risk and strictness levels a message states, from its folded tokens (`skip[i]` marks
 * tokens inside other slots, such as a topic, which say nothing about the profile). A risk
 * word ("bold", "cautious") or strictness word ("rigorous", "lenient") sets its own setting;
 * a bare level ("high", "moderate") sets the setting named nearest to it, and nothing when
 * neither is named.
 */
export function readLevels(tokens: readonly string[], skip: readonly boolean[]): LevelReading {
  // "high-risk" and "low-stakes" are one token but two words.
  const words: string[] = [];
  const skipped: boolean[] = [];
  tokens.forEach((token, i) => {
    for (const part of token.split('-')) {
      words.push(part);
      skipped.push(skip[i] ?? false);
    }
  });
  skip = skipped;
  const bySlot: Record<keyof LevelReading, number[]> = {
    risk_preference: [],
    baseline_strictness: [],
  };
  words.forEach((word, i) => {
    if (skip[i]) return;
    const entry = LEXICON.get(word);
    if (!entry) return;
    if (entry.cls === 'risk') bySlot.risk_preference.push(i);
    else if (entry.cls === 'strict') bySlot.baseline_strictness.push(i);
    else {
      let nearest: keyof LevelReading | undefined;
      for (let d = 1; d < words.length && !nearest; d++) {
        for (const j of [i - d, i + d]) {
          const w = words[j];
          if (w === undefined || skip[j]) continue;
          if (RISK_CUES.has(w)) nearest ??= 'risk_preference';
          else if (STRICT_CUES.has(w)) nearest ??= 'baseline_strictness';
        }
      }
      if (nearest) bySlot[nearest].push(i);
    }
  });
  const out: LevelReading = {};
  for (const slot of ['risk_preference', 'baseline_strictness'] as const) {
    const level = levelOf(words, bySlot[slot]);
    if (level) out[slot] = level;
  }
  return out;
}

/** The level said by the words at `at` (see readLevel), each negated by what precedes it. */
function levelOf(words: readonly string[], at: readonly number[]): Level | null {
  let high = 0;
  let low = 0;
  let medium = 0;
  let first: Level | null = null;
  for (const i of at) {
    let level = LEXICON.get(words[i]!)!.level;
    const negated = words.slice(Math.max(0, i - 5), i).some((w) => NEGATORS.has(w));
    if (negated && level !== 'medium') level = level === 'high' ? 'low' : 'high';
    first ??= level;
    if (level === 'high') high++;
    else if (level === 'low') low++;
    else medium++;
  }
  if (medium > 0) return 'medium';
  if (high === 0 && low === 0) return null;
  if (high !== low) return high > low ? 'high' : 'low';
  return first;
}
