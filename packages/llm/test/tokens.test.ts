import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OfflineLLM, complete, estimateMessagesTokens, estimateTokens } from '../src/index.ts';

test('estimateTokens counts o200k tokens', () => {
  assert.equal(estimateTokens(''), 0);
  assert.equal(estimateTokens('hello world'), 2);
  assert.equal(estimateTokens('The quick brown fox jumps over the lazy dog.'), 10);
  // Arabic is several characters a token, not one.
  const arabic = estimateTokens('مرحبا كيف الحال اليوم');
  assert.ok(arabic >= 3 && arabic <= 8, `arabic: ${arabic}`);
  // Special-token text is ordinary text here, not an error.
  assert.ok(estimateTokens('a <|endoftext|> b') > 3);
});

test('estimateMessagesTokens adds the chat framing the OpenAI cookbook counts', () => {
  const hello = estimateTokens('hello world');
  assert.equal(estimateMessagesTokens([{ role: 'user', content: 'hello world' }]), 3 + 3 + hello);
  const withCall = estimateMessagesTokens([
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    },
  ]);
  assert.ok(withCall > 3 + 3 + 3 + 5, `tool calls are counted: ${withCall}`);
  const tools = [{ type: 'function' as const, function: { name: 'get_weather' } }];
  assert.ok(
    estimateMessagesTokens([{ role: 'user', content: 'x' }], tools) >
      estimateMessagesTokens([{ role: 'user', content: 'x' }]),
  );
});

test('estimateTokens stays cheap: short strings in microseconds, huge ones by length', () => {
  estimateTokens('warm up the tables');
  let started = performance.now();
  for (let i = 0; i < 2000; i++) estimateTokens(`What is the weather in city number ${i}?`);
  const perCall = (performance.now() - started) / 2000;
  assert.ok(perCall < 0.2, `${perCall.toFixed(3)} ms per short call`);

  const huge = 'lorem ipsum dolor sit amet '.repeat(40_000); // 1.08 M characters
  started = performance.now();
  const n = estimateTokens(huge);
  const ms = performance.now() - started;
  assert.ok(ms < 60, `${ms.toFixed(1)} ms for 1 M characters`);
  assert.equal(n, Math.ceil(huge.length / 4));
});

test('the offline provider still answers quickly with tokenizer-based usage', async () => {
  const llm = new OfflineLLM();
  await complete(llm, { messages: [{ role: 'user', content: 'warm up' }] });
  const started = performance.now();
  for (let i = 0; i < 200; i++) {
    await complete(llm, {
      messages: [{ role: 'user', content: `hello number ${i}, how are you?` }],
    });
  }
  const perRequest = (performance.now() - started) / 200;
  assert.ok(perRequest < 2, `${perRequest.toFixed(2)} ms per offline request`);
  const out = await complete(llm, { messages: [{ role: 'user', content: 'hello world' }] });
  assert.equal(out.usage.promptTokens, 3 + 3 + 2);
});
