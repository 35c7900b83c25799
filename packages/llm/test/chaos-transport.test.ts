// The transport faults of the chaos server through the real OpenAI-compatible adapter, the
// server's own wire behaviour (stream: false, content faults), and its determinism.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { complete } from '../src/index.ts';
import type { ChatEvent } from '../src/index.ts';
import { startChaosOpenAIServer } from '../src/testing/index.ts';
import type { ContentFault, TransportFaultKind } from '../src/testing/index.ts';
import { SEEDS, tidyPaper, withChaos } from './chaos-helpers.ts';
import { isLLMError } from './assertions.ts';

test('rate_limited: Retry-After is honoured, then llm_rate_limited once retries run out', () =>
  withChaos(
    { transportFaults: { rate_limited: 1 } },
    async ({ server, retries, paper }) => {
      const started = Date.now();
      await assert.rejects(paper(), isLLMError('llm_rate_limited', /HTTP 429.*after 2 attempts/));
      assert.ok(Date.now() - started >= 900, 'waited the second the server asked for');
      assert.deepEqual(
        retries.map((r) => [r.status, r.delayMs]),
        [[429, 1000]],
      );
      assert.equal(server.injected.length, 2);
    },
    { maxRetries: 1, maxRetryAfterMs: 60_000 },
  ));

const recovered: [TransportFaultKind, RegExp][] = [
  ['rate_limited', /HTTP 429/],
  ['server_error', /HTTP 500/],
  ['stream_cut', /connection|ended before/],
  ['stall', /no response from the server for 300 ms/],
];

for (const [kind, failure] of recovered) {
  // Only a stall should trip the idle timeout, even on a busy machine.
  const timeoutMs = kind === 'stall' ? 300 : 5_000;
  test(`${kind}: retried by the adapter; at a 50 % rate the value is right`, async () => {
    let faulted = 0;
    for (const seed of kind === 'stall' ? SEEDS.slice(0, 4) : SEEDS) {
      await withChaos(
        { seed, transportFaults: { [kind]: 0.5 }, stallMs: 5_000 },
        async ({ server, retries, paper }) => {
          const out = await paper();
          assert.deepEqual(out.value, tidyPaper, `seed ${seed}`);
          assert.equal(out.attempts, 1, 'transport faults cost no generateObject attempt');
          assert.equal(retries.length, server.injected.length, `seed ${seed}`);
          faulted += server.injected.length;
        },
        { timeoutMs, maxRetries: 8 },
      );
    }
    assert.ok(faulted > 0, 'some seed injected the fault');
  });

  test(`${kind}: when it never stops, a typed LLMError says so`, () =>
    withChaos(
      { transportFaults: { [kind]: 1 }, stallMs: 5_000 },
      async ({ server, paper }) => {
        const code = kind === 'rate_limited' ? 'llm_rate_limited' : 'llm_unavailable';
        await assert.rejects(paper(), isLLMError(code, failure));
        assert.equal(server.injected.length, 3);
      },
      { timeoutMs, maxRetries: 2 },
    ));
}

test('stream_cut: a stream shown to a user is never retried after output started', () =>
  withChaos({ transportFaults: { stream_cut: 1 } }, async ({ server, llm }) => {
    const events: ChatEvent[] = [];
    await assert.rejects(
      async () => {
        for await (const e of llm.stream({ messages: [{ role: 'user', content: 'hi' }] }))
          events.push(e);
      },
      isLLMError('llm_unavailable', /after output had started/),
    );
    assert.ok(events.some((e) => e.type === 'text_delta'));
    assert.ok(!events.some((e) => e.type === 'restart'));
    assert.equal(server.injected.length, 1);
  }));

test('stall shorter than the idle timeout is only a slow answer', () =>
  withChaos(
    { transportFaults: { stall: 1 }, stallMs: 100 },
    async ({ server, retries, paper }) => {
      const out = await paper();
      assert.deepEqual(out.value, tidyPaper);
      assert.equal(retries.length, 0);
      assert.equal(server.injected.length, 1);
    },
    { timeoutMs: 2_000 },
  ));

test('stream: false gets one JSON completion, spoiled the same way', async () => {
  const server = await startChaosOpenAIServer({
    seed: 7,
    tidy: () => JSON.stringify(tidyPaper),
    jsonFaults: { fenced: 1 },
    transportFaults: {},
  });
  try {
    const res = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        response_format: { type: 'json_schema', json_schema: { name: 'paper', schema: {} } },
      }),
    });
    const body = (await res.json()) as {
      choices: { message: { content: string }; finish_reason: string }[];
      usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    };
    assert.match(body.choices[0]!.message.content, /^```(json)?\n\{/);
    assert.equal(body.choices[0]!.finish_reason, 'stop');
    assert.ok(body.usage.completion_tokens > 10);
    // Without a response_format, JSON faults do not apply.
    const plain = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    });
    assert.equal(
      ((await plain.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message
        .content,
      JSON.stringify(tidyPaper),
    );
    assert.deepEqual(
      server.injected.map((f) => f.index),
      [0],
    );
  } finally {
    await server.close();
  }
});

test('content faults from the caller are applied where they fit and recorded', () => {
  const shout: ContentFault = {
    kind: 'code.shouting',
    family: 'code',
    rate: 1,
    apply: (request, tidy) => (request.schemaName === 'code' ? tidy.toUpperCase() : null),
  };
  return withChaos(
    { contentFaults: [shout], tidy: () => '{"code": "print(1)"}' },
    async ({ server, llm }) => {
      const ask = (name: string) =>
        complete(llm, {
          messages: [{ role: 'user', content: 'x' }],
          responseFormat: { type: 'json_schema', name, schema: {} },
        });
      assert.equal((await ask('code')).text, '{"CODE": "PRINT(1)"}');
      assert.equal((await ask('paper')).text, '{"code": "print(1)"}');
      assert.deepEqual(server.injected, [
        { index: 0, kind: 'code.shouting', family: 'code', schemaName: 'code' },
      ]);
    },
  );
});

test('the same seed gives the same faults; another seed, others', async () => {
  async function run(seed: number): Promise<string> {
    const server = await startChaosOpenAIServer({
      seed,
      tidy: (r) => JSON.stringify({ ...tidyPaper, title: `paper ${r.index}` }),
      stallMs: 20,
      jsonFaults: { fenced: 0.2, missing_field: 0.2, huge_string: 0.1 },
      transportFaults: { rate_limited: 0.1, server_error: 0.1, stream_cut: 0.1, stall: 0.1 },
    });
    try {
      for (let i = 0; i < 40; i++) {
        await fetch(`${server.baseURL}/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({
            model: 'm',
            stream: i % 2 === 0,
            messages: [{ role: 'user', content: `request ${i}` }],
            response_format: { type: 'json_schema', json_schema: { name: 'paper', schema: {} } },
          }),
        })
          .then((res) => res.text())
          .catch(() => 'cut');
      }
      assert.equal(server.requests, 40);
      return JSON.stringify(server.injected);
    } finally {
      await server.close();
    }
  }
  const first = await run(42);
  assert.ok(JSON.parse(first).length > 10, 'a busy plan');
  assert.equal(await run(42), first);
  assert.notEqual(await run(43), first);
});

test('rates outside [0, 1] are refused', async () => {
  await assert.rejects(
    startChaosOpenAIServer({ seed: 1, tidy: () => '{}', jsonFaults: { fenced: 1.5 } }),
    RangeError,
  );
});
