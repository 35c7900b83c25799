// The shipped intent model is what the training script makes of the data in the repository:
// retrained here from scratch (two to four minutes), it must come out the same, weight for
// weight.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SHIPPED_MODEL_PATH } from '../src/intent/model/intent-model.ts';
import { trainShippedModel } from '../src/intent/training/train.ts';

test('retraining on the repository data reproduces the shipped model file', () => {
  const shipped = JSON.parse(readFileSync(SHIPPED_MODEL_PATH, 'utf8'));
  const { model } = trainShippedModel();
  // Through JSON, as the training script writes it.
  assert.deepEqual(JSON.parse(JSON.stringify(model.toJSON())), shipped);
});
