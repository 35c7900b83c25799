import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OpenAIHttp, RequestFailure, parseRetryAfter, serverMessage } from './http.ts';

test('parseRetryAfter reads retry-after-ms, seconds and HTTP dates', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  const h = (init: Record<string, string>) => new Headers(init);
  assert.equal(parseRetryAfter(h({ 'retry-after-ms': '250' }), now), 250);
  assert.equal(parseRetryAfter(h({ 'retry-after': '2' }), now), 2000);
  assert.equal(parseRetryAfter(h({ 'retry-after': '0.5' }), now), 500);
  assert.equal(parseRetryAfter(h({ 'retry-after': 'Wed, 01 Jan 2025 00:00:03 GMT' }), now), 3000);
  assert.equal(parseRetryAfter(h({ 'retry-after': 'Tue, 31 Dec 2024 00:00:00 GMT' }), now), 0);
  assert.equal(parseRetryAfter(h({ 'retry-after': 'soon' }), now), undefined);
  assert.equal(parseRetryAfter(h({}), now), undefined);
});

test('serverMessage finds the message in the error shapes servers use', () => {
  assert.equal(serverMessage('{"error":{"message":"bad file","type":"x"}}'), 'bad file');
  assert.equal(serverMessage('{"detail":"Model not found"}'), 'Model not found');
  assert.equal(
    serverMessage('{"detail":[{"loc":["body","file"],"msg":"field required"}]}'),
    'field required',
  );
  assert.equal(serverMessage('{"error":"busy"}'), 'busy');
  assert.equal(serverMessage('{"message":"nope"}'), 'nope');
  assert.equal(serverMessage('Internal\n  Server Error'), 'Internal Server Error');
  assert.equal(serverMessage('x'.repeat(400)).length, 301);
});

test('retry policy: 408/429/5xx/connection only, bounded, Retry-After honoured up to a cap', () => {
  const http = new OpenAIHttp(
    { baseURL: 'http://x/v1', retryBaseDelayMs: 100, maxRetryDelayMs: 1000 },
    'test',
  );
  const status = (s: number, retryAfterMs?: number) =>
    new RequestFailure('status', 'x', {
      status: s,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  assert.equal(http.retryDelayMs(status(500), 0, 0.5), 100);
  assert.equal(http.retryDelayMs(status(503), 1, 0.5), 200);
  assert.equal(http.retryDelayMs(status(503), 2, 0.5), undefined, 'two retries at most');
  assert.equal(http.retryDelayMs(status(429, 700), 0), 700);
  assert.equal(http.retryDelayMs(status(429, 5000), 0), undefined, 'beyond the cap: fail now');
  assert.equal(http.retryDelayMs(status(408), 0, 0), 75);
  assert.equal(http.retryDelayMs(status(400), 0), undefined);
  assert.equal(http.retryDelayMs(status(404), 0), undefined);
  assert.equal(http.retryDelayMs(new RequestFailure('network', 'x'), 0, 1), 125);
  assert.equal(http.retryDelayMs(new RequestFailure('timeout', 'x'), 0), undefined);
  assert.equal(http.retryDelayMs(new RequestFailure('response', 'x'), 0), undefined);
  assert.throws(() => new OpenAIHttp({ baseURL: 'ftp://x' }, 'test'), /http\(s\)/);
  assert.throws(() => new OpenAIHttp({ baseURL: 'not a url' }, 'test'));
});
