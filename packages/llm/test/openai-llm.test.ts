import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  OpenAICompatibleLLM,
  complete,
  estimateMessagesTokens,
  estimateTokens,
  generateObject,
} from '../src/index.ts';
import type { OpenAICompatibleLLMOptions } from '../src/index.ts';
import type { FakeOpenAIServer } from '../src/testing/index.ts';
import { collect, conformance, withServer } from './conformance.ts';

function openai(
  server: FakeOpenAIServer,
  options: Partial<OpenAICompatibleLLMOptions> = {},
): OpenAICompatibleLLM {
  return new OpenAICompatibleLLM({
    baseURL: server.baseURL,
    model: 'test-model',
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
    ...options,
  });
}

conformance('openai', (server) => openai(server, { apiKey: 'sk-test' }));

test('openai: posts to {baseURL}/chat/completions with the key and extra headers', () =>
  withServer(async (server) => {
    server.enqueue({ content: ['ok'] }, { content: ['ok'] });
    const llm = openai(server, { apiKey: 'sk-test', defaultHeaders: { 'x-team': 'hikma' } });
    assert.equal(llm.provider, 'openai');
    assert.equal(llm.defaultModel, 'test-model');
    await complete(llm, { messages: [{ role: 'user', content: 'hi' }], model: 'other-model' });
    const req = server.requests[0]!;
    assert.equal(req.path, '/v1/chat/completions');
    assert.equal(req.headers.authorization, 'Bearer sk-test');
    assert.equal(req.headers['x-team'], 'hikma');
    assert.equal(req.body.model, 'other-model');

    // A local server without a key gets no Authorization header at all.
    await complete(openai(server), { messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(server.requests[1]!.headers.authorization, undefined);
    assert.equal(server.requests[1]!.body.model, 'test-model');
  }));

test('openai: maxTokens is max_tokens, or max_completion_tokens for reasoning models', () =>
  withServer(async (server) => {
    server.enqueue({ content: ['a'] }, { content: ['b'] }, { content: ['c'] });
    const llm = openai(server);
    const messages = [{ role: 'user' as const, content: 'hi' }];
    await complete(llm, { messages, maxTokens: 50 });
    await complete(llm, { messages, maxTokens: 60, model: 'o3-mini' });
    await complete(openai(server, { maxTokensParameter: 'max_completion_tokens' }), {
      messages,
      maxTokens: 70,
    });
    const bodies = server.requests.map((r) => r.body);
    assert.equal(bodies[0].max_tokens, 50);
    assert.equal(bodies[0].max_completion_tokens, undefined);
    assert.equal(bodies[1].max_completion_tokens, 60);
    assert.equal(bodies[1].max_tokens, undefined);
    assert.equal(bodies[2].max_completion_tokens, 70);
  }));

test('openai: without usage from the server, usage is counted with the tokenizer', () =>
  withServer(async (server) => {
    server.enqueue({
      content: ['The answer ', 'is 42.'],
      toolCalls: [{ name: 'note', argumentPieces: ['{"n":', '42}'] }],
      usage: null,
    });
    const messages = [{ role: 'user' as const, content: 'What is six times seven?' }];
    const out = await complete(openai(server), { messages });
    assert.deepEqual(out.usage, {
      promptTokens: estimateMessagesTokens(messages),
      completionTokens:
        estimateTokens('The answer is 42.') + estimateTokens('note') + estimateTokens('{"n":42}'),
    });
    assert.ok(out.usage.promptTokens > 8 && out.usage.completionTokens > 6);
  }));

test('openai: a server rejecting stream_options is asked again without it', () =>
  withServer(async (server) => {
    server.enqueue(
      { kind: 'error', status: 400, message: "Unrecognized request argument: 'stream_options'" },
      { content: ['fine'] },
      { content: ['again'] },
    );
    const llm = openai(server);
    const out = await complete(llm, { messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(out.text, 'fine');
    assert.ok(out.usage.completionTokens > 0, 'usage estimated');
    assert.equal(server.requests[1]!.body.stream_options, undefined);
    await complete(llm, { messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(server.requests.length, 3, 'remembered: no second rejection');
  }));

test('openai: a server rejecting json_schema gets json_object, then no response_format', () =>
  withServer(async (server) => {
    const schema = z.object({ answer: z.number() });
    server.enqueue(
      {
        kind: 'error',
        status: 400,
        message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported.",
        param: 'response_format',
      },
      { content: ['{"answer": 1}'] },
    );
    const llm = openai(server);
    const messages = [
      { role: 'system' as const, content: 'You are exact.' },
      { role: 'user' as const, content: 'One?' },
    ];
    const first = await generateObject({ llm, schema, name: 'reply', messages });
    assert.deepEqual(first.value, { answer: 1 });
    assert.equal(server.requests[0]!.body.response_format.type, 'json_schema');
    const second = server.requests[1]!.body;
    assert.deepEqual(second.response_format, { type: 'json_object' });
    // The schema moves into the (single) system message so the model still sees it.
    assert.equal(second.messages.length, 2);
    assert.match(second.messages[0].content, /^You are exact\.\n\n.*JSON Schema/s);
    assert.match(second.messages[0].content, /"answer"/);

    // The next structured request starts at json_object; a rejection of that drops it.
    server.enqueue(
      { kind: 'error', status: 400, message: "'response_format.type' must be 'json_schema'" },
      { content: ['```json\n{"answer": 2}\n```'] },
    );
    const third = await generateObject({ llm, schema, name: 'reply', messages });
    assert.deepEqual(third.value, { answer: 2 });
    assert.deepEqual(server.requests[2]!.body.response_format, { type: 'json_object' });
    assert.equal(server.requests[3]!.body.response_format, undefined);
    assert.match(server.requests[3]!.body.messages[0].content, /JSON Schema/);
    assert.equal(server.requests.length, 4);
  }));

test('openai: a 400 that is not about response_format is not retried', () =>
  withServer(async (server) => {
    server.enqueue({ kind: 'error', status: 400, message: 'messages: too long' });
    await assert.rejects(
      generateObject({
        llm: openai(server),
        schema: z.object({ a: z.string() }),
        name: 'x',
        messages: [{ role: 'user', content: 'x' }],
      }),
      (err: any) =>
        err.code === 'llm_unavailable' && /HTTP 400: messages: too long/.test(err.message),
    );
    assert.equal(server.requests.length, 1);
  }));

test('openai: finish_reason length is reported', () =>
  withServer(async (server) => {
    server.enqueue({ content: ['cut'], finishReason: 'length' });
    const out = await complete(openai(server), { messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(out.finishReason, 'length');
  }));

test('openai: a tool message without toolCallId is refused before any request', () =>
  withServer(async (server) => {
    await assert.rejects(
      collect(openai(server).stream({ messages: [{ role: 'tool', content: '{}' }] })),
      /toolCallId/,
    );
    assert.equal(server.requests.length, 0);
  }));
