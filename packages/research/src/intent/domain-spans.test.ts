import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settleDomains } from './domain-spans.ts';
import { TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

/** The domain spans after settling, from a message whose field words are marked [like this]. */
function settled(marked: string): string[] {
  const tokens = tokenize(marked.replace(/[[\]]/g, ' '));
  // Tag each bracketed stretch as one domain span, as the tagger would.
  const tags: number[] = [];
  let inside = false;
  let first = false;
  for (const part of marked.split(/(\[|\])/)) {
    if (part === '[') [inside, first] = [true, true];
    else if (part === ']') inside = false;
    else
      for (const _ of tokenize(part)) {
        tags.push(inside ? TAGS.indexOf(first ? 'B-domain' : 'I-domain') : 0);
        first = false;
      }
  }
  assert.equal(tags.length, tokens.length);
  const out = settleDomains(tokens, tags);
  const spans: string[] = [];
  out.forEach((tag, i) => {
    if (tag === TAGS.indexOf('B-domain')) spans.push(tokens[i]!.raw);
    else if (tag === TAGS.indexOf('I-domain')) spans[spans.length - 1] += ` ${tokens[i]!.raw}`;
  });
  return spans;
}

test('a field in two pieces joined by "of", "and" or "&" is one field', () => {
  assert.deepEqual(settled('I work on the [psychology] of [music]'), ['psychology of music']);
  assert.deepEqual(settled('I do [ecology] and [evolution]'), ['ecology and evolution']);
  // Pieces further apart stay apart.
  assert.deepEqual(settled('[ecology] , and I like [music]'), ['ecology', 'music']);
});

test('a field after "now" or "these days" replaces the one before it', () => {
  assert.deepEqual(settled("my field was [economics] , now it's [public finance]"), [
    'public finance',
  ]);
  assert.deepEqual(
    settled('I did my PhD in [zoology] but these days I work in [animal welfare science]'),
    ['animal welfare science'],
  );
  assert.deepEqual(settled('I mix [statistics] with [sociology]'), ['statistics', 'sociology']);
});

test('an article before a field is not part of it', () => {
  assert.deepEqual(settled('my area is [the history] and [philosophy of science]'), [
    'history and philosophy of science',
  ]);
  assert.deepEqual(settled('[the humanities]'), ['humanities']);
});
