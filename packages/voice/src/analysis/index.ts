export { PII_CATEGORIES } from './categories.ts';
export type { PIICategory, PIIItem } from './categories.ts';
export { detectPII } from './pii.ts';
export type { DetectionOptions } from './pii.ts';
export { analyzeSentiment, NEUTRAL_THRESHOLD } from './sentiment.ts';
export type { SentimentLabel, SentimentResult } from './sentiment.ts';
export { analyzeTranscript, redactPII } from './analyze.ts';
export type { AnalysisOptions, TranscriptAnalysis } from './analyze.ts';
export { luhnValid, mod97Valid, ssnValid, saudiIdValid, emiratesIdValid } from './checksums.ts';
