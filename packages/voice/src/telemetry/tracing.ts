import { context, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';

/** Spans of one conversational turn: the turn itself, with STT, LLM and TTS children. */
export class TurnTracer {
  constructor(private readonly tracer: Tracer) {}

  /** Starts the span of a turn. */
  startTurn(attributes: Record<string, string | number>): Span {
    return this.tracer.startSpan('voice.turn', { attributes });
  }

  /** Starts a child span (`stt`, `llm`, `tts`) of a turn. */
  startChild(
    parent: Span | undefined,
    name: string,
    attributes: Record<string, string | number> = {},
  ): Span {
    const ctx: Context = parent ? trace.setSpan(context.active(), parent) : context.active();
    return this.tracer.startSpan(name, { attributes }, ctx);
  }
}

/** A tracer that records nothing (telemetry export not configured). */
export function noopTurnTracer(): TurnTracer {
  return new TurnTracer(trace.getTracer('hikma-voice-noop'));
}
