import type { ChatMessage } from '@hikma/llm';
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { VADStream } from '../audio/vad.ts';
import { assertPcm16, decodeBase64Pcm16 } from '../audio/pcm.ts';
import type { STTEvent, STTStream } from '../providers/stt/stt.ts';
import { VoiceError, toVoiceError, type VoiceErrorCode } from '../errors.ts';
import { parseClientMessage, type ClientMessage } from '../protocol/client-messages.ts';
import { mergeSessionConfig, type SessionConfig } from '../protocol/session-config.ts';
import type { ServerMessage } from '../protocol/server-messages.ts';
import { encodeAudioFrame } from '../protocol/frames.ts';
import { analyzeTranscript } from '../analysis/index.ts';
import type { Passage } from '../rag/index-store.ts';
import {
  transition,
  type ConversationEvent,
  type ConversationState,
  type Effect,
} from './state-machine.ts';
import { AssistantResponse } from './assistant-response.ts';
import { AudioHistory } from './audio-history.ts';
import { localesInText } from './languages.ts';
import type { SessionEngines } from './engines.ts';
import type { SessionTransport } from './transport.ts';
import { ResumableTransport } from './resumable-transport.ts';

/** The durable facts of a session, created at `POST /v1/sessions`. */
export interface SessionRecord {
  id: string;
  tenant: string;
  createdAt: number;
  /** Wall time (ms) at which the session reaches its maximum duration. */
  expiresAt: number;
  config: SessionConfig;
}

type Recognised = { text: string; languages: string[]; durationMs: number; failed: boolean };

/** Close code when a session reaches its maximum duration. */
export const CLOSE_SESSION_EXPIRED = 4408;
const MAX_TEXT_MESSAGE_BYTES = 8 * 1024 * 1024;
const MAX_HISTORY_MESSAGES = 60;
/** Wall-clock allowance beyond `silence_ms` before missing audio counts as silence. */
const STALL_GRACE_MS = 400;

/**
 * One live conversation over one socket: audio in → VAD → recognition → LLM → synthesis →
 * audio out, driven by the pure state machine, with barge-in, tools, retrieval and analysis.
 */
export class VoiceSession {
  private state: ConversationState = 'listening';
  private config: SessionConfig;
  private readonly history: ChatMessage[] = [];
  private readonly audio = new AudioHistory();
  private readonly vad: VADStream | null;
  private readonly stt: STTStream;
  private recording: { release: (() => void) | null; failed: boolean } | null = null;
  private readonly resultWaiters: ((r: Recognised) => void)[] = [];
  private response: AssistantResponse | null = null;
  /** Stream id of a turn that is recognising or retrieving, before its response exists. */
  private pendingStreamId: number | null = null;
  private turnGeneration = 0;
  private streamCounter = 0;
  private speechStartMs = 0;
  private bargeIn: { startMs: number } | null = null;
  private speechStoppedAt = 0;
  private lastPartial = '';
  private readonly toolWaiters = new Map<string, (output: string) => void>();
  private readonly expiryTimer: NodeJS.Timeout;
  private closed = false;
  private stallTimer: NodeJS.Timeout | null = null;
  private turnSpan: Span | undefined;
  private readonly transport: ResumableTransport;

  constructor(
    readonly record: SessionRecord,
    socket: SessionTransport,
    private readonly engines: SessionEngines,
    private readonly onClosed: (session: VoiceSession) => void,
  ) {
    this.transport = new ResumableTransport(socket);
    this.config = record.config;
    this.vad = engines.vad ? new VADStream(engines.vad, this.vadOptions()) : null;
    this.stt = engines.stt.stream({ languages: this.config.languages });
    this.expiryTimer = setTimeout(() => this.expire(), Math.max(0, record.expiresAt - Date.now()));
    this.expiryTimer.unref();
  }

  /** Sends `session.created` and starts listening. */
  start(resumeToken?: string): void {
    this.sendSessionCreated(resumeToken ? { resume_token: resumeToken } : {});
    if (!this.vad && this.config.turn_detection.type === 'server_vad') {
      this.sendError(
        'vad_unavailable',
        'server voice activity detection is unavailable; use turn_detection {type: "none"} and input_audio.commit',
      );
    }
    void this.consumeVAD();
    void this.consumeSTT();
  }

  /** A text frame from the client. */
  onText(text: string): void {
    if (this.closed) return;
    if (Buffer.byteLength(text) > MAX_TEXT_MESSAGE_BYTES) {
      this.sendError('invalid_message', `messages are limited to ${MAX_TEXT_MESSAGE_BYTES} bytes`);
      return;
    }
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      this.sendError('invalid_message', parsed.problem);
      return;
    }
    try {
      this.handle(parsed.message);
    } catch (err) {
      const e = toVoiceError(err);
      this.sendError(e.code, e.message);
    }
  }

  /** A binary frame from the client: raw PCM16LE 16 kHz mono. */
  onBinary(frame: Buffer): void {
    if (this.closed) return;
    if (frame.length > this.engines.settings.maxFrameBytes) {
      this.sendError(
        'frame_too_large',
        `audio frame of ${frame.length} bytes exceeds the limit of ${this.engines.settings.maxFrameBytes}; it was dropped`,
      );
      return;
    }
    try {
      assertPcm16(frame);
    } catch (err) {
      this.sendError('invalid_audio', (err as Error).message);
      return;
    }
    this.onAudio(frame);
  }

  /** Ends the session (socket closed, expiry or shutdown). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.expiryTimer);
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.endTurnSpan('cancelled', 'session_closed');
    this.response?.cancel('session_closed');
    this.response = null;
    this.vad?.close();
    this.stt.close();
    this.recording?.release?.();
    this.recording = null;
    for (const resolve of this.resultWaiters.splice(0))
      resolve({ text: '', languages: [], durationMs: 0, failed: true });
    this.toolWaiters.clear();
    this.onClosed(this);
  }

  get conversationState(): ConversationState {
    return this.state;
  }

  /** Tells the client a message was refused (e.g. over the message rate). */
  refuse(code: VoiceErrorCode, message: string): void {
    this.sendError(code, message);
  }

  /** True while the session has no socket (it may be resumed). */
  get detached(): boolean {
    return !this.transport.attached;
  }

  /**
   * The socket dropped without a close from the client: keep the conversation for a
   * reconnect. A reply in progress is cut as by `response.cancel` (the user can no longer
   * hear it, so only what was heard stays in the conversation); later messages are kept for
   * the next socket and audio is counted as missed.
   */
  detach(): void {
    if (this.closed || !this.transport.attached) return;
    this.transport.detach();
    if (this.state === 'thinking' || this.state === 'agent_speaking') {
      this.cancelTurn('client_disconnected');
      this.state = 'listening';
    }
  }

  /**
   * A new socket for a detached session: `session.created` again (with `resumed` and what was
   * missed), then every message kept while away, in order.
   */
  resume(socket: SessionTransport, resumeToken: string): void {
    if (this.closed) return;
    const missed = this.transport.attach(socket);
    this.sendSessionCreated({
      resume_token: resumeToken,
      resumed: {
        replayed_events: missed.replay.length,
        missed_events: missed.missedEvents,
        missed_audio_frames: missed.missedAudioFrames,
        missed_audio_bytes: missed.missedAudioBytes,
      },
    });
    for (const message of missed.replay) this.send(message);
  }

  /** Whether `socket` is this session's socket now (an old one's close must not end it). */
  usesSocket(socket: SessionTransport): boolean {
    return this.transport.isAttached(socket);
  }

  /** Closes the current socket because another one takes over the session. */
  replaceSocket(code: number, reason: string): void {
    this.transport.close(code, reason);
    this.detach();
  }

  private sendSessionCreated(
    extra: Pick<Extract<ServerMessage, { type: 'session.created' }>, 'resume_token' | 'resumed'>,
  ): void {
    this.send({
      type: 'session.created',
      session_id: this.record.id,
      model: this.config.model,
      voice: this.config.voice,
      session: this.config,
      expires_in_ms: Math.max(0, this.record.expiresAt - Date.now()),
      ...extra,
    });
  }

  /** Warns the client that the instance is going away in `graceMs`. */
  announceShutdown(graceMs: number): void {
    this.sendError(
      'server_shutting_down',
      `this instance restarts in ${Math.round(graceMs / 1000)} s; create a new session to continue`,
    );
  }

  /** Closes the socket with 1012 (service restart) and ends the session. */
  closeForRestart(): void {
    this.transport.close(1012, 'server_shutting_down');
    this.close();
  }

  // ---- client messages ----

  private handle(message: ClientMessage): void {
    switch (message.type) {
      case 'session.update': {
        const before = this.config;
        this.config = mergeSessionConfig(this.config, message.session);
        if (this.config.turn_detection.type === 'server_vad') this.vad?.update(this.vadOptions());
        if (
          message.session.rag &&
          !this.engines.rag.hasIndex(this.record.tenant, message.session.rag.index_name)
        ) {
          this.sendError(
            'rag_index_not_found',
            `retrieval index "${message.session.rag.index_name}" does not exist (yet)`,
          );
        }
        if (
          before.turn_detection.type !== this.config.turn_detection.type &&
          !this.vad &&
          this.config.turn_detection.type === 'server_vad'
        ) {
          this.sendError('vad_unavailable', 'server voice activity detection is unavailable');
        }
        this.send({ type: 'session.updated', session: this.config });
        return;
      }
      case 'input_audio.append': {
        const pcm = decodeBase64Pcm16(message.audio);
        if (pcm.length > this.engines.settings.maxFrameBytes) {
          this.sendError(
            'frame_too_large',
            `audio of ${pcm.length} bytes exceeds the frame limit of ${this.engines.settings.maxFrameBytes}; it was dropped`,
          );
          return;
        }
        this.onAudio(pcm);
        return;
      }
      case 'input_audio.commit':
        if (this.state === 'thinking' || this.state === 'agent_speaking') {
          this.sendError(
            'invalid_message',
            'input_audio.commit: the assistant is responding; send response.cancel first',
          );
          return;
        }
        this.dispatch({ type: 'commit' });
        return;
      case 'response.cancel':
        if (this.state !== 'thinking' && this.state !== 'agent_speaking') {
          this.sendError('invalid_message', 'response.cancel: no response is in progress');
          return;
        }
        this.dispatch({ type: 'cancel' });
        return;
      case 'response.create':
        if (this.state !== 'listening') {
          this.sendError(
            'invalid_message',
            `response.create: not possible while ${this.state.replace('_', ' ')}`,
          );
          return;
        }
        this.dispatch({ type: 'response_requested' });
        return;
      case 'conversation.item.create': {
        const { role, content } = message.item;
        this.pushHistory({ role, content });
        if (role !== 'user') return;
        if (this.state === 'thinking' || this.state === 'agent_speaking')
          this.dispatch({ type: 'cancel' });
        if (this.state === 'listening') this.dispatch({ type: 'response_requested' });
        return;
      }
      case 'tool.result': {
        const resolve = this.toolWaiters.get(message.call_id);
        if (!resolve) {
          this.sendError(
            'invalid_message',
            `tool.result: no tool call "${message.call_id.slice(0, 100)}" is waiting`,
          );
          return;
        }
        this.toolWaiters.delete(message.call_id);
        resolve(message.output);
        return;
      }
    }
  }

  // ---- audio, VAD and recognition ----

  private onAudio(pcm: Buffer): void {
    if (pcm.length === 0) return;
    this.audio.push(pcm);
    if (this.config.turn_detection.type === 'none') {
      if (!this.recording) this.startRecording(Number.POSITIVE_INFINITY);
      if (!this.recording?.failed) this.stt.pushAudio(pcm);
      return;
    }
    this.vad?.pushAudio(pcm);
    if (this.recording && !this.recording.failed) this.stt.pushAudio(pcm);
    this.checkBargeIn();
    this.armStallTimer();
  }

  /**
   * A client that stops sending audio in the middle of speech (instead of streaming the
   * microphone's silence) would otherwise never reach end of speech: after the silence time
   * passes on the wall clock with no audio, that silence is fed to the VAD as if it arrived.
   */
  private armStallTimer(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    if (this.config.turn_detection.type !== 'server_vad') return;
    const silenceMs = this.config.turn_detection.silence_ms;
    this.stallTimer = setTimeout(() => {
      this.stallTimer = null;
      if (this.closed || !this.vad?.inSpeech) return;
      const silence = Buffer.alloc(Math.round(((silenceMs + 200) * 16000) / 1000) * 2);
      this.audio.push(silence);
      this.vad.pushAudio(silence);
      if (this.recording && !this.recording.failed) this.stt.pushAudio(silence);
    }, silenceMs + STALL_GRACE_MS);
    this.stallTimer.unref();
  }

  private async consumeVAD(): Promise<void> {
    if (!this.vad) return;
    for await (const event of this.vad) {
      if (this.closed) return;
      if (event.type === 'error') {
        // vad_overloaded: audio was skipped, detection goes on; vad_unavailable: it has stopped.
        this.sendError(event.code, event.message);
        if (!event.recoverable) return;
        continue;
      }
      if (this.config.turn_detection.type !== 'server_vad') continue;
      if (event.type === 'speech_started') {
        if (this.state === 'agent_speaking') {
          this.bargeIn = { startMs: event.startMs };
          this.checkBargeIn();
        } else {
          this.speechStartMs = event.startMs;
          this.dispatch({ type: 'speech_started' });
        }
      } else {
        if (this.bargeIn) {
          this.bargeIn = null; // too short to interrupt: a cough, a click, an echo
          continue;
        }
        this.dispatch({ type: 'speech_stopped' });
      }
    }
  }

  /** Confirms a barge-in once the user's speech has lasted the minimum. */
  private checkBargeIn(): void {
    if (!this.bargeIn || !this.vad) return;
    if (this.state !== 'agent_speaking') {
      this.bargeIn = null;
      return;
    }
    if (
      this.vad.inSpeech &&
      this.vad.processedMs >= this.bargeIn.startMs + this.engines.settings.bargeInMinMs
    ) {
      this.speechStartMs = this.bargeIn.startMs;
      this.bargeIn = null;
      this.dispatch({ type: 'barge_in_confirmed' });
    }
  }

  private async consumeSTT(): Promise<void> {
    for await (const event of this.stt as AsyncIterable<STTEvent>) {
      if (this.closed) return;
      if (event.type === 'partial') {
        if (event.text && event.text !== this.lastPartial) {
          this.lastPartial = event.text;
          this.send({ type: 'transcript.delta', text: event.text, language: event.language });
        }
      } else if (event.type === 'final') {
        this.deliver({
          text: event.text,
          languages: event.languages,
          durationMs: event.durationMs,
          failed: false,
        });
      } else {
        this.sendError(event.code, event.message);
        this.deliver({ text: '', languages: [], durationMs: 0, failed: true });
      }
    }
  }

  // Each flush yields exactly one final or error, in order, so results match waiters.
  private deliver(result: Recognised): void {
    this.lastPartial = '';
    this.resultWaiters.shift()?.(result);
  }

  /** Starts sending audio to the recogniser, from `fromMs` of the kept audio onwards. */
  private startRecording(fromMs: number): void {
    const release = this.engines.recognitions.tryAcquire();
    if (!release) {
      this.recording = { release: null, failed: true };
      this.sendError(
        'speech_capacity_exceeded',
        'no speech recognition capacity is free; this utterance is not recognised',
      );
      return;
    }
    this.recording = { release, failed: false };
    const pre = Number.isFinite(fromMs) ? this.audio.since(fromMs) : Buffer.alloc(0);
    if (pre.length > 0) this.stt.pushAudio(pre);
  }

  /** Ends the utterance being recorded and waits for its final transcript. */
  private async finishRecording(): Promise<Recognised> {
    const recording = this.recording;
    this.recording = null;
    if (!recording || recording.failed)
      return { text: '', languages: [], durationMs: 0, failed: true };
    try {
      return await new Promise<Recognised>((resolve) => {
        this.resultWaiters.push(resolve);
        this.stt.flush();
      });
    } finally {
      recording.release?.();
    }
  }

  // ---- the state machine and its effects ----

  private dispatch(event: ConversationEvent): void {
    const next = transition(this.state, event);
    this.state = next.state;
    for (const effect of next.effects) this.apply(effect);
  }

  private apply(effect: Effect): void {
    switch (effect.type) {
      case 'send_speech_started':
        this.startRecording(this.speechStartMs);
        this.send({ type: 'vad.speech_started', audio_start_ms: Math.round(this.speechStartMs) });
        return;
      case 'send_speech_stopped':
        this.send({ type: 'vad.speech_stopped', audio_end_ms: Math.round(this.audio.endMs) });
        return;
      case 'end_utterance':
        void this.endUtterance().catch((err: unknown) => this.failTurn(err));
        return;
      case 'start_response': {
        const streamId = ++this.streamCounter;
        this.pendingStreamId = streamId;
        this.speechStoppedAt = performance.now();
        this.startTurnSpan(streamId, 'text');
        void this.respond(streamId).catch((err: unknown) => this.failTurn(err));
        return;
      }
      case 'cancel_response':
        this.cancelTurn(effect.reason);
        return;
      case 'send_audio_done':
        return; // sent by respond(), which knows the stream id
    }
  }

  private async endUtterance(): Promise<void> {
    const streamId = ++this.streamCounter;
    const generation = this.turnGeneration;
    this.pendingStreamId = streamId;
    this.speechStoppedAt = performance.now();
    const turn = this.startTurnSpan(streamId, 'speech');
    if (!this.recording) this.startRecording(0); // commit without VAD speech: everything since the last turn
    const sttSpan = this.engines.tracer.startChild(turn, 'stt', {
      provider: this.engines.stt.provider,
    });
    const result = await this.finishRecording();
    sttSpan.setAttributes({ duration_ms: result.durationMs, failed: result.failed ? 1 : 0 });
    sttSpan.end();
    this.audio.consume();
    if (this.closed) return;
    const text = result.text.trim();
    if (!result.failed) {
      this.send({
        type: 'transcript.final',
        text,
        languages: text ? localesInText(text, this.config.languages, result.languages) : [],
        duration_ms: result.durationMs,
      });
      if (text) this.sendAnalysis(text);
    }
    if (generation !== this.turnGeneration) {
      if (text) this.pushHistory({ role: 'user', content: text }); // heard, but the user went on speaking
      this.endTurnSpan('cancelled');
      return;
    }
    if (!text) {
      this.endTurnSpan('empty');
      this.pendingStreamId = null;
      this.send({
        type: 'response.done',
        stream_id: streamId,
        usage: { prompt_tokens: 0, completion_tokens: 0 },
        status: 'cancelled',
        reason: result.failed ? 'recognition_failed' : 'empty_transcript',
        text: '',
      });
      this.dispatch({ type: 'response_done' });
      return;
    }
    this.pushHistory({ role: 'user', content: text });
    await this.respond(streamId);
  }

  private sendAnalysis(text: string): void {
    const { pii, sentiment } = this.config.analysis;
    if (!pii && !sentiment) return;
    const result = analyzeTranscript(text, { pii, sentiment });
    if (result)
      this.send({ type: 'transcript.analysis', pii: result.pii, sentiment: result.sentiment });
  }

  private async respond(streamId: number): Promise<void> {
    const generation = this.turnGeneration;
    const passages = this.retrieve();
    if (generation !== this.turnGeneration || this.closed) return;
    const response = new AssistantResponse(
      streamId,
      this.llmMessages(passages),
      this.config,
      {
        llm: this.engines.llm,
        tts: this.engines.tts,
        syntheses: this.engines.syntheses,
        tokenBucket: this.engines.tokenBuckets.for(this.config.model),
        playbackLeadMs: this.engines.settings.playbackLeadMs,
        toolTimeoutMs: this.engines.settings.toolTimeoutMs,
        send: (m) => this.send(m),
        sendAudio: (id, pcm) => this.transport.sendBinary(encodeAudioFrame(id, pcm)),
        awaitToolResult: (callId, timeoutMs, signal) =>
          this.awaitToolResult(callId, timeoutMs, signal),
        onFirstAudio: () => {
          this.engines.metrics.firstAudio(performance.now() - this.speechStoppedAt);
          if (this.response === response) this.dispatch({ type: 'first_audio' });
        },
        onTokens: (prompt, completion) =>
          this.engines.metrics.tokens(this.config.model, prompt, completion),
        onError: (code, message) => this.sendError(code, message),
        tracer: this.engines.tracer,
        turnSpan: this.turnSpan,
      },
      { passages },
    );
    this.response = response;
    this.pendingStreamId = null;
    this.send({ type: 'response.created', stream_id: streamId });
    const outcome = await response.run();
    for (const m of outcome.messages) this.pushHistory(m);
    if (this.response !== response || this.closed) return; // cancelled: already reported
    this.endTurnSpan(outcome.status, outcome.reason);
    this.response = null;
    if (outcome.audioSent) {
      this.send({ type: 'response.audio.done', stream_id: streamId });
      this.dispatch({ type: 'audio_done' });
    }
    this.send({
      type: 'response.done',
      stream_id: streamId,
      usage: outcome.usage,
      status: outcome.status,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
      text: outcome.text,
    });
    this.dispatch({ type: 'response_done' });
  }

  private retrieve(): Passage[] {
    const rag = this.config.rag;
    if (!rag) return [];
    const query = [...this.history].reverse().find((m) => m.role === 'user')?.content ?? '';
    try {
      return this.engines.rag.search(this.record.tenant, rag.index_name, query, rag.top_k);
    } catch (err) {
      const e = toVoiceError(err);
      this.sendError(e.code, e.message);
      return [];
    }
  }

  private llmMessages(passages: Passage[]): ChatMessage[] {
    let system = this.config.instructions;
    if (passages.length > 0) {
      system +=
        '\n\nAnswer using these passages from the knowledge base when they are relevant:\n' +
        passages.map((p, i) => `[${i + 1}] (${p.source}) ${p.text}`).join('\n');
    }
    return [{ role: 'system', content: system }, ...this.history];
  }

  /** Stops the current or pending response, reporting it as the protocol says. */
  private cancelTurn(
    reason: 'barge_in' | 'client_cancelled' | 'interrupted' | 'client_disconnected',
  ): void {
    this.endTurnSpan('cancelled', reason);
    const response = this.response;
    if (response) {
      this.response = null;
      const spoken = response.cancel(reason);
      if (reason === 'barge_in') {
        this.send({
          type: 'barge_in.detected',
          stream_id: response.streamId,
          spoken_chars: spoken,
        });
        this.engines.metrics.bargeIn(spoken);
      }
      this.send({
        type: 'response.done',
        stream_id: response.streamId,
        usage: response.currentUsage,
        status: 'cancelled',
        reason,
        text: response.currentText.slice(0, spoken),
      });
      return;
    }
    if (this.pendingStreamId !== null) {
      this.turnGeneration++;
      this.send({
        type: 'response.done',
        stream_id: this.pendingStreamId,
        usage: { prompt_tokens: 0, completion_tokens: 0 },
        status: 'cancelled',
        reason,
        text: '',
      });
      this.pendingStreamId = null;
    }
  }

  private failTurn(err: unknown): void {
    if (this.closed) return;
    const e = toVoiceError(err);
    this.sendError(e.code, e.message);
    if (this.state === 'thinking' || this.state === 'agent_speaking') {
      this.cancelTurn('interrupted');
      this.state = 'listening';
    }
  }

  private awaitToolResult(callId: string, timeoutMs: number, signal: AbortSignal): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.toolWaiters.delete(callId);
      };
      const timer = setTimeout(() => {
        done();
        reject(new VoiceError('tool_timeout', `tool call ${callId} timed out`));
      }, timeoutMs);
      const onAbort = () => {
        done();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.toolWaiters.set(callId, (output) => {
        done();
        resolve(output);
      });
    });
  }

  // ---- tracing ----

  private startTurnSpan(streamId: number, input: 'speech' | 'text'): Span {
    this.endTurnSpan('cancelled', 'superseded');
    this.turnSpan = this.engines.tracer.startTurn({
      session_id: this.record.id,
      tenant: this.record.tenant,
      stream_id: streamId,
      input,
    });
    return this.turnSpan;
  }

  private endTurnSpan(status: string, reason?: string): void {
    const span = this.turnSpan;
    if (!span) return;
    this.turnSpan = undefined;
    span.setAttribute('status', status);
    if (reason) span.setAttribute('reason', reason);
    if (status === 'failed') span.setStatus({ code: SpanStatusCode.ERROR, message: reason });
    span.end();
  }

  // ---- plumbing ----

  private pushHistory(message: ChatMessage): void {
    this.history.push(message);
    // Keep the conversation bounded; never start it with a tool result.
    while (this.history.length > MAX_HISTORY_MESSAGES || this.history[0]?.role === 'tool')
      this.history.shift();
  }

  private vadOptions() {
    return {
      silenceMs:
        this.config.turn_detection.type === 'server_vad'
          ? this.config.turn_detection.silence_ms
          : 500,
    };
  }

  private expire(): void {
    if (this.closed) return;
    this.sendError('session_expired', 'the session reached its maximum duration');
    this.transport.close(CLOSE_SESSION_EXPIRED, 'session_expired');
    this.close();
  }

  private send(message: ServerMessage): void {
    if (!this.closed) this.transport.sendJson(message);
  }

  private sendError(code: VoiceErrorCode, message: string): void {
    this.engines.metrics.error(code);
    this.send({ type: 'error', code, message });
  }
}
