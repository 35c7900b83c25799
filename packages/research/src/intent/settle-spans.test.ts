import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settleDomains, settleTopic } from './settle-spans.ts';
import { TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

/** The spans of `slot` after settling, from a message whose span words are marked [like this]. */
function settled(marked: string, slot: 'domain' | 'topic' = 'domain'): string[] {
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
        tags.push(inside ? TAGS.indexOf(first ? `B-${slot}` : `I-${slot}`) : 0);
        first = false;
      }
  }
  assert.equal(tags.length, tokens.length);
  const out = slot === 'domain' ? settleDomains(tokens, tags) : settleTopic(tokens, tags);
  const spans: string[] = [];
  out.forEach((tag, i) => {
    if (tag === TAGS.indexOf(`B-${slot}`)) spans.push(tokens[i]!.raw);
    else if (tag === TAGS.indexOf(`I-${slot}`)) spans[spans.length - 1] += ` ${tokens[i]!.raw}`;
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

test('a topic takes in a question word before it and a last word the tagger left out', () => {
  assert.deepEqual(settled('could you research how [noise affects sleep]?', 'topic'), [
    'how noise affects sleep',
  ]);
  assert.deepEqual(settled('investigate if [caffeine affects short term] memory', 'topic'), [
    'caffeine affects short term memory',
  ]);
  assert.deepEqual(
    settled('a paper on [wearable sensors for gait] analysis, field: bioengineering', 'topic'),
    ['wearable sensors for gait analysis'],
  );
  // "whether" is not part of it; neither is a word that ends the request, or two words.
  assert.deepEqual(settled('investigate whether [fasting helps]', 'topic'), ['fasting helps']);
  assert.deepEqual(settled('research [soil erosion] for me', 'topic'), ['soil erosion']);
  assert.deepEqual(settled('research [soil erosion] please', 'topic'), ['soil erosion']);
  assert.deepEqual(settled('research [soil erosion] in detail', 'topic'), ['soil erosion']);
});
