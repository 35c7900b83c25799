import type { LLM } from '@hikma/llm';
import { routeLearned, type LearnedRoute } from './learned-router.ts';
import { routeWithLLM } from './llm-router.ts';
import { shippedIntentModel, type IntentModel } from './model/intent-model.ts';
import { clarifyIntent, completeIntent, HELP_TEXT } from './replies.ts';
import type { Intent, IntentRequest, IntentResponse } from './schema.ts';

/** Below this probability of its best action the router does not act on its own guess. */
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.6;

export interface IntentRouterOptions {
  /** Consulted when the model is unsure; never when its provider is `offline`. */
  llm?: LLM;
  /**
   * Model confidence below which the LLM is asked, or without one a clarifying question is
   * (default {@link DEFAULT_CONFIDENCE_THRESHOLD}).
   */
  threshold?: number;
  /** Told about LLM failures, which otherwise fall back to the local answer silently. */
  onLLMError?: (error: unknown) => void;
  /** The intent model (default: the one shipped with the package). */
  model?: IntentModel;
}

/**
 * The local answer when the model is unsure: a question naming its best two guesses, or,
 * when no word of the message is known, the help text.
 */
export function unsureIntent(route: LearnedRoute, request: IntentRequest): Intent {
  const [first, second] = route.ranked;
  if (!route.understood || !first || !second) {
    return completeIntent(
      { action: 'help', reply: `Sorry, I didn't catch that. ${HELP_TEXT}` },
      request.session,
    );
  }
  return clarifyIntent(first.action, second.action);
}

/**
 * The chat command router behind POST /intent: the learned model first; when it is unsure,
 * the LLM (if one is configured) or a clarifying question naming the model's best two
 * guesses. An action the client sends (the user's pick of such a question) is taken as given.
 */
export class IntentRouter {
  private readonly llm: LLM | undefined;
  private readonly threshold: number;
  private readonly onLLMError: ((error: unknown) => void) | undefined;
  private readonly model: IntentModel;

  constructor(options: IntentRouterOptions = {}) {
    // The offline provider only invents schema-shaped values; the model knows better.
    this.llm = options.llm && options.llm.provider !== 'offline' ? options.llm : undefined;
    this.threshold = options.threshold ?? DEFAULT_CONFIDENCE_THRESHOLD;
    this.onLLMError = options.onLLMError;
    // Loaded here, so a missing or stale model file stops the service at start.
    this.model = options.model ?? shippedIntentModel();
  }

  /** Routes one chat message. */
  async route(request: IntentRequest, signal?: AbortSignal): Promise<IntentResponse> {
    const local = routeLearned(request, this.model);
    const confidence = round(local.confidence);
    if (request.action || (local.understood && local.confidence >= this.threshold)) {
      return { source: 'local', confidence, intent: local.intent };
    }
    if (this.llm) {
      try {
        const intent = await routeWithLLM(this.llm, request, signal);
        const agreed = local.ranked.find((r) => r.action === intent.action)?.p ?? 0;
        return { source: 'llm', confidence: round(agreed), intent };
      } catch (error) {
        this.onLLMError?.(error);
      }
    }
    return { source: 'local', confidence, intent: unsureIntent(local, request) };
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
