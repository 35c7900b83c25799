/** 32-bit FNV-1a of a string's UTF-16 code units, finished with MurmurHash3's avalanche. */
export function hash32(text: string): number {
  return hash32Range(text, 0, text.length);
}

/** {@link hash32} of text[start, end), without cutting the substring out (a word list's lines). */
export function hash32Range(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The row of a feature in a table of `2^bits` rows. */
export function bucket(feature: string, bits: number): number {
  return hash32(feature) >>> (32 - bits);
}
