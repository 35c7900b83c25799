/** 32-bit FNV-1a of a string's UTF-16 code units, finished with MurmurHash3's avalanche. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
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
