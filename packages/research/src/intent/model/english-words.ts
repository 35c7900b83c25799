// Is a word English? The `word-list` package's ~274,000 lower-case English words, held as a
// sorted array of 32-bit hashes (about 1 MiB, read in tens of milliseconds) rather than a Set
// of strings (about 30 MiB). A name ("eli", "noor") or a French or Spanish word is mostly not
// in it; "bored", "tired" and "biostatistician" are. One word in ~15,000 that is not English
// passes for English by hash collision, which a feature can afford.
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { hash32, hash32Range } from './hash.ts';

let hashes: Uint32Array | undefined;

/** Reads the word list (once; later calls are free). */
export function loadEnglishWords(): Uint32Array {
  if (hashes) return hashes;
  const text = readFileSync(wordListPath, 'utf8');
  const out: number[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text.charCodeAt(i) !== 10) continue;
    if (i > start) out.push(hash32Range(text, start, i));
    start = i + 1;
  }
  hashes = Uint32Array.from(out).sort();
  return hashes;
}

/** True when the lower-case word is in the English word list. */
export function isEnglishWord(word: string): boolean {
  const table = loadEnglishWords();
  const h = hash32(word);
  let lo = 0;
  let hi = table.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = table[mid]!;
    if (v === h) return true;
    if (v < h) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
