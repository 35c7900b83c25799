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
  constructor(private readonly replies: (string | { text: string; finishReason: 'length' })[]) {}
  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    this.requests.push(request);
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('unexpected LLM call');
    const { text, finishReason } =
      typeof reply === 'string' ? { text: reply, finishReason: 'stop' as const } : reply;
    // In pieces, as a provider streams, so a bound on the length can stop early.
    for (let i = 0; i < text.length; i += 1000)
      yield { type: 'text_delta', text: text.slice(i, i + 1000) };
    yield { type: 'usage', usage: { promptTokens: 10, completionTokens: 5 } };
    yield { type: 'done', finishReason };
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
    repaired: true,
  });
  assert.deepEqual(parseJsonLoose(' {"a": 1} '), { ok: true, value: { a: 1 }, repaired: false });
  assert.equal(parseJsonLoose('nothing here').ok, false);
  assert.equal(parseJsonLoose('').ok, false);
});

test('parseJsonLoose repairs what sloppy models send', () => {
  const cases: [string, unknown][] = [
    ['```json\n{"a": 1, "b": [1, 2]}\n```', { a: 1, b: [1, 2] }],
    ['Sure! Here it is:\n\n```json\n{"a": "x"}\n```\n\nAnything else?', { a: 'x' }],
    ['{\n  "a": [1, 2,],\n  "b": {"c": true,},\n}', { a: [1, 2], b: { c: true } }],
    [
      `{'a': 'x', 'b': "it's", 'c': True, 'd': None, 'e': [1.5, False]}`,
      {
        a: 'x',
        b: "it's",
        c: true,
        d: null,
        e: [1.5, false],
      },
    ],
  ];
  for (const [text, value] of cases) {
    const parsed = parseJsonLoose(text);
    assert.deepEqual(parsed, { ok: true, value, repaired: true }, text);
  }
});

test('generateObject never repairs an answer cut at the token limit; it asks for a shorter one', async () => {
  // jsonrepair would close this into a valid {"name":"Ad"} with data silently lost.
  const llm = new ScriptedLLM([
    { text: '{"name":"Ad', finishReason: 'length' },
    '{"name":"Ada","age":36}',
  ]);
  const out = await generateObject({ llm, schema: Person, name: 'person', messages: [] });
  assert.deepEqual(out.value, { name: 'Ada', age: 36 });
  assert.equal(out.attempts, 2);
  assert.match(llm.requests[1]!.messages.at(-1)!.content, /cut off.*shorter/s);
});

test('an answer cut at the token limit every time ends as InvalidOutputError "truncated"', async () => {
  const cut = { text: '{"name":"Ada","age":3', finishReason: 'length' as const };
  const llm = new ScriptedLLM([cut, cut]);
  await assert.rejects(
    generateObject({ llm, schema: Person, name: 'person', messages: [], maxAttempts: 2 }),
    (err: unknown) =>
      err instanceof InvalidOutputError &&
      err.reason === 'truncated' &&
      /still cut off after 2 attempts/.test(err.message),
  );
});

test('generateObject stops reading past maxOutputChars and asks again, shorter', async () => {
  const huge = JSON.stringify({ name: 'x'.repeat(50_000), age: 1 });
  const llm = new ScriptedLLM([huge, '{"name":"Ada","age":36}']);
  const out = await generateObject({
    llm,
    schema: Person,
    name: 'person',
    messages: [],
    maxOutputChars: 10_000,
  });
  assert.equal(out.attempts, 2);
  const echoed = llm.requests[1]!.messages.at(-2)!.content;
  assert.ok(echoed.length < 3_000, 'the over-long answer is not sent back whole');
  assert.match(llm.requests[1]!.messages.at(-1)!.content, /longer than 10000 characters/);
});
