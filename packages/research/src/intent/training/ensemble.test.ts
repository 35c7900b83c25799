import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFillers } from '../dataset/augment.ts';
import { FILLERS_PATH, readExamples, TRAIN_PATH } from '../dataset/dataset.ts';
import { decodeTable } from '../model/codec.ts';
import { averageModels } from './ensemble.ts';
import { DEFAULT_INTENT_TRAIN_OPTIONS, trainIntentModel } from './train.ts';

test('averaged models hold the mean of each weight, a feature one run lacks counting as zero', () => {
  const examples = readExamples(TRAIN_PATH).filter((_, i) => i % 10 === 0);
  const fillers = readFillers(FILLERS_PATH);
  const options = {
    ...DEFAULT_INTENT_TRAIN_OPTIONS,
    augment: { ...DEFAULT_INTENT_TRAIN_OPTIONS.augment, compositions: 10 },
    classifier: { ...DEFAULT_INTENT_TRAIN_OPTIONS.classifier, epochs: 3 },
    tagger: { ...DEFAULT_INTENT_TRAIN_OPTIONS.tagger, epochs: 2 },
    calibrationFolds: 0,
    runs: 1,
  };
  const [a, b] = [1, 2].map(
    (seed) => trainIntentModel(examples, fillers, 'x', { ...options, seed }).model,
  );
  const mean = averageModels([a!, b!]).toJSON();
  const tables = [a!, b!].map((m) => decodeTable(m.toJSON().tagger.table));
  const averaged = decodeTable(mean.tagger.table);
  const row = (t: ReturnType<typeof decodeTable>, key: number) => {
    const i = t.keys.indexOf(key);
    return i < 0
      ? new Array<number>(t.width).fill(0)
      : Array.from(t.weights.slice(i * t.width, (i + 1) * t.width));
  };
  for (const key of averaged.keys.slice(0, 200)) {
    const expected = row(tables[0]!, key).map((w, c) => (w + row(tables[1]!, key)[c]!) / 2);
    row(averaged, key).forEach((w, c) =>
      assert.ok(Math.abs(w - expected[c]!) < 1e-3, `${key}/${c}`),
    );
  }
  // Every feature of either run is kept.
  const keys = new Set([...tables[0]!.keys, ...tables[1]!.keys]);
  assert.ok(averaged.keys.length >= keys.size - 5);
  assert.equal(mean.classifier.temperature, a!.toJSON().classifier.temperature);
});
