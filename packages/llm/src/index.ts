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
export { complete, addUsage } from './complete.ts';
export { generateObject, parseJsonLoose } from './structured.ts';
export type { GenerateObjectOptions, GeneratedObject } from './structured.ts';
export { estimateTokens, estimateMessagesTokens } from './tokens.ts';
export { OfflineLLM } from './offline/offline-llm.ts';
export type {
  OfflineLLMOptions,
  OfflineResponder,
  OfflineResponse,
} from './offline/offline-llm.ts';
export { offlineChatReply, chooseTool, argumentsFor } from './offline/chat-reply.ts';
export { jsonFromSchema } from './offline/json-from-schema.ts';
export { hashString, seededRandom } from './offline/seeded.ts';
