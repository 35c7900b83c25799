import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { generateObject, parseJsonLoose, InvalidOutputError } from '../src/index.ts';
import type { ChatEvent, ChatRequest, LLM } from '../src/index.ts';

/** A scripted LLM double: answers each call with the next scripted text, fails on extra calls. */
class ScriptedLLM implements LLM {
  readonly provider = 'scripted';
  readonly defaultModel = 'scripted';
  readonly requests: ChatRequest[] = [];
  constructor(private readonly replies: string[]) {}
  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    this.requests.push(request);
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('unexpected LLM call');
    yield { type: 'text_delta', text: reply };
    yield { type: 'usage', usage: { promptTokens: 10, completionTokens: 5 } };
    yield { type: 'done', finishReason: 'stop' };
  }
}

const Person = z.object({ name: z.string().min(1), age: z.number().int().min(0) });

test('generateObject returns a valid object on the first try and sends the JSON schema', async () => {
  const llm = new ScriptedLLM(['{"name":"Ada","age":36}']);
  const out = await generateObject({
    llm,
    schema: Person,
    name: 'person',
    messages: [{ role: 'user', content: 'x' }],
  });
  assert.deepEqual(out.value, { name: 'Ada', age: 36 });
  assert.equal(out.attempts, 1);
  const format = llm.requests[0]?.responseFormat;
  assert.equal(format?.name, 'person');
  assert.deepEqual((format?.schema as { required?: string[] }).required, ['name', 'age']);
});

test('generateObject feeds validation errors back and retries', async () => {
  const llm = new ScriptedLLM([
    'not json at all',
    '{"name":"Ada","age":-1}',
    '```json\n{"name":"Ada","age":3}\n```',
  ]);
  const out = await generateObject({
    llm,
    schema: Person,
    name: 'person',
    messages: [{ role: 'user', content: 'x' }],
  });
  assert.equal(out.attempts, 3);
  assert.deepEqual(out.value, { name: 'Ada', age: 3 });
  assert.deepEqual(out.usage, { promptTokens: 30, completionTokens: 15 });
  const third = llm.requests[2]!;
  const feedback = third.messages.at(-1)!.content;
  assert.match(feedback, /not valid for the "person" schema/);
  assert.match(feedback, /age/);
});

test('generateObject gives up after maxAttempts with InvalidOutputError', async () => {
  const llm = new ScriptedLLM(['{}', '{}']);
  await assert.rejects(
    generateObject({ llm, schema: Person, name: 'person', messages: [], maxAttempts: 2 }),
    (err: unknown) =>
      err instanceof InvalidOutputError && err.attempts === 2 && err.code === 'llm_invalid_output',
  );
});

test('parseJsonLoose finds JSON inside prose', () => {
  assert.deepEqual(parseJsonLoose('Here it is: {"a": [1, 2]} done'), {
    ok: true,
    value: { a: [1, 2] },
  });
  assert.equal(parseJsonLoose('nothing here').ok, false);
});
