import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { complete, createLLM, generateObject, llmSettingsFromEnv } from '../src/index.ts';

// Runs against a real endpoint only when one is configured, e.g.
//   LIVE_LLM_BASE_URL=https://api.openai.com/v1 LIVE_LLM_API_KEY=sk-... LIVE_LLM_MODEL=gpt-4o-mini
//   LIVE_LLM_AZURE_ENDPOINT=https://<name>.openai.azure.com LIVE_LLM_AZURE_DEPLOYMENT=<deployment>  (az login first)
const configured = Boolean(process.env.LIVE_LLM_BASE_URL || process.env.LIVE_LLM_AZURE_ENDPOINT);

test(
  'a real endpoint streams text, calls a tool and returns structured output',
  { skip: !configured && 'set LIVE_LLM_BASE_URL or LIVE_LLM_AZURE_ENDPOINT to run' },
  async () => {
    const llm = createLLM(llmSettingsFromEnv(process.env, 'LIVE_'));
    const hello = await complete(llm, {
      messages: [{ role: 'user', content: 'Say hello in one word.' }],
      maxTokens: 20,
    });
    assert.ok(hello.text.length > 0);
    assert.ok(hello.usage.promptTokens > 0 && hello.usage.completionTokens > 0);

    const tool = await complete(llm, {
      messages: [{ role: 'user', content: 'What is the weather in Paris? Use the tool.' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Weather for a city',
            parameters: {
              type: 'object',
              properties: { city: { type: 'string' } },
              required: ['city'],
            },
          },
        },
      ],
    });
    assert.equal(tool.toolCalls[0]?.name, 'get_weather');
    assert.match(tool.toolCalls[0]!.arguments, /Paris/);

    const out = await generateObject({
      llm,
      schema: z.object({ capital: z.string(), population_millions: z.number() }),
      name: 'country_facts',
      messages: [
        { role: 'user', content: 'Give the capital of France and its population in millions.' },
      ],
    });
    assert.match(out.value.capital, /Paris/);
  },
);
