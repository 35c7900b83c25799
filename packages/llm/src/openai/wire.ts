import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ChatEvent, ChatMessage, FinishReason, ToolCall, ToolSpec, Usage } from '../types.ts';

/** Our chat messages in the chat-completions wire format. */
export function toWireMessages(messages: ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    switch (m.role) {
      case 'system':
        return { role: 'system', content: m.content };
      case 'user':
        return { role: 'user', content: m.content };
      case 'assistant': {
        const calls = m.toolCalls ?? [];
        if (calls.length === 0) return { role: 'assistant', content: m.content };
        return {
          role: 'assistant',
          // Some servers reject an empty string next to tool calls; null is the documented form.
          content: m.content === '' ? null : m.content,
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: 'function' as const,
            function: { name: c.name, arguments: c.arguments },
          })),
        };
      }
      case 'tool':
        if (!m.toolCallId) throw new TypeError('a message with role "tool" needs a toolCallId');
        return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    }
  });
}

/** Our function tools in the wire format (they already share its shape). */
export function toWireTools(tools: ToolSpec[]): ChatCompletionTool[] {
  return tools.map((t) => ({
    type: 'function',
    function: {
      name: t.function.name,
      ...(t.function.description !== undefined ? { description: t.function.description } : {}),
      ...(t.function.parameters !== undefined ? { parameters: t.function.parameters } : {}),
    },
  }));
}

/** Maps a wire finish reason onto ours; `content_filter` and unknown values become `stop`. */
export function mapFinishReason(reason: string, hadToolCalls: boolean): FinishReason {
  if (reason === 'length') return 'length';
  if (reason === 'tool_calls' || reason === 'function_call' || hadToolCalls) return 'tool_calls';
  return 'stop';
}

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

let generatedIds = 0;

/**
 * Turns the chunks of one streamed completion into our events: text deltas as they come,
 * tool calls assembled across chunks by `index` and released once the turn finishes, the
 * server's usage, and the finish reason.
 */
export class TurnAssembler {
  text = '';
  usage: Usage | undefined;
  finishReason: string | undefined;
  private readonly calls = new Map<number, PartialCall>();
  private readonly released: ToolCall[] = [];

  /** Events released by one chunk. */
  push(chunk: ChatCompletionChunk): ChatEvent[] {
    const events: ChatEvent[] = [];
    if (chunk.usage) {
      this.usage = {
        promptTokens: chunk.usage.prompt_tokens ?? 0,
        completionTokens: chunk.usage.completion_tokens ?? 0,
      };
    }
    for (const choice of chunk.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue;
      const delta = choice.delta ?? {};
      const text = delta.content ?? delta.refusal;
      if (text) {
        this.text += text;
        events.push({ type: 'text_delta', text });
      }
      delta.tool_calls?.forEach((part, position) => this.addCallPart(part, position));
      if (choice.finish_reason) {
        this.finishReason = choice.finish_reason;
        events.push(...this.releaseCalls());
      }
    }
    return events;
  }

  /** Tool calls not yet released (a stream that ended without a finish reason). */
  releaseCalls(): ChatEvent[] {
    const events: ChatEvent[] = [];
    for (const index of [...this.calls.keys()].sort((a, b) => a - b)) {
      const partial = this.calls.get(index)!;
      this.calls.delete(index);
      if (!partial.name) continue;
      const call: ToolCall = {
        id: partial.id || `call_${(++generatedIds).toString(36)}`,
        name: partial.name,
        arguments: partial.arguments.trim() === '' ? '{}' : partial.arguments,
      };
      this.released.push(call);
      events.push({ type: 'tool_call', call });
    }
    return events;
  }

  /** Tool calls released so far. */
  get toolCalls(): readonly ToolCall[] {
    return this.released;
  }

  private addCallPart(part: ChatCompletionChunk.Choice.Delta.ToolCall, position: number): void {
    // Some servers omit `index` (or send each call whole); fall back to the id, then position.
    let index: number = part.index;
    if (typeof index !== 'number') {
      const byId = part.id
        ? [...this.calls.entries()].find(([, c]) => c.id === part.id)?.[0]
        : undefined;
      index = byId ?? (part.id ? this.calls.size + this.released.length : position);
    }
    let call = this.calls.get(index);
    if (!call) {
      call = { id: '', name: '', arguments: '' };
      this.calls.set(index, call);
    }
    if (part.id && !call.id) call.id = part.id;
    if (part.function?.name && !call.name) call.name = part.function.name;
    if (part.function?.arguments) call.arguments += part.function.arguments;
  }
}
