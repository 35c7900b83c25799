// Weight tables in the model file, kept small: feature hashes as base64 little-endian uint32;
// for each row a bit mask of its non-zero columns; the non-zero weights as int16 against one
// scale per table. Weights too small to matter (below 1/32767 of the largest) are dropped.

/** A table of feature rows: `keys[i]` is a feature hash, its row is `width` weights. */
export interface WeightTable {
  keys: Uint32Array;
  weights: Float32Array;
  width: number;
}

export interface EncodedTable {
  width: number;
  rows: number;
  /** Non-zero weights stored. */
  stored: number;
  /** Multiply an int16 weight by this to get the weight. */
  scale: number;
  keys: string;
  masks: string;
  weights: string;
}

function toBase64(view: ArrayBufferView): string {
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString('base64');
}

function fromBase64(text: string): ArrayBuffer {
  const buffer = Buffer.from(text, 'base64');
  // A fresh buffer, aligned for typed views of any width.
  return new Uint8Array(buffer).buffer;
}

export function encodeTable(table: WeightTable): EncodedTable {
  if (table.width > 32) throw new Error('a row mask holds at most 32 columns');
  let max = 0;
  for (const w of table.weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 32767 : 1;
  const keys: number[] = [];
  const masks: number[] = [];
  const values: number[] = [];
  table.keys.forEach((key, row) => {
    let mask = 0;
    const rowValues: number[] = [];
    for (let c = 0; c < table.width; c++) {
      const q = Math.round(table.weights[row * table.width + c]! / scale);
      if (q === 0) continue;
      mask |= 1 << c;
      rowValues.push(q);
    }
    if (mask === 0) return;
    keys.push(key);
    masks.push(mask >>> 0);
    values.push(...rowValues);
  });
  return {
    width: table.width,
    rows: keys.length,
    stored: values.length,
    scale,
    keys: toBase64(Uint32Array.from(keys)),
    masks: toBase64(Uint32Array.from(masks)),
    weights: toBase64(Int16Array.from(values)),
  };
}

function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/** Decodes a table; throws when its arrays do not match its declared shape. */
export function decodeTable(encoded: EncodedTable): WeightTable {
  const keys = new Uint32Array(fromBase64(encoded.keys));
  const masks = new Uint32Array(fromBase64(encoded.masks));
  const values = new Int16Array(fromBase64(encoded.weights));
  if (keys.length !== encoded.rows || masks.length !== encoded.rows) {
    throw new Error('keys or masks do not match the row count');
  }
  let stored = 0;
  for (const mask of masks) stored += popcount(mask);
  if (stored !== encoded.stored || values.length !== stored) {
    throw new Error('weights do not match the row masks');
  }
  if (encoded.width > 32 || masks.some((m) => m >>> encoded.width !== 0)) {
    throw new Error('a row mask names a column past the width');
  }
  const weights = new Float32Array(encoded.rows * encoded.width);
  let at = 0;
  masks.forEach((mask, row) => {
    for (let c = 0; c < encoded.width; c++) {
      if (mask & (1 << c)) weights[row * encoded.width + c] = values[at++]! * encoded.scale;
    }
  });
  return { keys, weights, width: encoded.width };
}

/**
 * Row lookup: feature hash → offset of its row in `weights`, or -1. Every token of every
 * message looks up about sixty features here, so it is an open-addressing table in typed
 * arrays (linear probing, at most half full) rather than a Map: the keys are hashes already,
 * and their low bits place them.
 */
export class RowIndex {
  private readonly keys: Uint32Array;
  /** Row offset + 1 at each slot; 0 is an empty slot. */
  private readonly rows: Int32Array;
  private readonly mask: number;

  constructor(table: WeightTable) {
    let size = 8;
    while (size < table.keys.length * 2) size *= 2;
    this.keys = new Uint32Array(size);
    this.rows = new Int32Array(size);
    this.mask = size - 1;
    table.keys.forEach((key, i) => {
      let at = key & this.mask;
      while (this.rows[at] !== 0 && this.keys[at] !== key) at = (at + 1) & this.mask;
      this.keys[at] = key;
      this.rows[at] = i * table.width + 1;
    });
  }

  /** The offset of the row of `key` in the table's weights, or -1. */
  get(key: number): number {
    let at = key & this.mask;
    for (;;) {
      const row = this.rows[at]!;
      if (row === 0) return -1;
      if (this.keys[at] === key) return row - 1;
      at = (at + 1) & this.mask;
    }
  }
}
