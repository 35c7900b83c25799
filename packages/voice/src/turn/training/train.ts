// Trains the end-of-turn model: logistic regression over hashed features, AdaGrad, seeded
// shuffles, classes weighted to balance. Deterministic: the same data and options give the
// same file. Run with `npm run train:end-of-turn` (writes ../end-of-turn-en.json).

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { featureRows, FEATURE_SET } from '../features.ts';
import { normalizeTranscript } from '../normalize.ts';
import {
  DEFAULT_END_OF_TURN_MODEL,
  END_OF_TURN_SCHEMA,
  END_OF_TURN_SCHEMA_VERSION,
  type EndOfTurnModelFile,
} from '../end-of-turn.ts';
import { buildDataset, seededRandom, type Example } from './build-dataset.ts';

export interface TrainOptions {
  seed: number;
  epochs: number;
  learningRate: number;
  l2: number;
  bits: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  seed: 19,
  epochs: 12,
  learningRate: 0.3,
  l2: 1e-4,
  bits: 18,
};

/** Fits the weights; returns the full (dense) weight table. */
export function fit(examples: readonly Example[], options: TrainOptions): Float64Array {
  const rows = examples.map((e) => featureRows(normalizeTranscript(e.text), options.bits));
  const labels = examples.map((e) => (e.finished ? 1 : 0));
  let negatives = 0;
  let positives = 0;
  for (const e of examples) {
    if (e.finished) positives += e.weight ?? 1;
    else negatives += e.weight ?? 1;
  }
  const total = negatives + positives;
  // Each class carries half the total weight, so 0.5 means "as likely one as the other".
  const classWeight = [
    total / (2 * Math.max(1e-9, negatives)),
    total / (2 * Math.max(1e-9, positives)),
  ];
  const w = new Float64Array(2 ** options.bits);
  const g2 = new Float64Array(2 ** options.bits);
  const order = examples.map((_, i) => i);
  const rand = seededRandom(options.seed);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const i of order) {
      const r = rows[i]!;
      let z = 0;
      for (const k of r) z += w[k]!;
      const p = 1 / (1 + Math.exp(-z));
      const y = labels[i]!;
      const g = (p - y) * classWeight[y]! * (examples[i]!.weight ?? 1);
      for (const k of r) {
        const grad = g + options.l2 * w[k]!;
        g2[k] = g2[k]! + grad * grad;
        w[k] = w[k]! - (options.learningRate * grad) / (Math.sqrt(g2[k]!) + 1e-8);
      }
    }
  }
  return w;
}

/** Quantises a dense table into the model file's sparse int16 form. */
export function encodeModel(
  w: Float64Array,
  options: TrainOptions,
  meta: { sourceSha256: string; examples: number },
): EndOfTurnModelFile {
  let max = 0;
  for (const v of w) max = Math.max(max, Math.abs(v));
  const scale = max > 0 ? max / 32767 : 1;
  const keys: number[] = [];
  const weights: number[] = [];
  w.forEach((v, k) => {
    const q = Math.round(v / scale);
    if (q !== 0) {
      keys.push(k);
      weights.push(q);
    }
  });
  return {
    schema: END_OF_TURN_SCHEMA,
    version: END_OF_TURN_SCHEMA_VERSION,
    language: 'en',
    features: FEATURE_SET,
    bits: options.bits,
    rows: keys.length,
    scale,
    keys: Buffer.from(new Uint32Array(keys).buffer).toString('base64'),
    weights: Buffer.from(new Int16Array(weights).buffer).toString('base64'),
    training: {
      sourceSha256: meta.sourceSha256,
      examples: meta.examples,
      seed: options.seed,
      epochs: options.epochs,
      learningRate: options.learningRate,
      l2: options.l2,
    },
  };
}

/** Builds the data set from the shipped sentences and trains the model file on it. */
export function trainEndOfTurnModel(
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
): EndOfTurnModelFile {
  const dataset = buildDataset({ seed: options.seed });
  const w = fit(dataset.examples, options);
  return encodeModel(w, options, {
    sourceSha256: dataset.sourceSha256,
    examples: dataset.examples.length,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const file = trainEndOfTurnModel();
  const json = `${JSON.stringify(file, null, 2)}\n`;
  writeFileSync(DEFAULT_END_OF_TURN_MODEL, json);
  console.log(
    `trained on ${file.training.examples} examples in ${Math.round(performance.now() - started)} ms: ` +
      `${file.rows} weights, ${(json.length / 1024).toFixed(0)} KB → ${fileURLToPath(DEFAULT_END_OF_TURN_MODEL)}`,
  );
}
