import type { LLM } from '@hikma/llm';
import { routeLocally } from './local-router.ts';
import { routeWithLLM } from './llm-router.ts';
import type { IntentRequest, IntentResponse } from './schema.ts';

export interface IntentRouterOptions {
  /** Consulted when the rules are unsure; never when its provider is `offline`. */
  llm?: LLM;
  /** Local confidence below which the LLM is asked (default 0.6). */
  threshold?: number;
  /** Told about LLM failures, which otherwise fall back to the local answer silently. */
  onLLMError?: (error: unknown) => void;
}

/**
 * The chat command router behind POST /intent: rules first, the LLM only for messages the
 * rules are unsure of, and the rules' answer whenever the LLM fails.
 */
export class IntentRouter {
  private readonly llm: LLM | undefined;
  private readonly threshold: number;
  private readonly onLLMError: ((error: unknown) => void) | undefined;

  constructor(options: IntentRouterOptions = {}) {
    // The offline provider only invents schema-shaped values; the rules know better.
    this.llm = options.llm && options.llm.provider !== 'offline' ? options.llm : undefined;
    this.threshold = options.threshold ?? 0.6;
    this.onLLMError = options.onLLMError;
  }

  /** Routes one chat message. */
  async route(request: IntentRequest, signal?: AbortSignal): Promise<IntentResponse> {
    const local = routeLocally(request);
    if (!this.llm || local.confidence >= this.threshold) {
      return { source: 'local', confidence: local.confidence, intent: local.intent };
    }
    try {
      const intent = await routeWithLLM(this.llm, request, signal);
      return { source: 'llm', confidence: local.confidence, intent };
    } catch (error) {
      this.onLLMError?.(error);
      return { source: 'local', confidence: local.confidence, intent: local.intent };
    }
  }
}
