import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { OfflineLLM, complete, generateObject, jsonFromSchema } from '../src/index.ts';
import type { ToolSpec } from '../src/index.ts';

const weather: ToolSpec = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city'],
    },
  },
};

test('offline provider streams a deterministic echo reply with usage', async () => {
  const llm = new OfflineLLM({ chunkChars: 5 });
  const request = { messages: [{ role: 'user' as const, content: 'hello there, how are you?' }] };
  const deltas: string[] = [];
  for await (const e of llm.stream(request)) if (e.type === 'text_delta') deltas.push(e.text);
  assert.ok(deltas.length > 3, 'reply arrives in several deltas');
  const a = await complete(llm, request);
  const b = await complete(llm, request);
  assert.equal(a.text, b.text);
  assert.equal(a.text, 'I heard you say: hello there, how are you.');
  assert.ok(a.usage.promptTokens > 0 && a.usage.completionTokens > 0);
});

test('offline provider answers Arabic in Arabic', async () => {
  const out = await complete(new OfflineLLM(), {
    messages: [{ role: 'user', content: 'مرحبا كيف الحال' }],
  });
  assert.match(out.text, /سمعتك/);
});

test('offline provider calls a matching tool with arguments from the utterance', async () => {
  const llm = new OfflineLLM();
  const out = await complete(llm, {
    messages: [{ role: 'user', content: 'What is the weather in Paris in celsius?' }],
    tools: [weather],
  });
  assert.equal(out.finishReason, 'tool_calls');
  assert.equal(out.toolCalls.length, 1);
  assert.equal(out.toolCalls[0]!.name, 'get_weather');
  assert.deepEqual(JSON.parse(out.toolCalls[0]!.arguments), { city: 'Paris', unit: 'celsius' });
});

test('offline provider does not call an unrelated tool, and reports a tool result', async () => {
  const llm = new OfflineLLM();
  const none = await complete(llm, {
    messages: [{ role: 'user', content: 'tell me a story' }],
    tools: [weather],
  });
  assert.equal(none.toolCalls.length, 0);
  const after = await complete(llm, {
    messages: [
      { role: 'user', content: 'weather in Paris' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{}' }],
      },
      { role: 'tool', toolCallId: 'c1', content: '{"temperature_c": 21}' },
    ],
    tools: [weather],
  });
  assert.equal(after.text, 'The get weather tool returned temperature c 21.');
});

test('offline provider produces schema-valid output for an unknown structured task', async () => {
  const Schema = z.object({
    title: z.string().min(12),
    items: z.array(z.object({ n: z.number().int().min(3), kind: z.enum(['a', 'b']) })).min(2),
    note: z.string().nullable(),
  });
  const out = await generateObject({
    llm: new OfflineLLM(),
    schema: Schema,
    name: 'thing',
    messages: [],
  });
  assert.equal(out.value.items.length, 2);
  assert.equal(out.value.items[0]!.n, 3);
  assert.ok(out.value.title.length >= 12);
  assert.deepEqual(jsonFromSchema({ type: 'integer', minimum: 2, maximum: 1 }), 1);
});

test('offline provider uses a registered task responder', async () => {
  const llm = new OfflineLLM({
    responders: { 'demo.task': (req) => `task saw ${req.context?.n}` },
  });
  const out = await complete(llm, { messages: [], task: 'demo.task', context: { n: 7 } });
  assert.equal(out.text, 'task saw 7');
});
