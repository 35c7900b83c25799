import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  readExamples,
  readTrainingExamples,
  FILLERS_PATH,
  TRAIN_PATH,
} from '../dataset/dataset.ts';
import { readFillers } from '../dataset/augment.ts';
import {
  dataFingerprint,
  DEFAULT_INTENT_TRAIN_OPTIONS,
  trainIntentModel,
} from '../training/train.ts';
import { decodeTable, encodeTable } from './codec.ts';
import {
  INTENT_MODEL_SCHEMA_VERSION,
  IntentModel,
  IntentModelError,
  SHIPPED_MODEL_PATH,
} from './intent-model.ts';

const shippedJSON = () => JSON.parse(readFileSync(SHIPPED_MODEL_PATH, 'utf8'));

test('the shipped model loads in well under a second', () => {
  const started = performance.now();
  const model = IntentModel.fromJSON(shippedJSON());
  const ms = performance.now() - started;
  assert.ok(ms < 500, `${ms} ms`);
  assert.ok(model.vocabulary.length > 100);
});

test('the shipped model was trained on the data in the repository', () => {
  // Retrain with `npm run train:intent` after changing the training data or fillers.json.
  const json = shippedJSON();
  assert.equal(json.trained_on.sha256, dataFingerprint());
  assert.equal(json.trained_on.examples, readTrainingExamples().length);
  assert.equal(json.trained_on.seed, DEFAULT_INTENT_TRAIN_OPTIONS.seed);
});

test('a model file of another schema version is refused', () => {
  for (const version of [INTENT_MODEL_SCHEMA_VERSION + 1, 0, undefined, '1']) {
    const json = { ...shippedJSON(), schema_version: version };
    assert.throws(
      () => IntentModel.fromJSON(json),
      (error: unknown) =>
        error instanceof IntentModelError && error.code === 'model_version_unsupported',
    );
  }
  assert.throws(() => IntentModel.fromJSON(null), IntentModelError);
});

test('a model file of other features or a damaged one is refused', () => {
  const refusedAs = (json: unknown, code: string) =>
    assert.throws(
      () => IntentModel.fromJSON(json),
      (error: unknown) => error instanceof IntentModelError && error.code === code,
    );
  const json = shippedJSON();
  refusedAs({ ...json, feature_version: json.feature_version + 1 }, 'model_version_unsupported');
  refusedAs({ ...json, actions: json.actions.slice(1) }, 'model_invalid');
  refusedAs({ ...json, tags: ['O'] }, 'model_invalid');
  refusedAs({ ...json, classifier: { ...json.classifier, bias: [1] } }, 'model_invalid');
  const table = json.tagger.table;
  refusedAs(
    { ...json, tagger: { ...json.tagger, table: { ...table, rows: table.rows + 1 } } },
    'model_invalid',
  );
  refusedAs(
    { ...json, tagger: { ...json.tagger, table: { ...table, weights: 'AAAA' } } },
    'model_invalid',
  );
  const { vocabulary: _dropped, ...withoutVocabulary } = json;
  refusedAs(withoutVocabulary, 'model_invalid');
});

test('a model survives a round trip through its file format', () => {
  const json = shippedJSON();
  assert.deepEqual(IntentModel.fromJSON(json).toJSON(), json);
});

test('weight tables keep their non-zero weights to int16 precision', () => {
  const keys = Uint32Array.from([7, 3, 99]);
  const weights = Float32Array.from([0, 1.5, -2, 0, 0, 0, 0.25, 0, 4]);
  const decoded = decodeTable(encodeTable({ keys, weights, width: 3 }));
  // The all-zero row is dropped.
  assert.deepEqual(Array.from(decoded.keys), [7, 99]);
  const expected = [0, 1.5, -2, 0.25, 0, 4];
  decoded.weights.forEach((w, i) => assert.ok(Math.abs(w - expected[i]!) < 4 / 32767, `${i}`));
});

test('training is deterministic', () => {
  // A small slice keeps this fast; the shipped file is checked against a full retrain in
  // test/intent-model.e2e.test.ts.
  const examples = readExamples(TRAIN_PATH).filter((_, i) => i % 8 === 0);
  const fillers = readFillers(FILLERS_PATH);
  const options = {
    ...DEFAULT_INTENT_TRAIN_OPTIONS,
    augment: { ...DEFAULT_INTENT_TRAIN_OPTIONS.augment, copies: 2, compositions: 20 },
    classifier: { ...DEFAULT_INTENT_TRAIN_OPTIONS.classifier, epochs: 5 },
    tagger: { ...DEFAULT_INTENT_TRAIN_OPTIONS.tagger, epochs: 3 },
    calibrationFolds: 2,
  };
  const a = trainIntentModel(examples, fillers, 'slice', options).model.toJSON();
  const b = trainIntentModel(examples, fillers, 'slice', options).model.toJSON();
  assert.deepEqual(a, b);
  const other = trainIntentModel(examples, fillers, 'slice', { ...options, seed: 2 });
  assert.notDeepEqual(other.model.toJSON().tagger, a.tagger);
});
