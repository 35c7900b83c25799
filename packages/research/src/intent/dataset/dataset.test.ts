import { test } from 'node:test';
import assert from 'node:assert/strict';
import { INTENT_ACTIONS } from '../schema.ts';
import { HELDOUT_PATH, parseExamples, readExamples, TRAIN_PATH } from './dataset.ts';

const train = readExamples(TRAIN_PATH);
const heldout = readExamples(HELDOUT_PATH);

test('at least 400 phrasings, at least 20 % of them held out', () => {
  assert.ok(train.length + heldout.length >= 400);
  assert.ok(heldout.length / (train.length + heldout.length) >= 0.2);
});

test('both sets cover all twelve actions', () => {
  for (const set of [train, heldout]) {
    const actions = new Set(set.map((e) => e.action));
    for (const action of INTENT_ACTIONS) assert.ok(actions.has(action), action);
  }
});

test('no held-out phrasing is in the training set', () => {
  const seen = new Set(train.map((e) => e.text.toLowerCase().trim()));
  assert.deepEqual(
    heldout.filter((e) => seen.has(e.text.toLowerCase().trim())).map((e) => e.text),
    [],
  );
});

test('greetings and introductions in Arabic, French and Spanish; messages with two slots', () => {
  for (const set of [train, heldout]) {
    assert.ok(set.some((e) => /\p{Script=Arabic}/u.test(e.text) && e.action === 'create_user'));
    assert.ok(set.some((e) => /\b(?:bonjour|salut|je suis|je m'appelle)\b/i.test(e.text)));
    assert.ok(set.some((e) => /\b(?:hola|buenos|buenas|me llamo|soy)\b/i.test(e.text)));
    assert.ok(set.some((e) => e.action === 'create_user' && e.slots?.name && e.slots.domain));
    assert.ok(set.some((e) => e.action === 'start_run' && e.slots?.topic && e.slots.domain));
  }
});

test('a bad line is refused with its number', () => {
  assert.throws(
    () => parseExamples('{"text":"hi","session":"anon","action":"chitchat"}\n{"text":"x"}'),
    /examples:2/,
  );
  assert.throws(
    () =>
      parseExamples(
        '{"text":"I am bob","session":"anon","action":"create_user","slots":{"name":"alice"}}',
      ),
    /token boundaries/,
  );
  assert.throws(
    () =>
      parseExamples(
        '{"text":"risk high","session":"ready","action":"update_profile","slots":{"risk_preference":"high"}}',
      ),
    /level/,
  );
});
