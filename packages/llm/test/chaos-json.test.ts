// The JSON faults of the chaos server, through the real OpenAI-compatible adapter and
// generateObject: repaired on the first attempt, re-asked, or a typed error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { InvalidOutputError, estimateTokens, generateObject } from '../src/index.ts';
import type { InvalidOutputReason } from '../src/index.ts';
import { HUGE_STRING_CHARS } from '../src/testing/index.ts';
import type { JsonFaultKind } from '../src/testing/index.ts';
import { Paper, SEEDS, assertRecovers, tidyPaper, withChaos } from './chaos-helpers.ts';

for (const kind of ['fenced', 'prose', 'trailing_commas', 'single_quotes'] as const) {
  test(`${kind}: repaired on the first attempt`, () =>
    withChaos({ jsonFaults: { [kind]: 1 } }, async ({ server, paper }) => {
      const out = await paper();
      assert.deepEqual(out.value, tidyPaper);
      assert.equal(out.attempts, 1);
      assert.equal(out.repaired, true);
      assert.deepEqual(server.injected, [{ index: 0, kind, family: 'json', schemaName: 'paper' }]);
    }));
}

/** Faults that cost one attempt each, and what remains when every attempt has one. */
const reasked: [JsonFaultKind, InvalidOutputReason, RegExp][] = [
  [
    'missing_field',
    'schema_mismatch',
    /not valid for the "paper" schema:\n.*(title|year|authors|abstract)/s,
  ],
  ['wrong_type', 'schema_mismatch', /not valid for the "paper" schema:\n.*expected/s],
  ['empty_object', 'schema_mismatch', /not valid for the "paper" schema:\n.*expected/s],
  ['truncated_length', 'truncated', /cut off at the output token limit.*shorter/s],
];

for (const [kind, reason, feedback] of reasked) {
  test(`${kind}: re-asked with what was wrong, then a typed error if it persists`, () =>
    withChaos({ jsonFaults: { [kind]: 1 } }, async ({ server, seen, paper }) => {
      await assert.rejects(paper(), (err: unknown) => {
        assert.ok(err instanceof InvalidOutputError, String(err));
        assert.equal(err.reason, reason);
        assert.equal(err.attempts, 3);
        assert.equal(err.code, 'llm_invalid_output');
        return true;
      });
      assert.equal(server.injected.length, 3);
      assert.ok(server.injected.every((f) => f.kind === kind));
      assert.match(seen[1]!.messages.at(-1)!.content, feedback);
    }));

  test(`${kind}: at a 50 % rate each fault costs one attempt and the value is right`, async () => {
    let faulted = 0;
    for (const seed of SEEDS) {
      await withChaos({ seed, jsonFaults: { [kind]: 0.5 } }, async ({ server, paper }) => {
        await assertRecovers(() => paper({ maxAttempts: 4 }), server, 4, `seed ${seed}`);
        faulted += server.injected.length;
      });
    }
    assert.ok(faulted > 0, 'some seed injected the fault');
  });
}

test('truncated_length: a cut answer is never repaired into a valid shorter value', () =>
  // The cut text of a lone string field would close into valid JSON; it must not be accepted.
  withChaos(
    {
      jsonFaults: { truncated_length: 1 },
      tidy: () => JSON.stringify({ note: 'x'.repeat(200) }),
    },
    async ({ llm }) => {
      await assert.rejects(
        generateObject({
          llm,
          schema: z.object({ note: z.string() }),
          name: 'note',
          messages: [{ role: 'user', content: 'x' }],
          maxAttempts: 2,
        }),
        (err: unknown) => err instanceof InvalidOutputError && err.reason === 'truncated',
      );
    },
  ));

test('huge_string: a schema bound rejects it and the model is re-asked', async () => {
  const Bounded = Paper.extend({
    title: z.string().min(1).max(2_000),
    abstract: z.string().max(10_000),
    authors: z.array(z.string().max(500)).min(1),
  });
  let faulted = 0;
  for (const seed of SEEDS.slice(0, 4)) {
    await withChaos({ seed, jsonFaults: { huge_string: 0.5 } }, async ({ server, llm }) => {
      const run = () =>
        generateObject({
          llm,
          schema: Bounded,
          name: 'paper',
          messages: [{ role: 'user', content: 'x' }],
          maxAttempts: 4,
        });
      await assertRecovers(run, server, 4, `seed ${seed}`);
      faulted += server.injected.length;
    });
  }
  assert.ok(faulted > 0, 'some seed injected the fault');
});

test('huge_string: past maxOutputChars the stream is closed and the model asked for less', () =>
  withChaos({ jsonFaults: { huge_string: 1 } }, async ({ server, seen, paper }) => {
    await assert.rejects(paper({ maxOutputChars: 32 * 1024, maxAttempts: 2 }), (err: unknown) => {
      assert.ok(err instanceof InvalidOutputError, String(err));
      assert.equal(err.reason, 'too_long');
      assert.ok(err.lastOutput.length < HUGE_STRING_CHARS / 2, 'reading stopped early');
      return true;
    });
    assert.equal(server.injected.length, 2);
    const reask = seen[1]!.messages;
    assert.match(reask.at(-1)!.content, /longer than 32768 characters/);
    assert.ok(reask.at(-2)!.content.length < 3_000, 'the runaway answer is not sent back');
  }));

test('huge_string: without a bound in the schema, the default 256 KiB limit lets 200 KB through', () =>
  withChaos({ jsonFaults: { huge_string: 1 } }, async ({ paper }) => {
    const out = await paper();
    const longest = Math.max(
      out.value.title.length,
      out.value.abstract.length,
      ...out.value.authors.map((a) => a.length),
    );
    assert.equal(longest, HUGE_STRING_CHARS);
  }));

test('usage is counted plausibly: the tokenizer count of what was sent', () =>
  withChaos({}, async ({ paper }) => {
    const out = await paper();
    assert.equal(out.usage.completionTokens, estimateTokens(JSON.stringify(tidyPaper)));
    assert.ok(out.usage.promptTokens > 5);
  }));
