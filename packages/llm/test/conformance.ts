// One suite of wire-level checks, run against every chat-completions adapter (see
// openai-llm.test.ts and azure-openai-llm.test.ts). Not a test file by itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { complete, generateObject } from '../src/index.ts';
import type { ChatEvent, LLM, ToolSpec } from '../src/index.ts';
import { startFakeOpenAIServer } from '../src/testing/index.ts';
import type { FakeOpenAIServer } from '../src/testing/index.ts';

export const weatherTool: ToolSpec = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string' } },
      required: ['city'],
    },
  },
};

export async function collect(stream: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

/** Starts a fake server, hands it to `body`, and always closes it. */
export async function withServer(body: (server: FakeOpenAIServer) => Promise<void>): Promise<void> {
  const server = await startFakeOpenAIServer();
  try {
    await body(server);
  } finally {
    await server.close();
  }
}

/** Builds the adapter under test against a fake server. */
export type MakeLLM = (server: FakeOpenAIServer) => LLM;

export function conformance(name: string, make: MakeLLM): void {
  test(`${name}: streams text deltas, then the server's usage, then done`, () =>
    withServer(async (server) => {
      server.enqueue({
        content: ['Hel', 'lo, ', 'world'],
        usage: { prompt_tokens: 12, completion_tokens: 3 },
      });
      const events = await collect(
        make(server).stream({
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Say hello' },
          ],
          temperature: 0.2,
        }),
      );
      assert.deepEqual(events, [
        { type: 'text_delta', text: 'Hel' },
        { type: 'text_delta', text: 'lo, ' },
        { type: 'text_delta', text: 'world' },
        { type: 'usage', usage: { promptTokens: 12, completionTokens: 3 } },
        { type: 'done', finishReason: 'stop' },
      ]);
      const body = server.requests[0]!.body;
      assert.equal(body.stream, true);
      assert.deepEqual(body.stream_options, { include_usage: true });
      assert.equal(body.temperature, 0.2);
      assert.deepEqual(body.messages, [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ]);
      assert.equal(body.response_format, undefined);
      assert.equal(body.tools, undefined);
    }));

  test(`${name}: assembles two tool calls whose arguments arrive in many chunks`, () =>
    withServer(async (server) => {
      server.enqueue({
        content: ['Checking.'],
        toolCalls: [
          { id: 'call_a', name: 'get_weather', argumentPieces: ['{"ci', 'ty":', ' "Par', 'is"}'] },
          {
            id: 'call_b',
            name: 'get_weather',
            argumentPieces: ['{', '"city"', ':"Cairo",', '"unit":"c', 'elsius"', '}'],
          },
        ],
      });
      const llm = make(server);
      const events = await collect(
        llm.stream({
          messages: [{ role: 'user', content: 'Weather in Paris and Cairo?' }],
          tools: [weatherTool],
        }),
      );
      assert.deepEqual(
        events.filter((e) => e.type !== 'usage'),
        [
          { type: 'text_delta', text: 'Checking.' },
          {
            type: 'tool_call',
            call: { id: 'call_a', name: 'get_weather', arguments: '{"city": "Paris"}' },
          },
          {
            type: 'tool_call',
            call: {
              id: 'call_b',
              name: 'get_weather',
              arguments: '{"city":"Cairo","unit":"celsius"}',
            },
          },
          { type: 'done', finishReason: 'tool_calls' },
        ],
      );
      assert.deepEqual(server.requests[0]!.body.tools, [weatherTool]);

      // The follow-up turn carries the calls and their results in the wire format.
      server.enqueue({ content: ['Sunny in both.'] });
      const out = await complete(llm, {
        messages: [
          { role: 'user', content: 'Weather in Paris and Cairo?' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [
              { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
              { id: 'call_b', name: 'get_weather', arguments: '{"city":"Cairo"}' },
            ],
          },
          { role: 'tool', toolCallId: 'call_a', content: '{"sky":"sunny"}' },
          { role: 'tool', toolCallId: 'call_b', content: '{"sky":"sunny"}' },
        ],
        tools: [weatherTool],
      });
      assert.equal(out.text, 'Sunny in both.');
      assert.deepEqual(server.requests[1]!.body.messages.slice(1), [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_a',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
            {
              id: 'call_b',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Cairo"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_a', content: '{"sky":"sunny"}' },
        { role: 'tool', tool_call_id: 'call_b', content: '{"sky":"sunny"}' },
      ]);
    }));

  test(`${name}: generateObject sends the zod schema as json_schema and validates the answer`, () =>
    withServer(async (server) => {
      server.enqueue({ content: ['{"title": "Bees", ', '"year": 2024}'] });
      const schema = z.object({ title: z.string(), year: z.number().int() });
      const out = await generateObject({
        llm: make(server),
        schema,
        name: 'paper',
        messages: [{ role: 'user', content: 'A paper about bees, as JSON.' }],
      });
      assert.deepEqual(out.value, { title: 'Bees', year: 2024 });
      assert.equal(out.attempts, 1);
      const format = server.requests[0]!.body.response_format;
      assert.equal(format.type, 'json_schema');
      assert.equal(format.json_schema.name, 'paper');
      assert.equal(format.json_schema.strict, false);
      assert.deepEqual(format.json_schema.schema.required, ['title', 'year']);
      assert.equal(format.json_schema.schema.properties.year.type, 'integer');
    }));

  test(`${name}: aborting mid-stream closes the connection and ends with done: cancelled`, () =>
    withServer(async (server) => {
      server.enqueue({ content: Array.from({ length: 50 }, (_, i) => `w${i} `), chunkDelayMs: 40 });
      const controller = new AbortController();
      const events: ChatEvent[] = [];
      let abortedAt = 0;
      for await (const e of make(server).stream({
        messages: [{ role: 'user', content: 'Talk for a long time' }],
        signal: controller.signal,
      })) {
        events.push(e);
        if (e.type === 'text_delta' && e.text === 'w1 ') {
          abortedAt = Date.now();
          controller.abort();
        }
      }
      const ended = Date.now();
      assert.deepEqual(events.at(-1), { type: 'done', finishReason: 'cancelled' });
      assert.ok(events.length <= 4, `stopped promptly, got ${events.length} events`);
      assert.ok(ended - abortedAt < 200, `iterator ended ${ended - abortedAt} ms after abort`);
      const closed = await Promise.race([
        server.requests[0]!.closed,
        new Promise<null>((r) => setTimeout(() => r(null), 1000)),
      ]);
      assert.ok(closed, 'the server saw the connection close');
      assert.equal(closed.completed, false);
      assert.ok(closed.at - abortedAt < 500, `closed ${closed.at - abortedAt} ms after abort`);
      assert.equal(server.requests.length, 1, 'no retry after a cancel');
    }));
}
