import { SpanStatusCode, type Span } from '@opentelemetry/api';
import type { ChatMessage } from '@hikma/llm';
import type { SessionConfig } from '../protocol/session-config.ts';
import type { ServerMessage, Usage } from '../protocol/server-messages.ts';
import type { TurnTracer } from '../telemetry/tracing.ts';
import type { VoiceMetrics } from '../telemetry/metrics.ts';
import {
  AssistantResponse,
  type ResponseDeps,
  type ResponseOutcome,
} from './assistant-response.ts';
import type { Resumption } from './interruption-resume.ts';

/**
 * What started a turn: an utterance that ended, a request (text message, `response.create`),
 * or the user's silence (the idle re-prompt).
 */
export type TurnInput = 'speech' | 'text' | 'idle';

/** Why a turn was stopped before its reply ended (`response.done` reason). */
export type CancelReason =
  'barge_in' | 'client_cancelled' | 'interrupted' | 'client_disconnected' | 'session_closed';

export type TurnStatus = 'active' | ResponseOutcome['status'];

/** What a turn needs from its session. */
export interface TurnDeps {
  send(message: ServerMessage): void;
  metrics: Pick<VoiceMetrics, 'bargeIn'>;
  tracer: TurnTracer;
}

const NO_USAGE: Usage = Object.freeze({ prompt_tokens: 0, completion_tokens: 0 });

/** Reasons of a turn that ended before any reply because nothing was recognised (traced as `empty`). */
const NOTHING_TO_SAY = new Set(['empty_transcript', 'recognition_failed']);

/**
 * One turn of the conversation, from the end of the user's input to `response.done`: the unit
 * that is answered, interrupted or cancelled as a whole. It owns the stream id, the abort
 * signal every part of the reply runs under, the trace span, and how it ended; `finish()` is
 * the one place `response.done` is sent, so a turn reports exactly once.
 */
export class Turn {
  readonly span: Span;
  /** When the user's input ended, for the time to first audio. */
  readonly startedAt = performance.now();
  private readonly controller = new AbortController();
  private response: AssistantResponse | null = null;
  private endStatus: TurnStatus = 'active';
  private endReason: string | undefined;
  /** The reply this turn resumes (`response.resumed`), if it does. */
  private resumed: Resumption | null = null;
  /** When `cancel()` stopped the turn (`performance.now()`); null unless it did. */
  cancelledAt: number | null = null;

  constructor(
    readonly streamId: number,
    readonly input: TurnInput,
    session: { id: string; tenant: string },
    private readonly deps: TurnDeps,
  ) {
    this.span = deps.tracer.startTurn({
      session_id: session.id,
      tenant: session.tenant,
      stream_id: streamId,
      input,
    });
  }

  /** Aborted when the turn is cancelled: recognition, retrieval, LLM, tools and TTS stop. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get status(): TurnStatus {
    return this.endStatus;
  }

  get reason(): string | undefined {
    return this.endReason;
  }

  /** True once `response.done` was sent (or the session was gone). */
  get finished(): boolean {
    return this.endStatus !== 'active';
  }

  /** Runs the assistant's reply inside this turn; resolves when it has ended or was cancelled. */
  respond(
    messages: ChatMessage[],
    config: SessionConfig,
    deps: Omit<ResponseDeps, 'tracer' | 'turnSpan' | 'send'>,
    context: Record<string, unknown>,
  ): Promise<ResponseOutcome> {
    return this.run(messages, config, deps, context);
  }

  /**
   * Says `text` inside this turn, as a reply with no LLM call: the idle re-prompt, or (with
   * `resumed`, announced by `response.resumed`) the rest of a reply a false interruption cut.
   */
  say(
    text: string,
    config: SessionConfig,
    deps: Omit<ResponseDeps, 'tracer' | 'turnSpan' | 'send'>,
    resumed?: Resumption,
  ): Promise<ResponseOutcome> {
    this.resumed = resumed ?? null;
    if (resumed) this.span.setAttribute('resumed_stream_id', resumed.reply.streamId);
    return this.run([], config, deps, {}, text);
  }

  /** The part of the reply said before this turn (a resumed reply's), for `response.done`. */
  get heardBefore(): string {
    return this.resumed ? this.resumed.reply.text.slice(0, this.resumed.from) : '';
  }

  private run(
    messages: ChatMessage[],
    config: SessionConfig,
    deps: Omit<ResponseDeps, 'tracer' | 'turnSpan' | 'send'>,
    context: Record<string, unknown>,
    script?: string,
  ): Promise<ResponseOutcome> {
    const response = new AssistantResponse(
      this.streamId,
      messages,
      config,
      { ...deps, send: this.deps.send, tracer: this.deps.tracer, turnSpan: this.span },
      this.signal,
      context,
      script,
    );
    this.response = response;
    this.deps.send({ type: 'response.created', stream_id: this.streamId });
    if (this.resumed) {
      this.deps.send({
        type: 'response.resumed',
        stream_id: this.streamId,
        resumed_stream_id: this.resumed.reply.streamId,
        reason: this.resumed.reason,
        text_offset: this.resumed.from,
      });
    }
    return response.run();
  }

  /**
   * Stops the turn now. A reply in progress keeps only what the user heard; a barge-in is
   * announced (`barge_in.detected`, `spoken_chars` of this turn's own text) before
   * `response.done`.
   */
  cancel(reason: CancelReason): void {
    if (this.finished) return;
    this.cancelledAt = performance.now();
    this.controller.abort(new Error(reason));
    const response = this.response;
    if (!response) {
      this.finish('cancelled', reason);
      return;
    }
    const spoken = response.spokenChars();
    if (reason === 'barge_in') {
      this.deps.send({ type: 'barge_in.detected', stream_id: this.streamId, spoken_chars: spoken });
      this.deps.metrics.bargeIn(spoken);
    }
    this.finish('cancelled', reason, {
      usage: response.currentUsage,
      text: this.heardBefore + response.currentText.slice(0, spoken),
    });
  }

  /** Ends the turn and sends its `response.done`; later calls do nothing. */
  finish(
    status: ResponseOutcome['status'],
    reason?: string,
    result: { usage: Usage; text: string } = { usage: NO_USAGE, text: '' },
  ): void {
    if (this.finished) return;
    this.endStatus = status;
    this.endReason = reason;
    this.endSpan();
    this.deps.send({
      type: 'response.done',
      stream_id: this.streamId,
      usage: result.usage,
      status,
      ...(reason ? { reason } : {}),
      text: result.text,
    });
  }

  private endSpan(): void {
    const nothingToSay = NOTHING_TO_SAY.has(this.endReason ?? '');
    this.span.setAttribute('status', nothingToSay ? 'empty' : this.endStatus);
    if (this.endReason && !nothingToSay) this.span.setAttribute('reason', this.endReason);
    if (this.endStatus === 'failed')
      this.span.setStatus({ code: SpanStatusCode.ERROR, message: this.endReason });
    this.span.end();
  }
}
