import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AzureOpenAILLM,
  LLMSettingsError,
  OfflineLLM,
  OpenAICompatibleLLM,
  complete,
  createLLM,
  describeLLMSettings,
  llmSettingsFromEnv,
  voiceLLMSettings,
} from '../src/index.ts';
import type { LLMSettings } from '../src/index.ts';
import { fakeTokenCredential } from '../src/testing/index.ts';
import { withServer } from './conformance.ts';

/** Asserts that `fn` throws an LLMSettingsError naming `variable` in its message. */
function throwsNaming(fn: () => unknown, variable: string, detail?: RegExp): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof LLMSettingsError, `expected LLMSettingsError, got ${String(err)}`);
    assert.ok(err.message.includes(variable), `"${err.message}" names ${variable}`);
    assert.ok(err.settings.some((s) => s.startsWith(variable)));
    if (detail) assert.match(err.message, detail);
    return true;
  });
}

test('llmSettingsFromEnv: nothing set is offline; a base URL alone means openai', () => {
  assert.deepEqual(llmSettingsFromEnv({}, 'VOICE_'), { provider: 'offline' });
  assert.deepEqual(llmSettingsFromEnv({ VOICE_LLM_MODEL: 'offline-2' }, 'VOICE_'), {
    provider: 'offline',
    model: 'offline-2',
  });
  assert.deepEqual(
    llmSettingsFromEnv(
      {
        RESEARCH_LLM_BASE_URL: 'http://localhost:11434/v1',
        RESEARCH_LLM_MODEL: 'qwen2.5:7b',
        RESEARCH_LLM_TIMEOUT_MS: '30000',
        RESEARCH_LLM_MAX_RETRIES: '2',
        // Another service's variables are not read.
        VOICE_LLM_API_KEY: 'sk-voice',
      },
      'RESEARCH_',
    ),
    {
      provider: 'openai',
      baseURL: 'http://localhost:11434/v1',
      model: 'qwen2.5:7b',
      timeoutMs: 30000,
      maxRetries: 2,
    },
  );
  assert.deepEqual(
    llmSettingsFromEnv(
      {
        VOICE_LLM_PROVIDER: 'openai',
        VOICE_LLM_BASE_URL: 'https://api.openai.com/v1',
        VOICE_LLM_API_KEY: 'sk-x',
        VOICE_LLM_MODEL: 'gpt-4o-mini',
      },
      'VOICE_',
    ),
    {
      provider: 'openai',
      baseURL: 'https://api.openai.com/v1',
      apiKey: 'sk-x',
      model: 'gpt-4o-mini',
    },
  );
});

test('llmSettingsFromEnv: azure-openai from its variables; the deployment may come from LLM_MODEL', () => {
  assert.deepEqual(
    llmSettingsFromEnv(
      {
        VOICE_LLM_PROVIDER: 'azure-openai',
        VOICE_LLM_AZURE_ENDPOINT: 'https://res.openai.azure.com',
        VOICE_LLM_AZURE_DEPLOYMENT: 'gpt-4o',
        VOICE_LLM_AZURE_API_VERSION: '2025-04-01-preview',
      },
      'VOICE_',
    ),
    {
      provider: 'azure-openai',
      endpoint: 'https://res.openai.azure.com',
      deployment: 'gpt-4o',
      apiVersion: '2025-04-01-preview',
    },
  );
  assert.deepEqual(
    llmSettingsFromEnv(
      { LLM_AZURE_ENDPOINT: 'https://res.openai.azure.com', LLM_MODEL: 'gpt-4o-mini' },
      '',
    ),
    {
      provider: 'azure-openai',
      endpoint: 'https://res.openai.azure.com',
      deployment: 'gpt-4o-mini',
    },
  );
});

test('llmSettingsFromEnv: errors name the bad variable', () => {
  throwsNaming(
    () => llmSettingsFromEnv({ VOICE_LLM_PROVIDER: 'gemini' }, 'VOICE_'),
    'VOICE_LLM_PROVIDER',
    /offline, openai, azure-openai/,
  );
  throwsNaming(
    () => llmSettingsFromEnv({ VOICE_LLM_BASE_URL: 'http://localhost:8000/v1' }, 'VOICE_'),
    'VOICE_LLM_MODEL',
    /required/,
  );
  throwsNaming(
    () =>
      llmSettingsFromEnv(
        { RESEARCH_LLM_BASE_URL: 'localhost:8000', RESEARCH_LLM_MODEL: 'm' },
        'RESEARCH_',
      ),
    'RESEARCH_LLM_BASE_URL',
    /http\(s\) URL/,
  );
  throwsNaming(
    () =>
      llmSettingsFromEnv(
        { LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'm', LLM_TIMEOUT_MS: '30s' },
        '',
      ),
    'LLM_TIMEOUT_MS',
    /whole number.*"30s"/,
  );
  throwsNaming(
    () =>
      llmSettingsFromEnv({ LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'm', LLM_TIMEOUT_MS: '0' }, ''),
    'LLM_TIMEOUT_MS',
  );
  throwsNaming(
    () =>
      llmSettingsFromEnv(
        {
          VOICE_LLM_PROVIDER: 'azure-openai',
          VOICE_LLM_AZURE_ENDPOINT: 'https://r.openai.azure.com',
        },
        'VOICE_',
      ),
    'VOICE_LLM_AZURE_DEPLOYMENT',
  );
  throwsNaming(
    () =>
      llmSettingsFromEnv(
        {
          VOICE_LLM_PROVIDER: 'azure-openai',
          VOICE_LLM_AZURE_ENDPOINT: 'https://r.openai.azure.com',
          VOICE_LLM_AZURE_DEPLOYMENT: 'd',
          VOICE_LLM_API_KEY: 'secret-value',
        },
        'VOICE_',
      ),
    'VOICE_LLM_API_KEY',
    /Entra ID/,
  );
  throwsNaming(
    () =>
      llmSettingsFromEnv(
        { LLM_BASE_URL: 'http://x/v1', LLM_AZURE_ENDPOINT: 'https://r.openai.azure.com' },
        '',
      ),
    'LLM_PROVIDER',
  );
});

test('llmSettingsFromEnv never puts the API key in an error message', () => {
  assert.throws(
    () => llmSettingsFromEnv({ LLM_BASE_URL: 'nope', LLM_API_KEY: 'sk-very-secret' }, ''),
    (err: Error) => !err.message.includes('sk-very-secret'),
  );
});

test('voiceLLMSettings maps CLOUD_LLM_ENDPOINT onto azure-openai or an openai base URL', () => {
  assert.deepEqual(
    voiceLLMSettings({
      CLOUD_LLM_ENDPOINT:
        'https://contoso-eu.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
    }),
    {
      provider: 'azure-openai',
      endpoint: 'https://contoso-eu.openai.azure.com',
      deployment: 'gpt-4o',
      apiVersion: '2024-10-21',
    },
  );
  assert.deepEqual(
    voiceLLMSettings({
      CLOUD_LLM_ENDPOINT: 'https://contoso-eu.openai.azure.com/',
      VOICE_LLM_AZURE_DEPLOYMENT: 'voice-gpt4o-mini',
      VOICE_LLM_TIMEOUT_MS: '20000',
    }),
    {
      provider: 'azure-openai',
      endpoint: 'https://contoso-eu.openai.azure.com',
      deployment: 'voice-gpt4o-mini',
      timeoutMs: 20000,
    },
  );
  assert.deepEqual(
    voiceLLMSettings({
      CLOUD_LLM_ENDPOINT: 'http://vllm.internal:8000/v1',
      VOICE_LLM_MODEL: 'meta-llama/Llama-3.1-8B-Instruct',
      VOICE_LLM_API_KEY: 'token',
    }),
    {
      provider: 'openai',
      baseURL: 'http://vllm.internal:8000/v1',
      apiKey: 'token',
      model: 'meta-llama/Llama-3.1-8B-Instruct',
    },
  );
  // The VOICE_ variables win over the spec's variable.
  assert.deepEqual(
    voiceLLMSettings({
      CLOUD_LLM_ENDPOINT: 'https://contoso.openai.azure.com',
      VOICE_LLM_PROVIDER: 'openai',
      VOICE_LLM_BASE_URL: 'http://localhost:11434/v1',
      VOICE_LLM_MODEL: 'llama3.2',
    }),
    { provider: 'openai', baseURL: 'http://localhost:11434/v1', model: 'llama3.2' },
  );
  assert.deepEqual(voiceLLMSettings({ VOICE_LLM_PROVIDER: 'offline' }), { provider: 'offline' });
  assert.deepEqual(voiceLLMSettings({}), { provider: 'offline' });
});

test('voiceLLMSettings names CLOUD_LLM_ENDPOINT or the missing VOICE_ variable', () => {
  throwsNaming(() => voiceLLMSettings({ CLOUD_LLM_ENDPOINT: 'not a url' }), 'CLOUD_LLM_ENDPOINT');
  throwsNaming(
    () => voiceLLMSettings({ CLOUD_LLM_ENDPOINT: 'ftp://x.example/v1' }),
    'CLOUD_LLM_ENDPOINT',
  );
  throwsNaming(
    () => voiceLLMSettings({ CLOUD_LLM_ENDPOINT: 'https://contoso.openai.azure.com' }),
    'VOICE_LLM_AZURE_DEPLOYMENT',
  );
  throwsNaming(
    () => voiceLLMSettings({ CLOUD_LLM_ENDPOINT: 'http://vllm:8000/v1' }),
    'VOICE_LLM_MODEL',
  );
});

test('createLLM builds each provider and validates its settings', () => {
  const offline = createLLM({ provider: 'offline', model: 'offline-x' });
  assert.ok(offline instanceof OfflineLLM);
  assert.equal(offline.defaultModel, 'offline-x');
  const openai = createLLM({ provider: 'openai', baseURL: 'http://localhost:1/v1', model: 'm' });
  assert.ok(openai instanceof OpenAICompatibleLLM);
  assert.equal(openai.provider, 'openai');
  const azure = createLLM(
    { provider: 'azure-openai', endpoint: 'https://r.openai.azure.com', deployment: 'd' },
    { credential: fakeTokenCredential('t') },
  );
  assert.ok(azure instanceof AzureOpenAILLM);
  assert.equal(azure.defaultModel, 'd');
  assert.throws(
    () => createLLM({ provider: 'openai', baseURL: 'x', model: '' } as LLMSettings),
    (err: unknown) =>
      err instanceof LLMSettingsError && /baseURL/.test(err.message) && /model/.test(err.message),
  );
  assert.throws(
    () => createLLM({ provider: 'offline', baseURL: 'http://x' } as unknown as LLMSettings),
    /baseURL not a setting/,
  );
});

test('createLLM: offline responders are used', async () => {
  const llm = createLLM(
    { provider: 'offline' },
    { offlineResponders: { 'demo.task': () => 'from the responder' } },
  );
  const out = await complete(llm, {
    task: 'demo.task',
    messages: [{ role: 'user', content: 'x' }],
  });
  assert.equal(out.text, 'from the responder');
});

test('createLLM: settings from the environment drive a real adapter end to end', () =>
  withServer(async (server) => {
    server.enqueue({ content: ['via env'] }, { content: ['via azure'] });
    const openai = createLLM(
      llmSettingsFromEnv(
        { RESEARCH_LLM_BASE_URL: server.baseURL, RESEARCH_LLM_MODEL: 'env-model' },
        'RESEARCH_',
      ),
    );
    const a = await complete(openai, { messages: [{ role: 'user', content: 'x' }] });
    assert.equal(a.text, 'via env');
    assert.equal(server.requests[0]!.body.model, 'env-model');

    const azure = createLLM(
      voiceLLMSettings({
        CLOUD_LLM_ENDPOINT: `${server.url}/openai/deployments/dep1/chat/completions?api-version=2024-10-21`,
        VOICE_LLM_PROVIDER: 'azure-openai',
      }),
      { credential: fakeTokenCredential('tok') },
    );
    const b = await complete(azure, { messages: [{ role: 'user', content: 'x' }] });
    assert.equal(b.text, 'via azure');
    assert.equal(server.requests[1]!.path, '/openai/deployments/dep1/chat/completions');
    assert.equal(server.requests[1]!.headers.authorization, 'Bearer tok');
  }));

test('describeLLMSettings says what is configured and never the key', () => {
  assert.match(describeLLMSettings({ provider: 'offline' }), /^offline .*development fallback/);
  const openai = describeLLMSettings({
    provider: 'openai',
    baseURL: 'https://user:pw@api.example.com/v1',
    apiKey: 'sk-secret',
    model: 'gpt-4o-mini',
  });
  assert.equal(openai, 'openai model=gpt-4o-mini at https://api.example.com/v1 (API key set)');
  assert.equal(
    describeLLMSettings({
      provider: 'azure-openai',
      endpoint: 'https://r.openai.azure.com',
      deployment: 'gpt-4o',
    }),
    'azure-openai deployment=gpt-4o at https://r.openai.azure.com (Entra ID)',
  );
});
