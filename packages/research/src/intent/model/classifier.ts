// Multinomial logistic regression over hashed binary features: which action a message means,
// as probabilities. Trained by AdaGrad with an L2 penalty, in a seeded order.
import { seededRandom } from '@hikma/llm';
import { decodeTable, encodeTable, RowIndex, type EncodedTable } from './codec.ts';
import { hash32 } from './hash.ts';

export interface ClassifierTrainOptions {
  epochs: number;
  learningRate: number;
  /** L2 penalty per weight. */
  l2: number;
  /** Features seen in fewer training examples than this are left out of the model. */
  minCount: number;
  /** Weights smaller than this (in absolute value) are dropped after training. */
  prune: number;
  seed: number;
}

export interface ClassifierJSON {
  classes: string[];
  /** Logits are divided by this before the softmax (fitted so probabilities are honest). */
  temperature: number;
  bias: number[];
  table: EncodedTable;
}

export interface LabelledFeatures {
  features: string[];
  /** The class index, or -1 for a message that means none: trained towards uniform. */
  label: number;
}

/** Unique feature hashes of a feature list. */
export function hashAll(features: readonly string[]): number[] {
  return [...new Set(features.map(hash32))];
}

function softmaxInPlace(z: Float64Array, temperature = 1): Float64Array {
  let max = -Infinity;
  for (const v of z) max = Math.max(max, v / temperature);
  let sum = 0;
  for (let c = 0; c < z.length; c++) {
    z[c] = Math.exp(z[c]! / temperature - max);
    sum += z[c]!;
  }
  for (let c = 0; c < z.length; c++) z[c]! /= sum;
  return z;
}

export class SoftmaxClassifier {
  private readonly rows: RowIndex;

  private constructor(
    readonly classes: readonly string[],
    private readonly keys: Uint32Array,
    private readonly weights: Float32Array,
    private readonly bias: Float64Array,
    public temperature: number,
  ) {
    this.rows = new RowIndex({ keys, weights, width: classes.length });
  }

  /** Raw scores of each class. */
  logits(features: readonly string[]): Float64Array {
    const width = this.classes.length;
    const z = Float64Array.from(this.bias);
    for (const h of hashAll(features)) {
      const at = this.rows.get(h);
      if (at < 0) continue;
      for (let c = 0; c < width; c++) z[c]! += this.weights[at + c]!;
    }
    return z;
  }

  /** P(class | features), with the fitted temperature. */
  probabilities(features: readonly string[]): Float64Array {
    return softmaxInPlace(this.logits(features), this.temperature);
  }

  /** How many of the features the model has weights for. */
  known(features: readonly string[]): number {
    return hashAll(features).filter((h) => this.rows.get(h) >= 0).length;
  }

  static train(
    classes: readonly string[],
    data: readonly LabelledFeatures[],
    options: ClassifierTrainOptions,
  ): SoftmaxClassifier {
    const width = classes.length;
    const hashed = data.map((d) => hashAll(d.features));
    const counts = new Map<number, number>();
    for (const hs of hashed) for (const h of hs) counts.set(h, (counts.get(h) ?? 0) + 1);
    const keys = [...counts.keys()].filter((h) => counts.get(h)! >= options.minCount);
    keys.sort((a, b) => a - b);
    const index = new Map(keys.map((h, i) => [h, i * width]));
    const rows = hashed.map((hs) =>
      hs.map((h) => index.get(h)).filter((at): at is number => at !== undefined),
    );

    const w = new Float64Array(keys.length * width);
    const g2 = new Float64Array(keys.length * width);
    const bias = new Float64Array(width);
    const biasG2 = new Float64Array(width);
    const random = seededRandom(options.seed);
    const order = data.map((_, i) => i);
    const z = new Float64Array(width);
    const { learningRate: lr, l2 } = options;
    for (let epoch = 0; epoch < options.epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (const n of order) {
        const active = rows[n]!;
        z.set(bias);
        for (const at of active) for (let c = 0; c < width; c++) z[c]! += w[at + c]!;
        softmaxInPlace(z);
        // Now the gradient of the log loss w.r.t. the logits; an outlier's target is uniform.
        const label = data[n]!.label;
        if (label >= 0) z[label]! -= 1;
        else for (let c = 0; c < width; c++) z[c]! -= 1 / width;
        for (let c = 0; c < width; c++) {
          const g = z[c]!;
          biasG2[c]! += g * g;
          bias[c]! -= (lr * g) / (Math.sqrt(biasG2[c]!) + 1e-8);
        }
        for (const at of active) {
          for (let c = 0; c < width; c++) {
            const g = z[c]! + l2 * w[at + c]!;
            g2[at + c]! += g * g;
            w[at + c]! -= (lr * g) / (Math.sqrt(g2[at + c]!) + 1e-8);
          }
        }
      }
    }
    for (let i = 0; i < w.length; i++) if (Math.abs(w[i]!) < options.prune) w[i] = 0;
    return new SoftmaxClassifier(classes, Uint32Array.from(keys), Float32Array.from(w), bias, 1);
  }

  toJSON(): ClassifierJSON {
    return {
      classes: [...this.classes],
      temperature: this.temperature,
      bias: Array.from(this.bias),
      table: encodeTable({ keys: this.keys, weights: this.weights, width: this.classes.length }),
    };
  }

  static fromJSON(json: ClassifierJSON): SoftmaxClassifier {
    const table = decodeTable(json.table);
    if (table.width !== json.classes.length || json.bias.length !== json.classes.length) {
      throw new Error('classifier weights do not match its classes');
    }
    return new SoftmaxClassifier(
      json.classes,
      table.keys,
      table.weights,
      Float64Array.from(json.bias),
      json.temperature,
    );
  }
}
