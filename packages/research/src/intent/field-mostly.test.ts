import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldMostly } from './field-mostly.ts';
import { spanRuns, TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

/** The field after `fieldMostly`, from a message whose role (and field) stretches are given. */
function field(text: string, role: string, domain?: string): string[] {
  const tokens = tokenize(text);
  const tags = tokens.map(() => 0);
  const mark = (words: string, slot: string) => {
    const parts = tokenize(words).map((t) => t.raw);
    const at = tokens.findIndex((_, i) => parts.every((p, k) => tokens[i + k]?.raw === p));
    parts.forEach((_, k) => (tags[at + k] = TAGS.indexOf(`${k === 0 ? 'B' : 'I'}-${slot}`)));
  };
  mark(role, 'archetype');
  if (domain) mark(domain, 'domain');
  return spanRuns(fieldMostly(tokens, tags))
    .filter((run) => run.slot === 'domain')
    .map((run) =>
      tokens
        .slice(run.first, run.last + 1)
        .map((t) => t.raw)
        .join(' '),
    );
}

test('what the writer mostly works on, after their role, is their field', () => {
  assert.deepEqual(
    field('I work as a planner for the county council, mostly transport', 'planner'),
    ['transport'],
  );
  assert.deepEqual(field('abogada, sobre todo litigios de propiedad intelectual', 'abogada'), [
    'litigios de propiedad intelectual',
  ]);
  // in place of the kind of firm the writer works at
  assert.deepEqual(
    field(
      "I'm a junior associate at a law firm in Abuja, mostly arbitration",
      'junior associate',
      'law',
    ),
    ['arbitration'],
  );
  // not a field said already, nor the work or jobs done, nor a clause of its own
  assert.deepEqual(
    field('epidemiologist in oncology, mostly trials', 'epidemiologist', 'oncology'),
    ['oncology'],
  );
  assert.deepEqual(field('sparky by trade, mostly commercial jobs around Brisbane', 'sparky'), []);
  assert.deepEqual(field('nurse, mostly I work nights', 'nurse'), []);
});
