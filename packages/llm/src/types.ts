/** Role of a chat message, in the common chat-completions format. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  name: string;
  /** JSON text, as the model produced it. */
  arguments: string;
}

export interface ChatMessage {
  role: Role;
  content: string;
  /** Tool calls requested by an assistant message. */
  toolCalls?: ToolCall[];
  /** For role `tool`: the id of the call this message answers. */
  toolCallId?: string;
}

/** A function tool in the common LLM tool format. */
export interface ToolSpec {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters?: Record<string, unknown>;
  };
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** Asks the model for a JSON value matching a JSON Schema. */
export interface JsonResponseFormat {
  type: 'json_schema';
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  model?: string;
  tools?: ToolSpec[];
  temperature?: number;
  maxTokens?: number;
  responseFormat?: JsonResponseFormat;
  /**
   * A stable name for what the request is for (e.g. `research.ideation`). Real providers
   * ignore it except for logging; the offline provider uses it to pick a responder.
   */
  task?: string;
  /** Structured context for the task (the offline provider reads it; others ignore it). */
  context?: Record<string, unknown>;
  signal?: AbortSignal;
  /**
   * The caller uses the answer only once it is whole (structured output, `complete()`), so a
   * stream that fails mid-answer may be retried from the start: the provider then yields
   * `{type: 'restart'}` and the caller drops what it had. Default false, because streamed
   * text may already be on a user's screen or in their ear.
   */
  restartable?: boolean;
}

export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'cancelled';

/** Events of a streamed chat completion, in the order they arrive. */
export type ChatEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'usage'; usage: Usage }
  | { type: 'done'; finishReason: FinishReason }
  /** Only for `restartable` requests: the answer so far is void, a new attempt follows. */
  | { type: 'restart'; reason: string };

/** The contract every LLM provider implements. */
export interface LLM {
  /** Provider name for logs and health output, e.g. `offline`, `openai`. */
  readonly provider: string;
  /** Default model name used when a request names none. */
  readonly defaultModel: string;
  /** Streams one chat completion. Aborting `request.signal` ends the stream promptly. */
  stream(request: ChatRequest): AsyncIterable<ChatEvent>;
}

/** The collected result of one completion. */
export interface ChatResult {
  text: string;
  toolCalls: ToolCall[];
  usage: Usage;
  finishReason: FinishReason;
}
