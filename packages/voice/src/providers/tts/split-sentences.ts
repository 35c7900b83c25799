import { sentences } from '@hikma/llm';

const CLAUSE_END = /(?<=[,;:،؛])\s+/u;

/**
 * Cuts text into sentences so synthesis can start before the whole reply is rendered. The
 * sentences are the shared splitter's (Unicode boundaries, Arabic `؟` and `۔` included);
 * over-long ones are cut again at clause punctuation and tiny pieces join their neighbour.
 */
export function splitSentences(text: string, maxChars = 250, minChars = 12): string[] {
  const out: string[] = [];
  for (const s of sentences(text)) {
    if (s.length <= maxChars) {
      out.push(s);
      continue;
    }
    let current = '';
    for (const clause of s.split(CLAUSE_END)) {
      if (current !== '' && current.length + clause.length + 1 > maxChars) {
        out.push(current);
        current = clause;
      } else {
        current = current === '' ? clause : `${current} ${clause}`;
      }
    }
    if (current !== '') out.push(current);
  }
  const merged: string[] = [];
  for (const s of out) {
    const last = merged[merged.length - 1];
    if (
      last !== undefined &&
      (last.length < minChars || s.length < minChars) &&
      last.length + s.length < maxChars
    ) {
      merged[merged.length - 1] = `${last} ${s}`;
    } else {
      merged.push(s);
    }
  }
  return merged;
}
