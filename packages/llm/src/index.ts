// The contract
export type {
  ChatEvent,
  ChatMessage,
  ChatRequest,
  ChatResult,
  FinishReason,
  JsonResponseFormat,
  LLM,
  Role,
  ToolCall,
  ToolSpec,
  Usage,
} from './types.ts';
export { LLMError, InvalidOutputError } from './errors.ts';
export type { InvalidOutputReason } from './errors.ts';

// Helpers over any LLM
export { complete, addUsage } from './complete.ts';
export { generateObject, parseJsonLoose, DEFAULT_MAX_OUTPUT_CHARS } from './structured.ts';
export type { GenerateObjectOptions, GeneratedObject } from './structured.ts';
export { estimateTokens, estimateMessagesTokens } from './tokens.ts';
export { sentenceSpans, sentences } from './text/sentences.ts';
export type { SentenceSpan } from './text/sentences.ts';

// Choosing a provider from settings
export {
  createLLM,
  llmSettingsFromEnv,
  voiceLLMSettings,
  llmSettingsSchema,
  isAzureOpenAIHost,
  describeLLMSettings,
  LLMSettingsError,
  LLM_ENV_NAMES,
} from './factory.ts';
export type { LLMSettings, LLMProviderName, CreateLLMExtras } from './factory.ts';

// Real providers
export { ChatCompletionsLLM } from './openai/chat-completions-llm.ts';
export type { ChatCompletionsTuning, RetryInfo } from './openai/chat-completions-llm.ts';
export { OpenAICompatibleLLM } from './openai/openai-llm.ts';
export type { OpenAICompatibleLLMOptions } from './openai/openai-llm.ts';
export {
  AzureOpenAILLM,
  AZURE_OPENAI_SCOPE,
  DEFAULT_AZURE_OPENAI_API_VERSION,
} from './azure/azure-openai-llm.ts';
export type { AzureOpenAILLMOptions } from './azure/azure-openai-llm.ts';
export { DEFAULT_RETRY_POLICY } from './openai/retry.ts';

// Retrying outbound calls (shared by the services' speech and citation clients)
export {
  backoffDelayMs,
  decideRetry,
  isRetryableStatus,
  parseRetryAfter,
  retryAfterMs,
  RetryError,
  retrying,
  retryingStream,
} from './retry/index.ts';
export type {
  GiveUpReason,
  RetryDecision,
  RetryEvent,
  RetryOptions,
  RetryPolicy,
  RetryableFailure,
  StreamRetryOptions,
} from './retry/index.ts';

// The embedded offline provider
export { OfflineLLM } from './offline/offline-llm.ts';
export type {
  OfflineLLMOptions,
  OfflineResponder,
  OfflineResponse,
} from './offline/offline-llm.ts';
export { offlineChatReply, chooseTool, argumentsFor } from './offline/chat-reply.ts';
export { jsonFromSchema } from './offline/json-from-schema.ts';
export { hashString, seededRandom } from './offline/seeded.ts';
