/** Lower-case words without punctuation, for scoring recognition. */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
}

/** Word-level edit distance between a reference and a hypothesis, and the reference length. */
export function wordErrors(
  reference: string,
  hypothesis: string,
): { errors: number; words: number } {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const sub = (prev[j - 1] as number) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      row.push(Math.min(sub, (prev[j] as number) + 1, (row[j - 1] as number) + 1));
    }
    prev = row;
  }
  return { errors: prev[hyp.length] as number, words: ref.length };
}

/** Word error rate: (substitutions + deletions + insertions) / reference words. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const { errors, words } = wordErrors(reference, hypothesis);
  return words === 0 ? (errors === 0 ? 0 : 1) : errors / words;
}
