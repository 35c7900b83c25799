import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEFAULT_RETRY_POLICY,
  OpenAICompatibleLLM,
  backoffDelayMs,
  complete,
  retryAfterMs,
} from '../src/index.ts';
import type { ChatEvent, OpenAICompatibleLLMOptions, RetryInfo } from '../src/index.ts';
import type { FakeOpenAIServer } from '../src/testing/index.ts';
import { withServer } from './conformance.ts';
import { isLLMError } from './assertions.ts';

const messages = [{ role: 'user' as const, content: 'hello' }];

function llmFor(
  server: FakeOpenAIServer,
  options: Partial<OpenAICompatibleLLMOptions> = {},
): { llm: OpenAICompatibleLLM; retries: RetryInfo[] } {
  const retries: RetryInfo[] = [];
  const llm = new OpenAICompatibleLLM({
    baseURL: server.baseURL,
    model: 'test-model',
    retry: { baseDelayMs: 10, maxDelayMs: 40 },
    onRetry: (info) => retries.push(info),
    ...options,
  });
  return { llm, retries };
}

test('retryAfterMs reads retry-after-ms, Retry-After seconds and HTTP dates', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  assert.equal(retryAfterMs(new Headers({ 'retry-after': '2' }), now), 2000);
  assert.equal(retryAfterMs(new Headers({ 'retry-after': '0.5' }), now), 500);
  assert.equal(
    retryAfterMs(new Headers({ 'retry-after-ms': '150', 'retry-after': '9' }), now),
    150,
  );
  assert.equal(
    retryAfterMs(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:03 GMT' }), now),
    3000,
  );
  assert.equal(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now), undefined);
  assert.equal(retryAfterMs(new Headers(), now), undefined);
});

test('backoff is exponential with full jitter and capped', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, random: () => 0.5 };
  assert.deepEqual(
    [0, 1, 2, 3, 6, 10].map((n) => backoffDelayMs(n, policy)),
    [250, 500, 1000, 2000, 10_000, 10_000],
  );
  assert.equal(backoffDelayMs(3, { ...policy, random: () => 0 }), 0);
});

test('429 with Retry-After: 1 waits about a second, then succeeds', () =>
  withServer(async (server) => {
    server.enqueue(
      {
        kind: 'error',
        status: 429,
        message: 'Rate limit reached',
        headers: { 'retry-after': '1' },
      },
      { content: ['ok'] },
    );
    const { llm, retries } = llmFor(server);
    const started = Date.now();
    const out = await complete(llm, { messages });
    const waited = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
    assert.equal(out.text, 'ok');
    assert.ok(waited >= 950 && waited < 2500, `waited ${waited} ms`);
    assert.ok(Date.now() - started < 3000);
    assert.deepEqual(
      retries.map((r) => [r.retry, r.delayMs, r.status]),
      [[1, 1000, 429]],
    );
  }));

test('retry-after-ms is honoured and a huge Retry-After is capped', () =>
  withServer(async (server) => {
    server.enqueue(
      { kind: 'error', status: 503, message: 'busy', headers: { 'retry-after-ms': '120' } },
      { kind: 'error', status: 429, message: 'slow down', headers: { 'retry-after': '3600' } },
      { content: ['ok'] },
    );
    const { llm, retries } = llmFor(server, { retry: { baseDelayMs: 10, maxRetryAfterMs: 200 } });
    assert.equal((await complete(llm, { messages })).text, 'ok');
    assert.deepEqual(
      retries.map((r) => r.delayMs),
      [120, 200],
    );
    const gap = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
    assert.ok(gap >= 110, `waited ${gap} ms`);
  }));

test('500 twice, then success', () =>
  withServer(async (server) => {
    server.enqueue(
      { kind: 'error', status: 500, message: 'boom' },
      { kind: 'error', status: 502, message: 'bad gateway' },
      { content: ['fine'] },
    );
    const { llm, retries } = llmFor(server);
    const out = await complete(llm, { messages });
    assert.equal(out.text, 'fine');
    assert.equal(server.requests.length, 3);
    assert.deepEqual(
      retries.map((r) => r.status),
      [500, 502],
    );
    assert.ok(retries.every((r) => r.delayMs >= 0 && r.delayMs <= 40));
  }));

for (const status of [400, 401, 403, 404, 422]) {
  test(`${status} is not retried and becomes llm_unavailable with the status and message`, () =>
    withServer(async (server) => {
      server.enqueue({ kind: 'error', status, message: `server says ${status}` });
      const { llm, retries } = llmFor(server);
      await assert.rejects(
        complete(llm, { messages }),
        isLLMError('llm_unavailable', new RegExp(`HTTP ${status}: server says ${status}`)),
      );
      assert.equal(server.requests.length, 1);
      assert.equal(retries.length, 0);
    }));
}

test('429 that exhausts the retries becomes llm_rate_limited', () =>
  withServer(async (server) => {
    const limited = { kind: 'error' as const, status: 429, message: 'Too many requests' };
    server.enqueue(limited, limited, limited);
    const { llm } = llmFor(server, { maxRetries: 2 });
    await assert.rejects(
      complete(llm, { messages }),
      isLLMError('llm_rate_limited', /HTTP 429: Too many requests \(after 3 attempts\)/),
    );
    assert.equal(server.requests.length, 3);
  }));

test('429 insufficient_quota is not retried', () =>
  withServer(async (server) => {
    server.enqueue({
      kind: 'error',
      status: 429,
      message: 'You exceeded your current quota',
      code: 'insufficient_quota',
    });
    const { llm } = llmFor(server);
    await assert.rejects(complete(llm, { messages }), isLLMError('llm_unavailable', /quota/));
    assert.equal(server.requests.length, 1);
  }));

test('a connection refused is retried, then reported as llm_unavailable', async () => {
  const { llm, retries } = (() => {
    const r: RetryInfo[] = [];
    return {
      retries: r,
      llm: new OpenAICompatibleLLM({
        baseURL: 'http://127.0.0.1:1/v1',
        model: 'm',
        maxRetries: 2,
        retry: { baseDelayMs: 5 },
        onRetry: (i) => r.push(i),
      }),
    };
  })();
  await assert.rejects(
    complete(llm, { messages }),
    isLLMError('llm_unavailable', /connection.*\(after 3 attempts\)/),
  );
  assert.equal(retries.length, 2);
});

test('a disconnect mid-stream after output started throws llm_unavailable, no retry', () =>
  withServer(async (server) => {
    server.enqueue(
      { content: ['one ', 'two ', 'three ', 'four'], chunkDelayMs: 20, disconnectAfter: 3 },
      { content: ['must not be used'] },
    );
    const { llm } = llmFor(server);
    const texts: string[] = [];
    await assert.rejects(
      async () => {
        for await (const e of llm.stream({ messages }))
          if (e.type === 'text_delta') texts.push(e.text);
      },
      isLLMError('llm_unavailable', /after output had started/),
    );
    assert.deepEqual(texts, ['one ', 'two ']);
    await sleep(50);
    assert.equal(server.requests.length, 1);
    assert.equal(server.pending, 1);
  }));

test('a restartable request cut mid-stream says restart and is retried whole', () =>
  withServer(async (server) => {
    server.enqueue(
      { content: ['{"a":', ' 1', ', "b"'], chunkDelayMs: 20, disconnectAfter: 3 },
      { content: ['{"a": 2}'] },
    );
    const { llm, retries } = llmFor(server);
    const events: ChatEvent[] = [];
    for await (const e of llm.stream({ messages, restartable: true })) events.push(e);
    assert.deepEqual(
      events.filter((e) => e.type === 'text_delta' || e.type === 'restart').map((e) => e.type),
      ['text_delta', 'text_delta', 'restart', 'text_delta'],
    );
    assert.equal(retries.length, 1);
    // complete() collects whole answers, so it is restartable unless told otherwise.
    server.enqueue(
      { content: ['{"a":', ' 1', ', "b"'], chunkDelayMs: 20, disconnectAfter: 3 },
      { content: ['{"a": 3}'] },
    );
    assert.equal((await complete(llm, { messages })).text, '{"a": 3}');
    server.enqueue({ content: ['one ', 'two ', 'three'], chunkDelayMs: 20, disconnectAfter: 3 });
    await assert.rejects(
      complete(llm, { messages, restartable: false }),
      isLLMError('llm_unavailable', /after output had started/),
    );
  }));

test('a disconnect before any output is retried without duplicating anything', () =>
  withServer(async (server) => {
    server.enqueue(
      // Only the role chunk and a tool-call start arrive: nothing was yielded yet.
      {
        toolCalls: [{ name: 'f', argumentPieces: ['{"a"', ':1}'] }],
        chunkDelayMs: 10,
        disconnectAfter: 3,
      },
      { content: ['complete answer'] },
    );
    const { llm, retries } = llmFor(server);
    const out = await complete(llm, { messages });
    assert.equal(out.text, 'complete answer');
    assert.deepEqual(out.toolCalls, []);
    assert.equal(retries.length, 1);
  }));

test('a connection lost after the finish reason keeps the answer (usage is estimated)', () =>
  withServer(async (server) => {
    // role, content, finish: the usage chunk and [DONE] never come.
    server.enqueue({ content: ['all here'], chunkDelayMs: 10, disconnectAfter: 3 });
    const { llm, retries } = llmFor(server);
    const out = await complete(llm, { messages });
    assert.equal(out.text, 'all here');
    assert.equal(out.finishReason, 'stop');
    assert.equal(out.usage.completionTokens, 2);
    assert.equal(retries.length, 0);
  }));

test('a server that stops sending mid-stream hits the idle timeout', () =>
  withServer(async (server) => {
    server.enqueue({ content: ['partial ', 'never'], stallAfter: 2 }, { content: ['unused'] });
    const { llm } = llmFor(server, { timeoutMs: 300 });
    const started = Date.now();
    const events: ChatEvent[] = [];
    await assert.rejects(
      async () => {
        for await (const e of llm.stream({ messages })) events.push(e);
      },
      isLLMError('llm_unavailable', /no response from the server for 300 ms/),
    );
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 280 && elapsed < 1500, `timed out after ${elapsed} ms`);
    assert.deepEqual(events, [{ type: 'text_delta', text: 'partial ' }]);
    assert.equal(server.requests.length, 1);
    const closed = await server.requests[0]!.closed;
    assert.equal(closed.completed, false, 'the hung request was aborted');
  }));

test('a request that hangs before the headers times out and is retried', () =>
  withServer(async (server) => {
    server.enqueue({ content: ['late'], headersDelayMs: 10_000 }, { content: ['on time'] });
    const { llm, retries } = llmFor(server, { timeoutMs: 250 });
    const started = Date.now();
    const out = await complete(llm, { messages });
    assert.equal(out.text, 'on time');
    assert.ok(Date.now() - started >= 240);
    assert.equal(retries.length, 1);
    assert.match(retries[0]!.reason, /250 ms/);
  }));

test('a slow consumer does not trip the idle timeout', () =>
  withServer(async (server) => {
    server.enqueue({ content: ['a', 'b'] });
    const { llm } = llmFor(server, { timeoutMs: 100 });
    let text = '';
    for await (const e of llm.stream({ messages })) {
      if (e.type === 'text_delta') {
        text += e.text;
        await sleep(200);
      }
    }
    assert.equal(text, 'ab');
  }));

test('aborting during a retry wait ends at once; complete() throws llm_cancelled', () =>
  withServer(async (server) => {
    server.enqueue({
      kind: 'error',
      status: 503,
      message: 'busy',
      headers: { 'retry-after': '10' },
    });
    const { llm } = llmFor(server);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await assert.rejects(
      complete(llm, { messages, signal: controller.signal }),
      isLLMError('llm_cancelled', /cancelled/),
    );
    assert.ok(Date.now() - started < 1000);
    assert.equal(server.requests.length, 1);
  }));

test('an already aborted signal sends nothing', () =>
  withServer(async (server) => {
    const { llm } = llmFor(server);
    const events: ChatEvent[] = [];
    for await (const e of llm.stream({ messages, signal: AbortSignal.abort() })) events.push(e);
    assert.deepEqual(events, [{ type: 'done', finishReason: 'cancelled' }]);
    assert.equal(server.requests.length, 0);
  }));

test('breaking out of the loop closes the HTTP stream', () =>
  withServer(async (server) => {
    server.enqueue({ content: Array.from({ length: 40 }, () => 'x'), chunkDelayMs: 30 });
    const { llm } = llmFor(server);
    for await (const e of llm.stream({ messages })) if (e.type === 'text_delta') break;
    const closed = await Promise.race([server.requests[0]!.closed, sleep(1000).then(() => null)]);
    assert.ok(closed && !closed.completed);
  }));
