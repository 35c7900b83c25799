import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLevels } from './level-reading.ts';
import { ratingLevel } from './rating.ts';
import { tokenize } from './tokens.ts';

/** The level the whole message gives as a mark on a scale. */
function rated(text: string) {
  const words = tokenize(text).map((t) => t.lower);
  return ratingLevel(words, 0, words.length - 1);
}

test('a mark on a scale reads by its share of the scale', () => {
  assert.equal(rated('strictness 9/10'), 'high');
  assert.equal(rated('risk: 3 / 10'), 'low');
  assert.equal(rated('about 5 out of 10'), 'medium');
  assert.equal(rated('risque 1 sur 5'), 'low');
  assert.equal(rated('pon mi riesgo en 8 de 10'), 'high');
  assert.equal(rated('en una escala del 1 al 10, quiero un 9 de exigencia'), 'high');
  assert.equal(rated('من واحد إلى عشرة، أريد الصرامة ثمانية'), 'high');
  assert.equal(rated('المخاطرة ٣ من ١٠'), 'low');
});

test('a number with no scale, or past its top, is no mark', () => {
  assert.equal(rated('strictness 9'), null);
  assert.equal(rated('write 2 papers'), null);
  assert.equal(rated('12/10 strictness'), null);
  assert.equal(rated('be strict'), null);
});

test('each mark sets the setting named nearest it, whatever else the message says', () => {
  const levels = (text: string) => {
    const words = tokenize(text).map((t) => t.lower);
    return readLevels(
      words,
      words.map(() => false),
    );
  };
  assert.deepEqual(levels('strictness at 8 on a scale of 1 to 10'), {
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('on a scale of 1 to 10 I want risk at 3'), { risk_preference: 'low' });
  assert.deepEqual(levels('risk 2/10 and strictness 9/10'), {
    risk_preference: 'low',
    baseline_strictness: 'high',
  });
  // each step of a five-point scale is a level: 2 is low, 3 medium
  assert.deepEqual(levels('de 1 à 5, je veux une sévérité de 2'), {
    baseline_strictness: 'low',
  });
  assert.deepEqual(levels('strictness level three of five'), { baseline_strictness: 'medium' });
  // a number that is no mark, or a mark with no setting near it, sets nothing
  assert.deepEqual(levels('start a run on the top 10 papers of 2023'), {});
  assert.deepEqual(levels('I give this app 9/10'), {});
});
