import { setTimeout as sleep } from 'node:timers/promises';
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { estimateMessagesTokens, type ChatMessage, type LLM, type ToolCall } from '@hikma/llm';
import type { TTS } from '../providers/tts/tts.ts';
import { TTS_SAMPLE_RATE } from '../providers/tts/tts.ts';
import { pcm16DurationMs } from '../audio/pcm.ts';
import { VoiceError, toVoiceError, type VoiceErrorCode } from '../errors.ts';
import { AsyncQueue } from '../util/async-queue.ts';
import type { Semaphore } from '../limits/semaphore.ts';
import type { TokenBudget } from '../limits/token-bucket.ts';
import type { SessionConfig } from '../protocol/session-config.ts';
import type { TurnTracer } from '../telemetry/tracing.ts';
import type { ServerMessage, Usage } from '../protocol/server-messages.ts';
import { SentenceStream } from './sentence-stream.ts';
import { PlaybackClock } from './playback-clock.ts';

/** At most this many LLM rounds (tool calls, then answers) in one response. */
const MAX_TOOL_ROUNDS = 5;

export interface ResponseDeps {
  llm: LLM;
  tts: TTS;
  syntheses: Semaphore;
  tokenBucket: TokenBudget;
  playbackLeadMs: number;
  toolTimeoutMs: number;
  send(message: ServerMessage): void;
  sendAudio(streamId: number, pcm: Buffer): void;
  /** Resolves with the client's `tool.result` output for a call id. */
  awaitToolResult(callId: string, timeoutMs: number, signal: AbortSignal): Promise<string>;
  onFirstAudio(): void;
  onTokens(prompt: number, completion: number): void;
  onError(code: VoiceErrorCode, message: string): void;
  /** Traces the LLM and TTS parts as children of the turn's span. */
  tracer: TurnTracer;
  turnSpan?: Span;
}

export interface ResponseOutcome {
  status: 'completed' | 'cancelled' | 'failed';
  reason?: string;
  usage: Usage;
  /** All assistant text produced. */
  text: string;
  /** What the user heard: all of `text` when completed, the spoken prefix when cancelled. */
  spokenText: string;
  /** Whether any audio was sent. */
  audioSent: boolean;
  /**
   * Whether all of the reply's text was known (the LLM had finished) when it ended; only such
   * a reply can be resumed after a false interruption without a new LLM call.
   */
  textComplete: boolean;
  /** Messages to append to the conversation (tool calls, tool results, the assistant's words). */
  messages: ChatMessage[];
}

/**
 * The assistant's reply within a turn: streams the LLM's text to the client, cuts it into
 * sentences, synthesises each and sends the audio paced to real time, running tool calls
 * through the client in between. When the turn's signal aborts, LLM and TTS stop at once and
 * what was heard is frozen.
 */
export class AssistantResponse {
  private readonly clock: PlaybackClock;
  private readonly toolMessages: ChatMessage[] = [];
  private text = '';
  private usage: Usage = { prompt_tokens: 0, completion_tokens: 0 };
  private audioSent = false;
  /** All of the reply's text is known: the LLM finished (or it was scripted). */
  private textComplete = false;
  private cancelReason: string | undefined;
  private frozenSpoken: number | undefined;
  private releaseSynthesis: (() => void) | null = null;

  constructor(
    readonly streamId: number,
    private readonly messages: ChatMessage[],
    private readonly config: SessionConfig,
    private readonly deps: ResponseDeps,
    readonly signal: AbortSignal,
    private readonly context: Record<string, unknown> = {},
    /** Text to say instead of asking the LLM: a re-prompt, or the rest of an interrupted reply. */
    private readonly script?: string,
  ) {
    this.clock = new PlaybackClock(deps.playbackLeadMs);
    if (signal.aborted) this.onAbort();
    else signal.addEventListener('abort', () => this.onAbort(), { once: true });
  }

  private onAbort(): void {
    this.frozenSpoken = this.spokenChars();
    const reason: unknown = this.signal.reason;
    this.cancelReason = reason instanceof Error ? reason.message : String(reason);
    // Free the synthesis slot now, not when the engine process has wound down.
    this.releaseSynthesis?.();
  }

  /** Characters of the text the user has heard (frozen once the turn is cancelled). */
  spokenChars(): number {
    // Frozen at cancellation: the client drops the rest of the audio then.
    return this.frozenSpoken ?? Math.min(this.text.length, this.clock.spokenChars());
  }

  /** Text produced so far. */
  get currentText(): string {
    return this.text;
  }

  /** Tokens used so far. */
  get currentUsage(): Usage {
    return this.usage;
  }

  /** Runs the turn to its end (or cancellation) and says how it went. */
  async run(): Promise<ResponseOutcome> {
    const sentences = new AsyncQueue<string>();
    const speaking = this.speak(sentences);
    let failure: VoiceError | undefined;
    if (this.script !== undefined) {
      this.recite(this.script, sentences);
      sentences.end();
    } else failure = await this.thinkTraced(sentences);
    await speaking;
    if (!this.signal.aborted && !failure)
      await sleep(this.clock.remainingMs(), undefined, { signal: this.signal }).catch(() => {});
    if (failure) this.deps.onError(failure.code, failure.message);
    return this.outcome(failure);
  }

  /** {@link think}, traced as `llm`; sentences end with it. Resolves with its failure, if any. */
  private async thinkTraced(sentences: AsyncQueue<string>): Promise<VoiceError | undefined> {
    let failure: VoiceError | undefined;
    const llmSpan = this.deps.tracer.startChild(this.deps.turnSpan, 'llm', {
      model: this.config.model,
    });
    try {
      await this.think(sentences);
      this.textComplete = !this.signal.aborted;
    } catch (err) {
      if (!this.signal.aborted) failure = toVoiceError(err, 'llm_unavailable');
    } finally {
      sentences.end();
      llmSpan.setAttributes({
        prompt_tokens: this.usage.prompt_tokens,
        completion_tokens: this.usage.completion_tokens,
      });
      if (failure) llmSpan.setStatus({ code: SpanStatusCode.ERROR, message: failure.code });
      llmSpan.end();
    }
    return failure;
  }

  /** Says fixed text as the LLM's would be said (text delta, sentences), with no LLM call. */
  private recite(text: string, sentences: AsyncQueue<string>): void {
    this.text = text;
    this.deps.send({ type: 'response.text.delta', stream_id: this.streamId, text });
    const splitter = new SentenceStream();
    for (const s of [...splitter.push(text), ...splitter.flush()]) sentences.push(s);
    this.textComplete = true;
  }

  private outcome(failure: VoiceError | undefined): ResponseOutcome {
    const cancelled = this.signal.aborted;
    const spokenText = cancelled ? this.text.slice(0, this.spokenChars()) : this.text;
    const messages = [...this.toolMessages];
    const words = failure ? this.text : spokenText;
    if (words.trim()) messages.push({ role: 'assistant', content: words.trim() });
    return {
      status: cancelled ? 'cancelled' : failure ? 'failed' : 'completed',
      reason: cancelled ? this.cancelReason : failure?.code,
      usage: this.usage,
      text: this.text,
      spokenText,
      audioSent: this.audioSent,
      textComplete: this.textComplete,
      messages,
    };
  }

  /** The LLM side: text deltas out, sentences to the speaker, tool calls through the client. */
  private async think(sentences: AsyncQueue<string>): Promise<void> {
    const splitter = new SentenceStream();
    const conversation = [...this.messages];
    for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
      const estimate = estimateMessagesTokens(conversation);
      if (!(await this.deps.tokenBucket.tryTake(estimate))) {
        throw new VoiceError(
          'rate_limited',
          `the tokens-per-minute limit of model "${this.config.model}" is reached; try again shortly`,
        );
      }
      const calls: ToolCall[] = [];
      let roundText = '';
      let reported = false;
      for await (const event of this.deps.llm.stream({
        messages: conversation,
        model: this.config.model,
        tools: this.config.tools.length > 0 ? this.config.tools : undefined,
        context: this.context,
        signal: this.signal,
      })) {
        if (this.signal.aborted) return;
        if (event.type === 'text_delta' && event.text) {
          roundText += event.text;
          this.text += event.text;
          this.deps.send({
            type: 'response.text.delta',
            stream_id: this.streamId,
            text: event.text,
          });
          for (const s of splitter.push(event.text)) sentences.push(s);
        } else if (event.type === 'tool_call') {
          calls.push(event.call);
        } else if (event.type === 'usage') {
          reported = true;
          this.usage = {
            prompt_tokens: this.usage.prompt_tokens + event.usage.promptTokens,
            completion_tokens: this.usage.completion_tokens + event.usage.completionTokens,
          };
          this.deps.tokenBucket.charge(
            Math.max(0, event.usage.promptTokens - estimate) + event.usage.completionTokens,
          );
          this.deps.onTokens(event.usage.promptTokens, event.usage.completionTokens);
        }
      }
      if (!reported) this.deps.tokenBucket.charge(Math.ceil(roundText.length / 4));
      for (const s of splitter.flush()) sentences.push(s);
      if (calls.length === 0 || this.signal.aborted) return;

      const assistant: ChatMessage = { role: 'assistant', content: roundText, toolCalls: calls };
      conversation.push(assistant);
      this.toolMessages.push(assistant);
      // Every call waits for its result from before the client hears of any, so results
      // may come in any order, several in one write; they go back to the model together.
      const outputs = Promise.all(calls.map((call) => this.toolOutput(call)));
      for (const call of calls) {
        this.deps.send({
          type: 'tool.call',
          stream_id: this.streamId,
          call_id: call.id,
          name: call.name,
          arguments: call.arguments,
        });
      }
      const results = await outputs;
      if (this.signal.aborted) return;
      calls.forEach((call, i) => {
        const result: ChatMessage = { role: 'tool', toolCallId: call.id, content: results[i]! };
        conversation.push(result);
        this.toolMessages.push(result);
      });
    }
  }

  private async toolOutput(call: ToolCall): Promise<string> {
    try {
      return await this.deps.awaitToolResult(call.id, this.deps.toolTimeoutMs, this.signal);
    } catch (err) {
      if (this.signal.aborted) return '';
      if (err instanceof VoiceError && err.code === 'tool_timeout') {
        this.deps.onError(
          'tool_timeout',
          `no tool.result for call ${call.id} (${call.name}) within ${this.deps.toolTimeoutMs} ms`,
        );
        return JSON.stringify({ error: 'the tool did not answer in time' });
      }
      throw err;
    }
  }

  /** The TTS side: each sentence synthesised in order, audio paced to real time. */
  private async speak(sentences: AsyncQueue<string>): Promise<void> {
    let refused = false;
    let ttsSpan: Span | undefined;
    let audioMs = 0;
    try {
      for await (const sentence of sentences) {
        if (this.signal.aborted) return;
        if (refused) continue;
        if (!this.releaseSynthesis) {
          this.releaseSynthesis = this.deps.syntheses.tryAcquire();
          if (!this.releaseSynthesis) {
            refused = true;
            this.deps.onError(
              'speech_capacity_exceeded',
              'no speech synthesis capacity is free; the reply is sent as text only',
            );
            continue;
          }
        }
        this.clock.beginSegment(sentence.length);
        ttsSpan ??= this.deps.tracer.startChild(this.deps.turnSpan, 'tts', {
          voice: this.config.voice,
        });
        try {
          for await (const chunk of this.deps.tts.synthesize(sentence, {
            voice: this.config.voice,
            languages: this.config.languages,
            signal: this.signal,
            onWordBoundary: (w) =>
              this.clock.wordBoundary(
                w.audioOffsetMs + (w.durationMs ?? 0),
                w.textOffset + w.wordLength,
              ),
          })) {
            const wait = this.clock.waitBeforeSendMs();
            if (wait > 0) await sleep(wait, undefined, { signal: this.signal }).catch(() => {});
            if (this.signal.aborted) return;
            this.deps.send({
              type: 'response.audio.delta',
              stream_id: this.streamId,
              bytes: chunk.length,
            });
            this.deps.sendAudio(this.streamId, chunk);
            const ms = pcm16DurationMs(chunk.length, TTS_SAMPLE_RATE);
            this.clock.sent(ms);
            audioMs += ms;
            if (!this.audioSent) {
              this.audioSent = true;
              this.deps.onFirstAudio();
            }
          }
        } catch (err) {
          if (this.signal.aborted) return;
          const e = toVoiceError(err, 'tts_unavailable');
          this.deps.onError(e.code === 'internal_error' ? 'tts_unavailable' : e.code, e.message);
        }
        this.clock.endSegment();
      }
    } finally {
      this.releaseSynthesis?.();
      ttsSpan?.setAttribute('audio_ms', Math.round(audioMs));
      ttsSpan?.end();
    }
  }
}
