import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatEvent, ChatRequest, LLM } from '@hikma/llm';

/** One step of a scripted reply: an event, a pause, or a wait until the request is aborted. */
export type ScriptedStep = ChatEvent | { delayMs: number } | { hold: true };

/** One scripted reply: its text (streamed word by word), or its steps. */
export type ScriptedReply = string | ScriptedStep[];

/**
 * A scripted LLM for tests: each request takes the next reply, whatever it asks, and records
 * the request. A request beyond the script fails, so a test notices an unexpected call.
 * Aborting the request's signal ends its stream at once.
 */
export class ScriptedLLM implements LLM {
  readonly provider = 'scripted';
  readonly defaultModel = 'scripted-1';
  readonly requests: ChatRequest[] = [];

  constructor(private readonly script: ScriptedReply[]) {}

  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    this.requests.push(request);
    const reply = this.script.shift();
    if (reply === undefined) throw new Error('ScriptedLLM: unexpected request (script exhausted)');
    const signal = request.signal;
    for (const step of typeof reply === 'string' ? textSteps(reply) : reply) {
      if (signal?.aborted) return;
      if ('hold' in step) {
        if (signal) await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
        return;
      }
      if ('delayMs' in step) {
        await sleep(step.delayMs, undefined, { signal }).catch(() => {});
        continue;
      }
      yield step;
    }
  }
}

function textSteps(text: string): ScriptedStep[] {
  const words = text.match(/\S+\s*/g) ?? [];
  return [
    ...words.map((w): ChatEvent => ({ type: 'text_delta', text: w })),
    { type: 'usage', usage: { promptTokens: 10, completionTokens: words.length } },
    { type: 'done', finishReason: 'stop' },
  ];
}
