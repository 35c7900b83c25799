// Shared by the chaos-server tests: a paper-like schema, its tidy answer, and an adapter
// built through createLLM against a chaos server. Not a test file by itself.
import { z } from 'zod';
import assert from 'node:assert/strict';
import { InvalidOutputError, createLLM, generateObject } from '../src/index.ts';
import type { GenerateObjectOptions, GeneratedObject, LLM, RetryInfo } from '../src/index.ts';
import { startChaosOpenAIServer } from '../src/testing/index.ts';
import type { ChaosOpenAIServer, ChaosRequest, ChaosServerOptions } from '../src/testing/index.ts';

export const Paper = z.object({
  title: z.string().min(1),
  year: z.number().int(),
  authors: z.array(z.string()).min(1),
  abstract: z.string(),
});
export type Paper = z.infer<typeof Paper>;

export const tidyPaper: Paper = {
  title: 'Attention over chaos',
  year: 2024,
  authors: ['A. Lovelace', 'C. Babbage'],
  abstract: 'We study models that are sloppy on purpose, and pipelines that survive them.',
};

export interface Chaos {
  server: ChaosOpenAIServer;
  llm: LLM;
  retries: RetryInfo[];
  /** Requests the tidy responder saw, in order. */
  seen: ChaosRequest[];
  paper(options?: Partial<GenerateObjectOptions<Paper>>): ReturnType<typeof generateObject<Paper>>;
}

/** Adapter settings the tests use: short idle timeout and backoff, 3 retries. */
export interface ChaosClient {
  timeoutMs?: number;
  maxRetries?: number;
  maxRetryAfterMs?: number;
}

/**
 * Starts a chaos server (no faults unless `options` names some) answering `tidyPaper`,
 * builds an `openai` LLM for it with `createLLM`, hands both to `body`, and closes the server.
 */
export async function withChaos(
  options: Partial<ChaosServerOptions>,
  body: (chaos: Chaos) => Promise<void>,
  client: ChaosClient = {},
): Promise<void> {
  const seen: ChaosRequest[] = [];
  const server = await startChaosOpenAIServer({
    seed: 1,
    jsonFaults: {},
    transportFaults: {},
    tidy: (request) => {
      seen.push(request);
      return JSON.stringify(tidyPaper);
    },
    ...options,
  });
  const retries: RetryInfo[] = [];
  const llm = createLLM(
    {
      provider: 'openai',
      baseURL: server.baseURL,
      model: 'chaos-model',
      timeoutMs: client.timeoutMs ?? 1_000,
      maxRetries: client.maxRetries ?? 3,
    },
    {
      onRetry: (info) => retries.push(info),
      retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: client.maxRetryAfterMs ?? 50 },
    },
  );
  const paper = (extra: Partial<GenerateObjectOptions<Paper>> = {}) =>
    generateObject({
      llm,
      schema: Paper,
      name: 'paper',
      messages: [{ role: 'user', content: 'Describe the paper.' }],
      ...extra,
    });
  try {
    await body({ server, llm, retries, seen, paper });
  } finally {
    await server.close();
  }
}

/** Seeds the tests at a 50 % fault rate go through: each gives a different plan. */
export const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * At a partial fault rate, where each fault costs one attempt: the call returns the tidy
 * value after one attempt per fault plus one, or, if every attempt drew a fault, fails with
 * `InvalidOutputError`.
 */
export async function assertRecovers(
  run: () => Promise<GeneratedObject<unknown>>,
  server: ChaosOpenAIServer,
  maxAttempts: number,
  label: string,
): Promise<void> {
  let out: GeneratedObject<unknown>;
  try {
    out = await run();
  } catch (err) {
    assert.ok(err instanceof InvalidOutputError, `${label}: ${String(err)}`);
    assert.equal(server.injected.length, maxAttempts, `${label}: failed with attempts left`);
    return;
  }
  assert.deepEqual(out.value, tidyPaper, label);
  assert.equal(out.attempts, server.injected.length + 1, label);
}
