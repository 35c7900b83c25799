import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AZURE_OPENAI_SCOPE,
  AzureOpenAILLM,
  DEFAULT_AZURE_OPENAI_API_VERSION,
  LLMError,
  complete,
} from '../src/index.ts';
import type { AzureOpenAILLMOptions } from '../src/index.ts';
import { fakeTokenCredential } from '../src/testing/index.ts';
import type { FakeOpenAIServer } from '../src/testing/index.ts';
import { conformance, withServer } from './conformance.ts';

function azure(
  server: FakeOpenAIServer,
  options: Partial<AzureOpenAILLMOptions> = {},
): AzureOpenAILLM {
  return new AzureOpenAILLM({
    endpoint: server.url,
    deployment: 'gpt-4o-prod',
    credential: fakeTokenCredential('entra-token-123'),
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
    ...options,
  });
}

conformance('azure-openai', (server) => azure(server));

test('azure-openai: deployment URL, api-version, Entra bearer token and no api-key', () =>
  withServer(async (server) => {
    server.enqueue({ content: ['hi'] }, { content: ['again'] });
    const credential = fakeTokenCredential('entra-token-123');
    const llm = azure(server, { credential, endpoint: `${server.url}/` });
    assert.equal(llm.provider, 'azure-openai');
    assert.equal(llm.defaultModel, 'gpt-4o-prod');
    await complete(llm, { messages: [{ role: 'user', content: 'hello' }] });
    await complete(llm, { messages: [{ role: 'user', content: 'hello' }] });
    for (const req of server.requests) {
      assert.equal(req.method, 'POST');
      assert.equal(req.path, '/openai/deployments/gpt-4o-prod/chat/completions');
      assert.equal(req.query.get('api-version'), DEFAULT_AZURE_OPENAI_API_VERSION);
      assert.equal(req.headers.authorization, 'Bearer entra-token-123');
      assert.equal(req.headers['api-key'], undefined);
      assert.equal(req.body.model, 'gpt-4o-prod');
    }
    assert.deepEqual(credential.calls, [[AZURE_OPENAI_SCOPE]], 'token fetched once, then cached');
  }));

test('azure-openai: a configured api-version is sent', () =>
  withServer(async (server) => {
    server.enqueue({ content: ['ok'] });
    await complete(azure(server, { apiVersion: '2025-04-01-preview' }), {
      messages: [{ role: 'user', content: 'x' }],
    });
    assert.equal(server.requests[0]!.query.get('api-version'), '2025-04-01-preview');
  }));

test('azure-openai: a credential that fails is llm_unavailable, with no request sent', () =>
  withServer(async (server) => {
    const llm = azure(server, {
      credential: {
        getToken: async () => {
          throw new Error('ManagedIdentityCredential: no identity endpoint');
        },
      },
    });
    await assert.rejects(
      complete(llm, { messages: [{ role: 'user', content: 'x' }] }),
      (err: unknown) =>
        err instanceof LLMError &&
        err.code === 'llm_unavailable' &&
        /no identity endpoint/.test(err.message),
    );
    assert.equal(server.requests.length, 0);
  }));

test('azure-openai: 401 from the service is not retried', () =>
  withServer(async (server) => {
    server.enqueue({
      kind: 'error',
      status: 401,
      message: 'Principal does not have access to API/Operation.',
      code: 'PermissionDenied',
    });
    await assert.rejects(
      complete(azure(server), { messages: [{ role: 'user', content: 'x' }] }),
      (err: unknown) =>
        err instanceof LLMError && err.status === 401 && /HTTP 401: Principal/.test(err.message),
    );
    assert.equal(server.requests.length, 1);
  }));
