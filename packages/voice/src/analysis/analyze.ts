// What the session sends as `transcript.analysis` after a final transcript.
import type { PIIItem } from './categories.ts';
import { detectPII } from './pii.ts';
import { analyzeSentiment, type SentimentLabel } from './sentiment.ts';

export interface AnalysisOptions {
  pii: boolean;
  sentiment: boolean;
  /** The session's languages (BCP 47): their regions validate phone numbers said without `+`. */
  languages?: readonly string[];
}

/** Payload fields of `transcript.analysis`. */
export interface TranscriptAnalysis {
  pii: PIIItem[];
  sentiment: SentimentLabel;
}

/**
 * Analyses one final transcript. Returns null when neither analysis is enabled (no message
 * is sent). The message always carries both fields, so a field whose analysis is off holds
 * its empty value: `pii: []`, `sentiment: 'neutral'`.
 */
export function analyzeTranscript(
  text: string,
  options: AnalysisOptions,
): TranscriptAnalysis | null {
  if (!options.pii && !options.sentiment) return null;
  return {
    pii: options.pii ? detectPII(text, { languages: options.languages }) : [],
    sentiment: options.sentiment ? analyzeSentiment(text).label : 'neutral',
  };
}

/**
 * Masks every PII span for logging, keeping the text's UTF-16 length (each code unit of a
 * span becomes one mask character; a longer mask string is cycled). Spans are clipped to
 * the text; overlapping spans are fine.
 */
export function redactPII(text: string, items: readonly PIIItem[], mask = '█'): string {
  if (items.length === 0 || mask.length === 0) return text;
  const units = text.split('');
  for (const { offset, length } of items) {
    const start = Math.max(0, offset);
    const end = Math.min(units.length, offset + length);
    for (let i = start; i < end; i++) units[i] = mask[(i - start) % mask.length]!;
  }
  return units.join('');
}
