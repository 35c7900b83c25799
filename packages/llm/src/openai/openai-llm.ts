import { OpenAI } from 'openai';
import { ChatCompletionsLLM } from './chat-completions-llm.ts';
import type { ChatCompletionsTuning } from './chat-completions-llm.ts';

export interface OpenAICompatibleLLMOptions extends ChatCompletionsTuning {
  /** API root including the version segment, e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1`. */
  baseURL: string;
  /** Sent as `Authorization: Bearer …`; omit for local servers that need no key. */
  apiKey?: string;
  /** Model used when a request names none. */
  model: string;
  defaultHeaders?: Record<string, string>;
  organization?: string;
  /** Name reported in `provider` (logs, health); default `openai`. */
  provider?: string;
}

/**
 * Chat completions against any OpenAI-compatible server: OpenAI, vLLM, Ollama, llama.cpp
 * server, LM Studio. Nothing is read from the environment; pass every setting.
 */
export class OpenAICompatibleLLM extends ChatCompletionsLLM {
  constructor(options: OpenAICompatibleLLMOptions) {
    const client = new OpenAI({
      baseURL: options.baseURL,
      // The SDK insists on a key; without one the Authorization header is dropped below.
      apiKey: options.apiKey ?? 'none',
      organization: options.organization ?? null,
      project: null,
      webhookSecret: null,
      defaultHeaders: {
        ...(options.apiKey ? {} : { Authorization: null }),
        ...options.defaultHeaders,
      },
      maxRetries: 0,
    });
    super({
      ...options,
      provider: options.provider ?? 'openai',
      defaultModel: options.model,
      client,
    });
  }
}
