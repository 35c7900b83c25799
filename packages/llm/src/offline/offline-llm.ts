import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatEvent, ChatRequest, LLM } from '../types.ts';
import { estimateMessagesTokens, estimateTokens } from '../tokens.ts';
import { jsonFromSchema } from './json-from-schema.ts';
import { offlineChatReply } from './chat-reply.ts';

/** What a task responder returns: text (JSON text for structured tasks) or one tool call. */
export type OfflineResponse = string | { toolCall: { name: string; arguments: string } };

/** Answers requests of one task deterministically (no model involved). */
export type OfflineResponder = (request: ChatRequest) => OfflineResponse | Promise<OfflineResponse>;

export interface OfflineLLMOptions {
  /** Responders keyed by `ChatRequest.task`; services register their own. */
  responders?: Record<string, OfflineResponder>;
  defaultModel?: string;
  /** Characters per streamed text delta (default 24). */
  chunkChars?: number;
  /** Delay between deltas, to imitate token streaming (default 0). */
  chunkDelayMs?: number;
}

let callCounter = 0;

/**
 * The embedded development provider: deterministic, no model, no network. It picks, in
 * order: the responder registered for the request's task; for a structured request, a
 * value generated from the JSON Schema; otherwise the rule-based chat reply (which can
 * call tools). It is a fallback for development and says so in logs and health output.
 */
export class OfflineLLM implements LLM {
  readonly provider = 'offline';
  readonly defaultModel: string;
  private readonly responders = new Map<string, OfflineResponder>();
  private readonly chunkChars: number;
  private readonly chunkDelayMs: number;

  constructor(options: OfflineLLMOptions = {}) {
    this.defaultModel = options.defaultModel ?? 'offline-1';
    this.chunkChars = options.chunkChars ?? 24;
    this.chunkDelayMs = options.chunkDelayMs ?? 0;
    for (const [task, responder] of Object.entries(options.responders ?? {})) {
      this.responders.set(task, responder);
    }
  }

  /** Registers (or replaces) the responder for a task. */
  register(task: string, responder: OfflineResponder): void {
    this.responders.set(task, responder);
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    const promptTokens = estimateMessagesTokens(request.messages);
    const response = await this.respond(request);
    if (request.signal?.aborted) {
      yield { type: 'done', finishReason: 'cancelled' };
      return;
    }
    if (typeof response !== 'string') {
      const call = { id: `call_${(++callCounter).toString(36)}`, ...response.toolCall };
      yield { type: 'tool_call', call };
      yield {
        type: 'usage',
        usage: { promptTokens, completionTokens: estimateTokens(call.name + call.arguments) },
      };
      yield { type: 'done', finishReason: 'tool_calls' };
      return;
    }
    for (let i = 0; i < response.length; i += this.chunkChars) {
      if (request.signal?.aborted) {
        yield { type: 'done', finishReason: 'cancelled' };
        return;
      }
      if (this.chunkDelayMs > 0 && i > 0) await sleep(this.chunkDelayMs);
      yield { type: 'text_delta', text: response.slice(i, i + this.chunkChars) };
    }
    yield { type: 'usage', usage: { promptTokens, completionTokens: estimateTokens(response) } };
    yield { type: 'done', finishReason: 'stop' };
  }

  private async respond(request: ChatRequest): Promise<OfflineResponse> {
    const responder = request.task ? this.responders.get(request.task) : undefined;
    if (responder) return responder(request);
    if (request.responseFormat)
      return JSON.stringify(jsonFromSchema(request.responseFormat.schema));
    const reply = offlineChatReply(request);
    return 'text' in reply ? reply.text : { toolCall: reply.toolCall };
  }
}
