// Lexicon sentiment for English, Arabic and code-switched transcripts in one pass.
// Each sentiment word contributes its valence, adjusted by negation (3-word window),
// degree words, and contrast ("but", "لكن", "بس": the clause after counts 1.5×, the one
// before 0.5×); questions are damped. The sum is squashed into -1..1.
import { arabicStems, hasArabic, normalizeArabic } from './arabic.ts';
import {
  AR_CONTRAST,
  AR_DEGREE_PHRASES,
  AR_INTENSIFIERS,
  AR_LEXICON,
  AR_NEGATORS,
  AR_PHRASES,
} from './lexicon-ar.ts';
import {
  EN_CONTRAST,
  EN_DEGREE_PHRASES,
  EN_INTENSIFIERS,
  EN_LEXICON,
  EN_NEGATORS,
  EN_PHRASES,
} from './lexicon-en.ts';
import type { Valence } from './lexicon-types.ts';

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export interface SentimentResult {
  label: SentimentLabel;
  /** -1 (very negative) .. 1 (very positive) */
  score: number;
}

/**
 * |score| below this is neutral. A single mild word (valence 1) scores 0.25 and counts;
 * "ok"/"تمام"-level words (0.5 → 0.13) and a negated mild negative stay neutral.
 */
export const NEUTRAL_THRESHOLD = 0.15;
/** Squashing constant: score = sum / sqrt(sum² + ALPHA); one "good" (2) gives 0.46. */
const ALPHA = 15;
/** A negator reaches this many following words. */
const NEGATION_WINDOW = 3;
/** "not good" keeps most of the strength; "not bad" is only mildly positive. */
const NEGATE_POSITIVE = -0.8;
const NEGATE_NEGATIVE = -0.5;
const BEFORE_CONTRAST = 0.5;
const AFTER_CONTRAST = 1.5;
/** A question asks rather than judges ("is it good?"), unless it is a "why" complaint. */
const QUESTION_FACTOR = 0.25;
const EXCLAMATION_FACTOR = 1.2;

const EMOJI: ReadonlyMap<string, number> = new Map([
  ['😀', 2],
  ['😃', 2],
  ['😄', 2],
  ['😁', 2],
  ['😊', 2],
  ['🙂', 1],
  ['😍', 3],
  ['🥰', 3],
  ['👍', 2],
  ['👏', 2],
  ['❤', 3],
  ['🎉', 2],
  ['😂', 1],
  ['😞', -2],
  ['😟', -2],
  ['😢', -2],
  ['😭', -2.5],
  ['😠', -2.5],
  ['😡', -3],
  ['👎', -2],
  ['💔', -2.5],
  ['🙁', -1.5],
  ['😒', -1.5],
  ['🤬', -3],
]);
const WHY = new Set(['why', 'ليش', 'ليه', 'لماذا', 'لمه']);
// أفعل (elative) shape after normalisation: اجمل، احلي، اروع، اسوا
const AR_ELATIVE = /^ا.{3}$/;

interface Token {
  /** normalised form used for matching */
  norm: string;
  arabic: boolean;
  punct: boolean;
}

const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’]\p{L}+)*|[.!?؟;؛,،]|\p{Extended_Pictographic}/gu;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    const arabic = hasArabic(raw);
    const punct = /^[.!?؟;؛,،]$/.test(raw);
    const norm = arabic ? normalizeArabic(raw) : raw.toLowerCase().replace(/’/g, "'");
    out.push({ norm, arabic, punct });
  }
  return out;
}

interface Phrase {
  words: string[];
  /** a sentiment phrase carries a value; a degree phrase ("kind of") a factor */
  value?: number;
  degree?: number;
}

const PHRASES: Phrase[] = [
  ...[...EN_PHRASES, ...AR_PHRASES].map(([p, value]) => ({ words: p.split(' '), value })),
  ...[...EN_DEGREE_PHRASES, ...AR_DEGREE_PHRASES].map(([p, degree]) => ({
    words: p.split(' '),
    degree,
  })),
].sort((a, b) => b.words.length - a.words.length);

function matchPhrase(tokens: Token[], i: number): Phrase | undefined {
  return PHRASES.find((p) => p.words.every((w, k) => tokens[i + k]?.norm === w));
}

function isNegator(t: Token): boolean {
  if (t.arabic) return AR_NEGATORS.has(t.norm);
  return EN_NEGATORS.has(t.norm) || t.norm.endsWith("n't");
}

function intensifier(t: Token): number | undefined {
  return t.arabic ? AR_INTENSIFIERS.get(t.norm) : EN_INTENSIFIERS.get(t.norm);
}

function isContrast(t: Token): boolean {
  return t.arabic ? AR_CONTRAST.has(t.norm) : EN_CONTRAST.has(t.norm);
}

interface Lookup {
  valence: Valence;
  /** the word carried its own negation (Egyptian ما…ش, fused ماعجبني) */
  negated: boolean;
}

function lookupEnglish(w: string): Valence | undefined {
  const direct = EN_LEXICON.get(w);
  if (direct !== undefined) return direct;
  if (w.endsWith("'s")) return EN_LEXICON.get(w.slice(0, -2));
  if (w.endsWith('s') && w.length > 3) return EN_LEXICON.get(w.slice(0, -1));
  return undefined;
}

function lookupArabicStem(w: string): Valence | undefined {
  for (const stem of arabicStems(w)) {
    const v = AR_LEXICON.get(stem);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** Sentiment entry of one token, trying clitic-stripped Arabic stems. */
function lookupWord(t: Token): Lookup | undefined {
  if (t.punct) return undefined;
  if (!t.arabic) {
    const e = EMOJI.get(t.norm.replace(/\uFE0F/g, ''));
    const v = e ?? lookupEnglish(t.norm);
    return v === undefined ? undefined : { valence: v, negated: false };
  }
  const v = lookupArabicStem(t.norm);
  if (v !== undefined) return { valence: v, negated: false };
  // fused negation: "ماعجبني", Egyptian circumfix "ماعجبنيش" / "معجبنيش"
  const m = /^(ما|م)(.{2,}?)(ش)?$/.exec(t.norm);
  if (m && (m[1] === 'ما' || m[3] === 'ش')) {
    const inner = lookupArabicStem(m[2]!);
    if (inner !== undefined) return { valence: inner, negated: true };
  }
  return undefined;
}

function valenceOf(v: Valence, negated: boolean): number {
  if (typeof v !== 'number') return negated ? v[1] : v[0];
  if (!negated) return v;
  return v * (v > 0 ? NEGATE_POSITIVE : NEGATE_NEGATIVE);
}

function scoreSentence(tokens: Token[]): number {
  const words = tokens.filter((t) => !/^[.!?؟]$/.test(t.norm));
  const hits: number[] = [];
  let contrastAt = -1;
  let negLeft = 0;
  let boost = 1;
  let boostLeft = 0;
  let lastHitWord = -2;
  let i = 0;
  // Arabic degree words usually follow their word ("حلو جدا", "شكرا كتير"); otherwise a
  // degree word boosts the next sentiment word within two words.
  const applyDegree = (factor: number, arabic: boolean): void => {
    if (arabic && lastHitWord === i - 1 && hits.length > 0) hits[hits.length - 1]! *= factor;
    else {
      boost = factor;
      boostLeft = 2;
    }
  };
  for (; i < words.length; i++) {
    const t = words[i]!;
    if (t.punct) {
      negLeft = 0;
      boostLeft = 0;
      continue;
    }
    const phrase = matchPhrase(words, i);
    if (phrase?.value !== undefined) {
      hits.push(phrase.value);
      i += phrase.words.length - 1;
      lastHitWord = i;
      negLeft = 0;
      continue;
    }
    if (phrase?.degree !== undefined) {
      applyDegree(phrase.degree, t.arabic);
      i += phrase.words.length - 1;
      continue;
    }
    if (isContrast(t)) {
      contrastAt = hits.length;
      negLeft = 0;
      continue;
    }
    const next = words[i + 1];
    if (isNegator(t)) {
      // "ما أجمل هذا" is an exclamation (how beautiful), not a negation
      if (t.norm === 'ما' && next?.arabic && AR_ELATIVE.test(next.norm) && lookupWord(next)) {
        boost = 1.5;
        boostLeft = 1;
      } else negLeft = NEGATION_WINDOW;
      continue;
    }
    const factor = intensifier(t);
    const entry = lookupWord(t);
    const nextIsSentiment = next !== undefined && lookupWord(next) !== undefined;
    if (factor !== undefined && (entry === undefined || nextIsSentiment)) {
      applyDegree(factor, t.arabic);
      continue;
    }
    if (entry) {
      let value = valenceOf(entry.valence, entry.negated !== negLeft > 0);
      if (boostLeft > 0) value *= boost;
      hits.push(value);
      lastHitWord = i;
      boostLeft = 0;
    }
    if (negLeft > 0) negLeft--;
    if (boostLeft > 0) boostLeft--;
  }
  let sum = 0;
  hits.forEach((v, k) => {
    const weight = contrastAt < 0 ? 1 : k < contrastAt ? BEFORE_CONTRAST : AFTER_CONTRAST;
    sum += v * weight;
  });
  const question = tokens.some((t) => t.norm === '?' || t.norm === '؟') || words[0]?.norm === 'هل';
  if (question && !WHY.has(words[0]?.norm ?? '')) sum *= QUESTION_FACTOR;
  if (tokens.some((t) => t.norm === '!')) sum *= EXCLAMATION_FACTOR;
  return sum;
}

function sentences(tokens: Token[]): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  for (const t of tokens) {
    current.push(t);
    if (/^[.!?؟]$/.test(t.norm)) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Lexicon sentiment of English, Arabic or mixed text: label and score in -1..1. */
export function analyzeSentiment(text: string): SentimentResult {
  let sum = 0;
  for (const s of sentences(tokenize(text))) sum += scoreSentence(s);
  const score = sum === 0 ? 0 : sum / Math.sqrt(sum * sum + ALPHA);
  const label: SentimentLabel =
    score >= NEUTRAL_THRESHOLD ? 'positive' : score <= -NEUTRAL_THRESHOLD ? 'negative' : 'neutral';
  return { label, score };
}
