import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldMovedTo } from './field-moves.ts';
import { spanRuns, TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

/** The fields after `fieldMovedTo`, from a message whose tagged fields are given. */
function fields(text: string, ...tagged: string[]): string[] {
  const tokens = tokenize(text);
  const tags = tokens.map(() => 0);
  for (const words of tagged) {
    const parts = tokenize(words).map((t) => t.raw);
    const at = tokens.findIndex((_, i) => parts.every((p, k) => tokens[i + k]?.raw === p));
    parts.forEach((_, k) => (tags[at + k] = TAGS.indexOf(`${k === 0 ? 'B' : 'I'}-domain`)));
  }
  return spanRuns(fieldMovedTo(tokens, tags))
    .filter((run) => run.slot === 'domain')
    .map((run) =>
      tokens
        .slice(run.first, run.last + 1)
        .map((t) => t.raw)
        .join(' '),
    );
}

test('the field moved to replaces the one moved from, in the languages that say it around both', () => {
  assert.deepEqual(
    fields('Sono passato dalla fisica teorica alla biofisica', 'fisica teorica alla biofisica'),
    ['biofisica'],
  );
  assert.deepEqual(
    fields(
      'Bin von der Hydrologie in die Klimafolgenforschung gewechselt',
      'Hydrologie',
      'Klimafolgenforschung gewechselt',
    ),
    ['Klimafolgenforschung'],
  );
  assert.deepEqual(
    fields('Je suis passée de la chimie analytique à la science des données', 'chimie analytique'),
    ['science des données'],
  );
  // not a move of place, nor a field with no move said
  assert.deepEqual(fields('I moved from London to Paris, I work in ecology', 'ecology'), [
    'ecology',
  ]);
  assert.deepEqual(fields('profesora de historia a distancia', 'historia'), ['historia']);
});
