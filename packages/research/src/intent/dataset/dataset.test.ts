import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectedSlots, EVAL_SLOTS } from '../training/evaluate.ts';
import { INTENT_ACTIONS } from '../schema.ts';
import {
  HELDOUT_FRESH_PATH,
  HELDOUT_PATH,
  HELDOUT_SETS,
  HELDOUT_STYLES_PATH,
  parseExamples,
  readExamples,
  readNonsense,
  readTrainingExamples,
  TRAIN_PATH,
  WRITTEN_SETS,
} from './dataset.ts';

const train = readExamples(TRAIN_PATH);
const heldout = readExamples(HELDOUT_PATH);
const styles = readExamples(HELDOUT_STYLES_PATH);
const fresh = readExamples(HELDOUT_FRESH_PATH);
/** Every set written apart from train.jsonl, in the order they were written. */
const writtenSets = WRITTEN_SETS.map((set) => ({
  path: set.path,
  examples: readExamples(set.path),
}));

test('at least 400 phrasings, at least 20 % of them held out from training', () => {
  const trained = readTrainingExamples().length;
  const held = HELDOUT_SETS.map((set) => readExamples(set.path).length).reduce((a, b) => a + b);
  assert.equal(trained + held, train.length + writtenSets.flatMap((s) => s.examples).length);
  assert.ok(trained + held >= 400);
  assert.ok(held / (trained + held) >= 0.2);
  // every test set is held out
  assert.ok(WRITTEN_SETS.every((set) => !set.test || !set.trained));
});

test('both sets cover all twelve actions', () => {
  for (const set of [train, heldout, styles]) {
    const actions = new Set(set.map((e) => e.action));
    for (const action of INTENT_ACTIONS) assert.ok(actions.has(action), action);
  }
});

test('no phrasing written apart is in the training set or in an earlier set', () => {
  const key = (text: string) => text.toLowerCase().trim();
  // The fresh set's author saw no other set, and a few of its short phrasings ("status?") are
  // in the training set too; the sets written after it are checked against it.
  const sets = [
    { path: TRAIN_PATH, examples: train },
    ...writtenSets.filter((set) => set.path !== HELDOUT_FRESH_PATH),
  ];
  const earlier = new Set<string>();
  for (const { path, examples } of sets) {
    assert.deepEqual(
      examples.filter((e) => earlier.has(key(e.text))).map((e) => e.text),
      [],
      path,
    );
    for (const e of examples) earlier.add(key(e.text));
    if (path === HELDOUT_STYLES_PATH) for (const e of fresh) earlier.add(key(e.text));
  }
});

test('the second held-out set: 250 phrasings or more, 30 or more for every slot scored', () => {
  assert.ok(styles.length >= 250);
  for (const action of INTENT_ACTIONS)
    assert.ok(
      styles.some((e) => e.action === action),
      action,
    );
  for (const slot of EVAL_SLOTS) {
    const n = styles.filter((e) => expectedSlots(e)[slot] !== undefined).length;
    assert.ok(n >= 30, `${slot}: ${n}`);
  }
});

test('the nonsense messages read', () => {
  const nonsense = readNonsense();
  assert.ok(nonsense.length >= 30);
});

test('greetings and introductions in Arabic, French and Spanish; messages with two slots', () => {
  for (const set of [train, heldout, styles]) {
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
