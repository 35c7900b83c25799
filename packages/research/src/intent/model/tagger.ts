// The slot tagger: an averaged structured perceptron over BIO tags with first-order
// transitions, decoded by Viterbi with the BIO constraint (I-x only after B-x or I-x).
import { seededRandom } from '@hikma/llm';
import { decodeTable, encodeTable, RowIndex, type EncodedTable } from './codec.ts';
import { hashAll } from './classifier.ts';
import { isInside } from './tags.ts';

export interface TaggerTrainOptions {
  epochs: number;
  /** Averaged weights smaller than this (in absolute value) are dropped. */
  prune: number;
  seed: number;
}

export interface TaggerJSON {
  tags: number;
  /** (tags + 1) × tags: from the start state (row 0) or a tag (row 1 + t) to a tag. */
  transitions: number[];
  table: EncodedTable;
}

export interface TaggedSequence {
  /** Features of each token. */
  features: string[][];
  tags: number[];
}

/** May `tag` follow `previous` (−1 for the start)? */
function allowed(previous: number, tag: number): boolean {
  if (!isInside(tag)) return true;
  return previous === tag || previous === tag - 1;
}

export class SlotTagger {
  private readonly rows: RowIndex;

  private constructor(
    private readonly tags: number,
    private readonly keys: Uint32Array,
    private readonly weights: Float32Array,
    private readonly transitions: Float64Array,
  ) {
    this.rows = new RowIndex({ keys, weights, width: tags });
  }

  /** The best tag sequence for tokens with these features. */
  decode(features: readonly (readonly string[])[]): number[] {
    return viterbi(
      features.map((f) => hashAll(f)),
      this.tags,
      this.transitions,
      (h, emission) => {
        const at = this.rows.get(h);
        if (at < 0) return;
        for (let t = 0; t < this.tags; t++) emission[t]! += this.weights[at + t]!;
      },
    );
  }

  static train(
    tags: number,
    data: readonly TaggedSequence[],
    options: TaggerTrainOptions,
  ): SlotTagger {
    // Averaged perceptron with the lazy trick: keep w and Σ c·Δ, average = w − Σ c·Δ / c.
    const w = new Map<number, Float64Array>();
    const acc = new Map<number, Float64Array>();
    const trans = new Float64Array((tags + 1) * tags);
    const transAcc = new Float64Array((tags + 1) * tags);
    let c = 1;
    const rowOf = (map: Map<number, Float64Array>, h: number): Float64Array => {
      let row = map.get(h);
      if (!row) map.set(h, (row = new Float64Array(tags)));
      return row;
    };
    const hashed = data.map((d) => d.features.map((f) => hashAll(f)));
    const random = seededRandom(options.seed);
    const order = data.map((_, i) => i);
    for (let epoch = 0; epoch < options.epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (const n of order) {
        const gold = data[n]!.tags;
        const hs = hashed[n]!;
        const guess = viterbi(hs, tags, trans, (h, emission) => {
          const row = w.get(h);
          if (row) for (let t = 0; t < tags; t++) emission[t]! += row[t]!;
        });
        for (let i = 0; i < gold.length; i++) {
          const g = gold[i]!;
          const p = guess[i]!;
          const gPrev = i === 0 ? 0 : gold[i - 1]! + 1;
          const pPrev = i === 0 ? 0 : guess[i - 1]! + 1;
          if (g !== p) {
            for (const h of hs[i]!) {
              rowOf(w, h)[g]! += 1;
              rowOf(w, h)[p]! -= 1;
              rowOf(acc, h)[g]! += c;
              rowOf(acc, h)[p]! -= c;
            }
          }
          if (g !== p || gPrev !== pPrev) {
            trans[gPrev * tags + g]! += 1;
            trans[pPrev * tags + p]! -= 1;
            transAcc[gPrev * tags + g]! += c;
            transAcc[pPrev * tags + p]! -= c;
          }
        }
        c++;
      }
    }
    const keys = [...w.keys()].sort((a, b) => a - b);
    const weights = new Float32Array(keys.length * tags);
    keys.forEach((h, i) => {
      const row = w.get(h)!;
      const sum = acc.get(h)!;
      for (let t = 0; t < tags; t++) {
        const v = row[t]! - sum[t]! / c;
        weights[i * tags + t] = Math.abs(v) < options.prune ? 0 : v;
      }
    });
    const transitions = trans.map((v, i) => v - transAcc[i]! / c);
    // Drop rows left at zero: they change no score.
    const kept = keys.flatMap((h, i) =>
      weights.subarray(i * tags, (i + 1) * tags).some((v) => v !== 0) ? [i] : [],
    );
    const keptWeights = new Float32Array(kept.length * tags);
    kept.forEach((i, k) => keptWeights.set(weights.subarray(i * tags, (i + 1) * tags), k * tags));
    return new SlotTagger(
      tags,
      Uint32Array.from(kept.map((i) => keys[i]!)),
      keptWeights,
      transitions,
    );
  }

  toJSON(): TaggerJSON {
    return {
      tags: this.tags,
      transitions: Array.from(this.transitions, (v) => Math.round(v * 1e4) / 1e4),
      table: encodeTable({ keys: this.keys, weights: this.weights, width: this.tags }),
    };
  }

  static fromJSON(json: TaggerJSON): SlotTagger {
    const table = decodeTable(json.table);
    if (table.width !== json.tags || json.transitions.length !== (json.tags + 1) * json.tags) {
      throw new Error('tagger weights do not match its tag count');
    }
    return new SlotTagger(
      json.tags,
      table.keys,
      table.weights,
      Float64Array.from(json.transitions),
    );
  }
}

function viterbi(
  hashed: readonly number[][],
  tags: number,
  transitions: Float64Array,
  /** Adds the weights of one feature hash to the emission scores of each tag. */
  addWeights: (hash: number, emission: Float64Array) => void,
): number[] {
  const n = hashed.length;
  if (n === 0) return [];
  const score = new Float64Array(n * tags);
  const back = new Int32Array(n * tags);
  const emission = new Float64Array(tags);
  for (let i = 0; i < n; i++) {
    emission.fill(0);
    for (const h of hashed[i]!) addWeights(h, emission);
    for (let t = 0; t < tags; t++) {
      let best = -Infinity;
      let arg = 0;
      if (i === 0) {
        if (allowed(-1, t)) best = transitions[t]!;
      } else {
        for (let p = 0; p < tags; p++) {
          if (!allowed(p, t)) continue;
          const s = score[(i - 1) * tags + p]! + transitions[(p + 1) * tags + t]!;
          if (s > best) {
            best = s;
            arg = p;
          }
        }
      }
      score[i * tags + t] = best + emission[t]!;
      back[i * tags + t] = arg;
    }
  }
  let last = 0;
  for (let t = 1; t < tags; t++) {
    if (score[(n - 1) * tags + t]! > score[(n - 1) * tags + last]!) last = t;
  }
  const out = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    out[i] = last;
    last = back[i * tags + last]!;
  }
  return out;
}
