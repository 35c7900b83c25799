import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clausesOfOthers, clausesOfThePast, talksOfOthers } from './talk-of-others.ts';
import { tokenize } from './model/tokens.ts';

test('telling how someone else is, asking nothing, is small talk', () => {
  const others = (text: string) => talksOfOthers(tokenize(text));
  assert.equal(others('my advisor is super strict about baselines, it drives me nuts'), true);
  assert.equal(others('mi directora de tesis es súper estricta, jaja'), true);
  assert.equal(others('المشرف تبعي كتير صارم، تعبت منه'), true);
  assert.equal(others('a gentle touch please, my advisor is harsh enough'), false);
  assert.equal(others("I'm a postdoc and my supervisor is strict"), false);
  assert.equal(others('be strict like my advisor'), false);
  const tokens = tokenize('a gentle touch please, my advisor is harsh enough');
  const marked = clausesOfOthers(tokens);
  assert.deepEqual(
    tokens.filter((_, i) => marked[i]).map((t) => t.raw),
    ['my', 'advisor', 'is', 'harsh', 'enough'],
  );
});

test('a clause that tells how a past run was, asking nothing, is marked', () => {
  const past = (text: string) => {
    const tokens = tokenize(text);
    const marked = clausesOfThePast(tokens);
    return tokens
      .filter((_, i) => marked[i])
      .map((t) => t.raw)
      .join(' ');
  };
  assert.equal(
    past('can the reviewer be a bit more gentle? last run was brutal'),
    'last run was brutal',
  );
  assert.equal(
    past('play it safer, those ideas were way out there'),
    'those ideas were way out there',
  );
  assert.equal(past('be stricter than you were'), '');
  assert.equal(past('make it bolder'), '');
});
