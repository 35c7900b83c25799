import type { ChatRequest, ChatResult, LLM, ToolCall, Usage } from './types.ts';
import { LLMError } from './errors.ts';

/** Runs a completion to the end and collects text, tool calls and usage. */
export async function complete(llm: LLM, request: ChatRequest): Promise<ChatResult> {
  let text = '';
  const toolCalls: ToolCall[] = [];
  let usage: Usage = { promptTokens: 0, completionTokens: 0 };
  let finishReason: ChatResult['finishReason'] = 'stop';
  for await (const event of llm.stream(request)) {
    switch (event.type) {
      case 'text_delta':
        text += event.text;
        break;
      case 'tool_call':
        toolCalls.push(event.call);
        break;
      case 'usage':
        usage = event.usage;
        break;
      case 'done':
        finishReason = event.finishReason;
        break;
    }
  }
  if (request.signal?.aborted) throw new LLMError('llm_cancelled', 'completion was cancelled');
  return { text, toolCalls, usage, finishReason };
}

/** Adds two usage records. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
  };
}
