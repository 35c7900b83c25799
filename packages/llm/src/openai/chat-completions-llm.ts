import type { OpenAI } from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ChatEvent, ChatMessage, ChatRequest, LLM, Usage } from '../types.ts';
import { LLMError } from '../errors.ts';
import { estimateMessagesTokens, estimateTokens } from '../tokens.ts';
import { RetryError, retryingStream } from '../retry/retrying.ts';
import type { RetryPolicy } from '../retry/policy.ts';
import { DEFAULT_RETRY_POLICY, classifyFailure } from './retry.ts';
import type { AttemptFailure } from './retry.ts';
import { TurnAssembler, mapFinishReason, toWireMessages, toWireTools } from './wire.ts';

/** Options every chat-completions adapter shares. Durations are milliseconds. */
export interface ChatCompletionsTuning {
  /**
   * Longest wait for the response headers and, once streaming, between two chunks
   * (default 60 s). A long answer that keeps streaming is never cut off.
   */
  timeoutMs?: number;
  /** Retries after the first attempt on 408/409/429/5xx, connection errors and timeouts (default 4). */
  maxRetries?: number;
  /** Backoff tuning (tests shorten it): base 500 ms, cap 20 s, `Retry-After` cap 60 s. */
  retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
  /**
   * Which body field carries `maxTokens`. `auto` (default) sends `max_completion_tokens` to
   * OpenAI reasoning models (model names starting `o1`…`o9` or `gpt-5`) and `max_tokens` to
   * everything else, which is what most OpenAI-compatible servers understand.
   */
  maxTokensParameter?: 'auto' | 'max_tokens' | 'max_completion_tokens';
  /** Called before each retry wait, for logs and metrics. */
  onRetry?: (info: RetryInfo) => void;
}

/** What `onRetry` is told. */
export interface RetryInfo {
  provider: string;
  /** The retry about to happen, from 1. */
  retry: number;
  delayMs: number;
  status?: number;
  reason: string;
}

/** What the base class needs from a concrete adapter. */
export interface ChatCompletionsLLMInit extends ChatCompletionsTuning {
  provider: string;
  defaultModel: string;
  /** An SDK client created with `maxRetries: 0`: the retry policy is ours. */
  client: OpenAI;
}

/** How much of `responseFormat` the server accepts; degraded after a 400 that names it. */
enum FormatLevel {
  JsonSchema = 0,
  JsonObject = 1,
  PromptOnly = 2,
}

const CANCELLED: ChatEvent = { type: 'done', finishReason: 'cancelled' };
const REASONING_MODEL = /^(o\d|gpt-5)/i;

/**
 * The common work of every OpenAI chat-completions adapter: request mapping, streaming,
 * tool-call assembly, usage (reported or estimated), retries with backoff, the per-chunk
 * timeout, cancellation, and the structured-output fallback. Adapters only build the client.
 *
 * Contract: retries happen only while nothing has been yielded, so a consumer never sees
 * text twice; a failure after that throws `LLMError('llm_unavailable')` from the iterator,
 * unless the request is `restartable`: then it is retried like any other failure, after a
 * `{type: 'restart'}` event that tells the consumer to drop the partial answer.
 * Aborting `request.signal` closes the HTTP stream at once and the iterator ends with
 * `{type: 'done', finishReason: 'cancelled'}` (no throw), as the offline provider does.
 */
export class ChatCompletionsLLM implements LLM {
  readonly provider: string;
  readonly defaultModel: string;
  protected readonly client: OpenAI;
  private readonly timeoutMs: number;
  private readonly policy: RetryPolicy;
  private readonly maxTokensParameter: NonNullable<ChatCompletionsTuning['maxTokensParameter']>;
  private readonly onRetry: ((info: RetryInfo) => void) | undefined;
  /** Per model: the response-format level the server was found to accept. */
  private readonly formatLevels = new Map<string, FormatLevel>();
  /** Cleared when the server rejects `stream_options` (older OpenAI-compatible servers). */
  private streamUsage = true;

  constructor(init: ChatCompletionsLLMInit) {
    this.provider = init.provider;
    this.defaultModel = init.defaultModel;
    this.client = init.client;
    this.timeoutMs = init.timeoutMs ?? 60_000;
    this.policy = {
      ...DEFAULT_RETRY_POLICY,
      ...init.retry,
      maxRetries: init.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    };
    this.maxTokensParameter = init.maxTokensParameter ?? 'auto';
    this.onRetry = init.onRetry;
    if (!Number.isInteger(this.timeoutMs) || this.timeoutMs <= 0)
      throw new RangeError(`timeoutMs must be a positive integer, got ${this.timeoutMs}`);
    if (!Number.isInteger(this.policy.maxRetries) || this.policy.maxRetries < 0)
      throw new RangeError(
        `maxRetries must be a non-negative integer, got ${this.policy.maxRetries}`,
      );
  }

  /** Streams one completion (see the class comment for retries and cancellation). */
  async *stream(request: ChatRequest): AsyncGenerator<ChatEvent> {
    const signal = request.signal;
    if (signal?.aborted) {
      yield CANCELLED;
      return;
    }
    const model = request.model ?? this.defaultModel;
    const state: RequestState = {
      model,
      format: request.responseFormat
        ? (this.formatLevels.get(model) ?? FormatLevel.JsonSchema)
        : FormatLevel.JsonSchema,
    };
    try {
      yield* retryingStream(() => this.attempt(request, state), {
        policy: this.policy,
        classify: (err) => (err instanceof FailedAttempt ? err.failure : undefined),
        ...(signal ? { signal } : {}),
        // Text already yielded may have reached a user; only a caller that keeps nothing of
        // a partial answer (it said `restartable`) may see the answer again from the start.
        restart: (failure) =>
          request.restartable === true ? { type: 'restart', reason: failure.message } : undefined,
        onRetry: ({ retry, delayMs, failure }) =>
          this.onRetry?.({
            provider: this.provider,
            retry,
            delayMs,
            status: failure.status,
            reason: failure.message,
          }),
      });
    } catch (err) {
      // Also an abort during a retry wait.
      if (signal?.aborted) {
        yield CANCELLED;
        return;
      }
      if (err instanceof RetryError) {
        const failure = err.failure as AttemptFailure;
        throw this.toError(failure, err.reason === 'output_started', err.attempts);
      }
      throw err;
    }
  }

  /**
   * One request and its stream. Its failures are thrown as {@link FailedAttempt} for the
   * retry loop; a 400 that names the response format or `stream_options` lowers what is
   * asked and is retried at once.
   */
  private async *attempt(request: ChatRequest, state: RequestState): AsyncGenerator<ChatEvent> {
    const signal = request.signal;
    const messages = withFormatInstruction(request, state.format);
    // Built outside the try: a malformed request is our caller's bug, not a failed attempt.
    const body = this.body(request, state.model, messages, state.format);
    const attempt = new Attempt(signal, this.timeoutMs);
    const turn = new TurnAssembler();
    let yielded = false;
    try {
      const stream = await this.client.chat.completions.create(body, {
        signal: attempt.signal,
        timeout: this.timeoutMs,
        maxRetries: 0,
      });
      attempt.restart();
      for await (const chunk of stream) {
        // The timer measures the server, not a consumer that is slow to pull.
        attempt.pause();
        for (const event of turn.push(chunk)) {
          yielded = true;
          yield event;
        }
        attempt.restart();
      }
      attempt.pause();
      // The SDK ends its iterator quietly when the request is aborted.
      if (signal?.aborted) {
        yield CANCELLED;
        return;
      }
      if (attempt.timedOut) throw new Error('idle timeout');
      if (turn.finishReason === undefined) throw new StreamEndedEarly();
      yield* this.finish(turn, messages, request);
    } catch (err) {
      if (signal?.aborted) {
        yield CANCELLED;
        return;
      }
      const failure =
        err instanceof StreamEndedEarly
          ? streamEndedEarly(err)
          : classifyFailure(err, attempt.timedOut, this.timeoutMs);
      if (
        turn.finishReason !== undefined &&
        (failure.kind === 'connection' || failure.kind === 'timeout')
      ) {
        // The answer was complete; only the usage chunk or [DONE] was lost.
        yield* this.finish(turn, messages, request);
        return;
      }
      if (!yielded && this.fallBack(failure, request, state))
        throw new FailedAttempt({ ...failure, retryable: true, immediate: true });
      throw new FailedAttempt(failure);
    } finally {
      // Also runs when the consumer stops iterating early: the HTTP stream is closed.
      attempt.dispose();
    }
  }

  /** After a 400 that names what the server does not take: asks for less next time. */
  private fallBack(failure: AttemptFailure, request: ChatRequest, state: RequestState): boolean {
    if (failure.kind !== 'status' || !isBadRequest(failure.status)) return false;
    if (
      request.responseFormat &&
      state.format < FormatLevel.PromptOnly &&
      /response_format|json_schema|json_object/i.test(failure.message)
    ) {
      state.format++;
      this.formatLevels.set(state.model, state.format);
      return true;
    }
    if (this.streamUsage && /stream_options|include_usage/i.test(failure.message)) {
      this.streamUsage = false;
      return true;
    }
    return false;
  }

  /** The end of a turn whose finish reason arrived: pending tool calls, usage, done. */
  private *finish(
    turn: TurnAssembler,
    messages: ChatMessage[],
    request: ChatRequest,
  ): Generator<ChatEvent> {
    yield* turn.releaseCalls();
    yield { type: 'usage', usage: turn.usage ?? estimateUsage(messages, request, turn) };
    yield {
      type: 'done',
      finishReason: mapFinishReason(turn.finishReason ?? 'stop', turn.toolCalls.length > 0),
    };
  }

  private body(
    request: ChatRequest,
    model: string,
    messages: ChatMessage[],
    format: FormatLevel,
  ): ChatCompletionCreateParamsStreaming {
    const body: ChatCompletionCreateParamsStreaming = {
      model,
      messages: toWireMessages(messages),
      stream: true,
    };
    if (this.streamUsage) body.stream_options = { include_usage: true };
    if (request.tools && request.tools.length > 0) body.tools = toWireTools(request.tools);
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.maxTokens !== undefined) {
      const field =
        this.maxTokensParameter === 'auto'
          ? REASONING_MODEL.test(model)
            ? 'max_completion_tokens'
            : 'max_tokens'
          : this.maxTokensParameter;
      body[field] = request.maxTokens;
    }
    const rf = request.responseFormat;
    if (rf && format === FormatLevel.JsonSchema) {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: schemaName(rf.name), schema: rf.schema, strict: false },
      };
    } else if (rf && format === FormatLevel.JsonObject) {
      body.response_format = { type: 'json_object' };
    }
    return body;
  }

  private toError(failure: AttemptFailure, yielded: boolean, attempts: number): LLMError {
    const status = failure.status !== undefined ? `HTTP ${failure.status}: ` : '';
    const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
    const options = { cause: failure.cause, status: failure.status };
    if (yielded) {
      return new LLMError(
        'llm_unavailable',
        `${this.provider}: the stream failed after output had started: ${status}${failure.message}`,
        options,
      );
    }
    if (failure.rateLimited) {
      return new LLMError(
        'llm_rate_limited',
        `${this.provider}: rate limited: ${status}${failure.message}${tries}`,
        options,
      );
    }
    return new LLMError(
      'llm_unavailable',
      `${this.provider}: request failed: ${status}${failure.message}${tries}`,
      options,
    );
  }
}

/** Owns one attempt's abort controller (linked to the caller's signal) and its idle timer. */
class Attempt {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  timedOut = false;
  private readonly onOuterAbort = (): void => this.controller.abort();

  constructor(
    private readonly outer: AbortSignal | undefined,
    private readonly timeoutMs: number,
  ) {
    outer?.addEventListener('abort', this.onOuterAbort, { once: true });
    this.restart();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  restart(): void {
    this.pause();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.timeoutMs);
  }

  pause(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.pause();
    this.outer?.removeEventListener('abort', this.onOuterAbort);
    this.controller.abort();
  }
}

/** What one request of a completion settled so far: the model and the response-format level. */
interface RequestState {
  model: string;
  format: FormatLevel;
}

/** One attempt's failure, classified, on its way to the retry loop. */
class FailedAttempt extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(failure.message, { cause: failure.cause });
  }
}

class StreamEndedEarly extends Error {
  constructor() {
    super('the stream ended before the model finished (no finish_reason)');
  }
}

function streamEndedEarly(err: StreamEndedEarly): AttemptFailure {
  return {
    kind: 'connection',
    message: err.message,
    retryable: true,
    rateLimited: false,
    cause: err,
  };
}

function isBadRequest(status: number | undefined): boolean {
  return status === 400 || status === 422;
}

/** OpenAI accepts `^[a-zA-Z0-9_-]{1,64}$` as a schema name. */
function schemaName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'output';
}

/**
 * When the server does not take the schema as `response_format`, the model still needs to
 * see it: it goes into the (first) system message.
 */
function withFormatInstruction(request: ChatRequest, format: FormatLevel): ChatMessage[] {
  const rf = request.responseFormat;
  if (!rf || format === FormatLevel.JsonSchema) return request.messages;
  const instruction =
    `Reply with only a JSON value (no prose, no code fence) that matches this JSON Schema ` +
    `for "${rf.name}":\n${JSON.stringify(rf.schema)}`;
  const [first, ...rest] = request.messages;
  // Several chat templates accept one system message only, and only first.
  if (first?.role === 'system')
    return [{ ...first, content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: 'system', content: instruction }, ...request.messages];
}

/** Usage for servers that report none: counted with the o200k tokenizer. */
function estimateUsage(messages: ChatMessage[], request: ChatRequest, turn: TurnAssembler): Usage {
  let completionTokens = estimateTokens(turn.text);
  for (const call of turn.toolCalls)
    completionTokens += estimateTokens(call.name) + estimateTokens(call.arguments);
  return { promptTokens: estimateMessagesTokens(messages, request.tools), completionTokens };
}
