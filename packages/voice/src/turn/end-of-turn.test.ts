import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  DEFAULT_END_OF_TURN_MODEL,
  END_OF_TURN_SCHEMA_VERSION,
  EndOfTurnModel,
  EndOfTurnModelError,
  NO_EVIDENCE_PROBABILITY,
  type EndOfTurnModelFile,
} from './end-of-turn.ts';
import { normalizeTranscript } from './normalize.ts';
import { buildDataset } from './training/build-dataset.ts';
import { trainEndOfTurnModel } from './training/train.ts';

const shipped = (): EndOfTurnModelFile =>
  JSON.parse(readFileSync(DEFAULT_END_OF_TURN_MODEL, 'utf8')) as EndOfTurnModelFile;

test('the shipped model loads in well under a second', () => {
  const started = performance.now();
  EndOfTurnModel.fromJSON(shipped());
  assert.ok(performance.now() - started < 500);
  assert.equal(EndOfTurnModel.load(), EndOfTurnModel.load(), 'loaded once per process');
});

test('a model file of another schema version, feature set or shape is refused', () => {
  const refuse = (file: unknown, code: string): void => {
    assert.throws(
      () => EndOfTurnModel.fromJSON(file),
      (e: unknown) => e instanceof EndOfTurnModelError && e.code === code,
    );
  };
  refuse({ ...shipped(), version: END_OF_TURN_SCHEMA_VERSION + 1 }, 'unsupported_version');
  refuse({ ...shipped(), version: undefined }, 'unsupported_version');
  refuse({ ...shipped(), schema: 'something-else' }, 'invalid_model');
  refuse({ ...shipped(), features: 'eot-features/0' }, 'invalid_model');
  refuse({ ...shipped(), rows: shipped().rows + 1 }, 'invalid_model');
  refuse(null, 'invalid_model');
});

const model = EndOfTurnModel.load();

test('complete requests read as finished', () => {
  for (const text of [
    'what time is it',
    'turn off the lights',
    'set a timer for ten minutes',
    'call my mother',
    "i'd like to book a table for four people on friday",
    'add milk eggs and bread',
    'yes',
    'thank you',
    'no thanks',
  ]) {
    assert.ok(model.probabilityFinished(text) > 0.5, `${text}: ${model.probabilityFinished(text)}`);
  }
});

test('cut requests, trailing function words and fillers read as not finished', () => {
  for (const text of [
    "i'd like to book a table for",
    "what's the weather in",
    'um so',
    'can you',
    'milk eggs and',
    'set a timer for',
    'remind me to',
    'turn off the',
    'so',
    'call um',
    'turn off the lights and',
  ]) {
    assert.ok(model.probabilityFinished(text) < 0.5, `${text}: ${model.probabilityFinished(text)}`);
  }
});

test('vendor punctuation, capitals and digits read like PocketSphinx text', () => {
  assert.deepEqual(normalizeTranscript('Set a timer for 10 minutes.'), [
    'set',
    'a',
    'timer',
    'for',
    'ten',
    'minutes',
  ]);
  assert.deepEqual(normalizeTranscript('Wake me at 6:30am, please!'), [
    'wake',
    'me',
    'at',
    'six',
    'thirty',
    'am',
    'please',
  ]);
  assert.equal(
    model.probabilityFinished("What's the weather in Paris?"),
    model.probabilityFinished("what's the weather in paris"),
  );
  assert.equal(
    model.probabilityFinished('Add milk, eggs, and'),
    model.probabilityFinished('add milk eggs and'),
  );
});

test('no English words: no evidence either way', () => {
  assert.equal(model.probabilityFinished(''), NO_EVIDENCE_PROBABILITY);
  assert.equal(model.probabilityFinished('  ... '), NO_EVIDENCE_PROBABILITY);
  assert.equal(model.probabilityFinished('ما حالة الطقس'), NO_EVIDENCE_PROBABILITY);
});

test('a decision takes well under 5 ms', () => {
  const texts = ['set a timer for', "what's the weather like in san francisco tomorrow", 'um'];
  const times: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const t = performance.now();
    model.probabilityFinished(texts[i % texts.length]!);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  assert.ok(times[Math.floor(times.length * 0.99)]! < 5, `p99 ${times[2970]} ms`);
});

test('the shipped model was trained on the shipped sentences, and retraining reproduces it', () => {
  const file = shipped();
  assert.equal(
    file.training.sourceSha256,
    buildDataset().sourceSha256,
    'the training sentences changed since the model was trained: run npm run train:end-of-turn',
  );
  const again = trainEndOfTurnModel();
  assert.equal(again.rows, file.rows);
  assert.equal(again.keys, file.keys);
  // Weights may differ by a rounding step if Math.exp differs in its last bit on another build.
  const a = new Int16Array(new Uint8Array(Buffer.from(again.weights, 'base64')).buffer);
  const b = new Int16Array(new Uint8Array(Buffer.from(file.weights, 'base64')).buffer);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  assert.ok(worst <= 1, `weights differ by up to ${worst} steps`);
  assert.ok(Math.abs(again.scale - file.scale) / file.scale < 1e-9);
});
