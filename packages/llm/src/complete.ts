import type { ChatRequest, ChatResult, LLM, ToolCall, Usage } from './types.ts';
import { LLMError } from './errors.ts';
import { estimateMessagesTokens, estimateTokens } from './tokens.ts';

/**
 * Runs a completion to the end and collects text, tool calls and usage. Nothing is shown
 * before the end, so the request is `restartable` unless the caller says otherwise.
 */
export async function complete(llm: LLM, request: ChatRequest): Promise<ChatResult> {
  const { result } = await collect(llm, request);
  return result;
}

/** A collected completion; `overflowed` when reading stopped at `maxTextChars`. */
export interface Collected {
  result: ChatResult;
  overflowed: boolean;
}

/**
 * `complete()` with a bound: once the text passes `maxTextChars` the stream is closed (the
 * provider stops the HTTP request) and the text read so far is returned, so a runaway
 * answer costs neither unbounded memory nor the time to receive it.
 */
export async function collect(
  llm: LLM,
  request: ChatRequest,
  maxTextChars = Number.POSITIVE_INFINITY,
): Promise<Collected> {
  let text = '';
  let toolCalls: ToolCall[] = [];
  let usage: Usage | undefined;
  let finishReason: ChatResult['finishReason'] = 'stop';
  let overflowed = false;
  for await (const event of llm.stream({ ...request, restartable: request.restartable ?? true })) {
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
      case 'restart':
        text = '';
        toolCalls = [];
        break;
    }
    if (text.length > maxTextChars) {
      overflowed = true;
      break;
    }
  }
  if (request.signal?.aborted) throw new LLMError('llm_cancelled', 'completion was cancelled');
  // A stream left early reports no usage; the server still charged for what it sent.
  usage ??= overflowed
    ? {
        promptTokens: estimateMessagesTokens(request.messages, request.tools),
        completionTokens: estimateTokens(text),
      }
    : { promptTokens: 0, completionTokens: 0 };
  return { result: { text, toolCalls, usage, finishReason }, overflowed };
}

/** Adds two usage records. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
  };
}
