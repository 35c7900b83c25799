import { AzureOpenAI } from 'openai';
import type { TokenCredential } from '@azure/identity';
import { ChatCompletionsLLM } from '../openai/chat-completions-llm.ts';
import type { ChatCompletionsTuning } from '../openai/chat-completions-llm.ts';

/** The Entra ID scope of Azure OpenAI (Cognitive Services). */
export const AZURE_OPENAI_SCOPE = 'https://cognitiveservices.azure.com/.default';
/** The data-plane API version used when none is configured (a GA version). */
export const DEFAULT_AZURE_OPENAI_API_VERSION = '2024-10-21';

export interface AzureOpenAILLMOptions extends ChatCompletionsTuning {
  /** Resource endpoint, e.g. `https://my-resource.openai.azure.com`. */
  endpoint: string;
  /** Deployment name; also the `defaultModel`. */
  deployment: string;
  /** Data-plane API version (default `2024-10-21`). */
  apiVersion?: string;
  /**
   * Entra ID credential; default `DefaultAzureCredential` (managed identity, workload
   * identity, Azure CLI, …). No API key is ever used.
   */
  credential?: TokenCredential;
}

/**
 * Azure OpenAI chat completions authenticated with Microsoft Entra ID bearer tokens (no
 * key): `POST {endpoint}/openai/deployments/{deployment}/chat/completions?api-version=…`.
 */
export class AzureOpenAILLM extends ChatCompletionsLLM {
  constructor(options: AzureOpenAILLMOptions) {
    const client = new AzureOpenAI({
      // baseURL rather than endpoint, and apiKey null, so the SDK reads nothing from the
      // environment (OPENAI_BASE_URL, AZURE_OPENAI_API_KEY).
      baseURL: `${options.endpoint.replace(/\/+$/, '').replace(/\/openai$/, '')}/openai`,
      apiKey: null as unknown as undefined,
      organization: null,
      project: null,
      webhookSecret: null,
      deployment: options.deployment,
      apiVersion: options.apiVersion ?? DEFAULT_AZURE_OPENAI_API_VERSION,
      azureADTokenProvider: entraTokenProvider(options.credential),
      maxRetries: 0,
    });
    super({ ...options, provider: 'azure-openai', defaultModel: options.deployment, client });
  }
}

/**
 * A bearer-token provider for the Azure OpenAI scope. `@azure/identity` takes ~200 ms to
 * load, so it is imported on the first request, not when this module is.
 * `getBearerTokenProvider` caches the token and refreshes it before it expires.
 */
function entraTokenProvider(credential: TokenCredential | undefined): () => Promise<string> {
  let provider: Promise<() => Promise<string>> | undefined;
  return async () => {
    provider ??= import('@azure/identity').then(
      (identity) =>
        identity.getBearerTokenProvider(
          credential ?? new identity.DefaultAzureCredential(),
          AZURE_OPENAI_SCOPE,
        ),
      (err: unknown) => {
        provider = undefined;
        throw err;
      },
    );
    return (await provider)();
  };
}
