import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLevel, readLevels } from './lexicon.ts';

test('a span reads as low, medium or high', () => {
  assert.equal(readLevel('bold, risky'), 'high');
  assert.equal(readLevel('quite cautious'), 'low');
  assert.equal(readLevel('LOW'), 'low');
  assert.equal(readLevel('moderately strict'), 'medium');
  assert.equal(readLevel("don't need to be very strict"), 'low');
  assert.equal(readLevel('somewhere in the middle'), 'medium');
  assert.equal(readLevel('purple'), null);
});

function levels(text: string, skip: boolean[] = []) {
  return readLevels(text.toLowerCase().split(' '), skip);
}

test('a bare level goes to the setting named nearest to it', () => {
  assert.deepEqual(levels('domain neuroscience , risk low , strictness high'), {
    risk_preference: 'low',
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('set baseline strictness to low'), { baseline_strictness: 'low' });
  assert.deepEqual(levels('i want high-risk , high-reward ideas'), { risk_preference: 'high' });
  // "high" with neither setting named says nothing.
  assert.deepEqual(levels('my domain is high energy physics'), {});
});

test('risk and strictness words set their own setting, negations flip them', () => {
  assert.deepEqual(levels("keep things safe , i don't like risky projects"), {
    risk_preference: 'low',
  });
  assert.deepEqual(levels('i want rigorous , demanding baselines'), {
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('go easy on baseline strictness'), { baseline_strictness: 'low' });
});

test('words inside other slots are not read', () => {
  const words = 'start a run on high risk pregnancies';
  const skip = [false, false, false, false, true, true, true];
  assert.deepEqual(levels(words, skip), {});
  assert.deepEqual(levels(words), { risk_preference: 'high' });
});
