import { assertPcm16, decodeBase64Pcm16 } from '../audio/pcm.ts';
import { ERROR_CODES, toVoiceError, type VoiceErrorCode } from '../errors.ts';
import { parseClientMessage, type ClientMessage } from '../protocol/client-messages.ts';
import {
  endsTurnsByVoice,
  mergeSessionConfig,
  type SessionConfig,
} from '../protocol/session-config.ts';
import type { ServerMessage } from '../protocol/server-messages.ts';
import { encodeAudioFrame } from '../protocol/frames.ts';
import type { ConversationState } from './state-machine.ts';
import { Conversation } from './conversation.ts';
import type { SessionEngines } from './engines.ts';
import { IdleTimer, stillTherePrompt } from './idle-timer.ts';
import { RecognitionFeed } from './recognition-feed.ts';
import { ResumableTransport } from './resumable-transport.ts';
import { ToolCalls } from './tool-calls.ts';
import type { SessionOutput, SessionTransport } from './transport.ts';
import { TurnTaking } from './turn-taking.ts';
import { SILENT_SESSION_LOGGER, type SessionLogger } from './session-log.ts';

/** The durable facts of a session, created at `POST /v1/sessions`. */
export interface SessionRecord {
  id: string;
  tenant: string;
  createdAt: number;
  /** Wall time (ms) at which the session reaches its maximum duration. */
  expiresAt: number;
  config: SessionConfig;
}

/** Close code when a session reaches its maximum duration. */
export const CLOSE_SESSION_EXPIRED = 4408;
/** Close code when the user said nothing through two idle timeouts in a row ("gone"). */
export const CLOSE_IDLE_TIMEOUT = 4410;
const MAX_TEXT_MESSAGE_BYTES = 8 * 1024 * 1024;

/**
 * One live conversation over a socket that may come and go: audio in → VAD → recognition →
 * LLM → synthesis → audio out. This class is the client's side of it (messages checked and
 * routed, the socket attached, detached and resumed, expiry); the turn-taking, the recognition
 * feed and the tool calls do the rest.
 */
export class VoiceSession {
  private config: SessionConfig;
  private readonly transport: ResumableTransport;
  private readonly conversation = new Conversation();
  private readonly tools = new ToolCalls();
  private readonly feed: RecognitionFeed;
  private readonly turns: TurnTaking;
  private readonly idle: IdleTimer;
  private readonly expiryTimer: NodeJS.Timeout;
  private closed = false;

  constructor(
    readonly record: SessionRecord,
    socket: SessionTransport,
    private readonly engines: SessionEngines,
    private readonly onClosed: (session: VoiceSession, reason: string) => void,
    /** The session's logger (its lines carry `session_id` and `tenant`). */
    private readonly log: SessionLogger = SILENT_SESSION_LOGGER,
  ) {
    this.transport = new ResumableTransport(socket);
    this.config = record.config;
    const out: SessionOutput = {
      send: (message) => this.send(message),
      sendError: (code, message) => this.sendError(code, message),
      sendAudio: (streamId, pcm) => {
        if (!this.closed) this.transport.sendBinary(encodeAudioFrame(streamId, pcm));
      },
    };
    const config = () => this.config;
    this.feed = new RecognitionFeed(engines, config, out, {
      speechStarted: (startMs) => this.turns.speechStarted(startMs),
      speechStopped: () => this.turns.speechStopped(),
      audioFed: () => this.turns.audioFed(),
    });
    this.idle = new IdleTimer({
      timeoutMs: () => this.config.turn_detection.idle_timeout_ms,
      idle: () => this.transport.attached && this.turns.idle && this.tools.waiting === 0,
      audioMs: () => this.feed.audioEndMs,
      timedOut: (count, silence) => this.idleTimedOut(count, silence),
    });
    this.turns = new TurnTaking({
      session: record,
      engines,
      config,
      conversation: this.conversation,
      feed: this.feed,
      tools: this.tools,
      out,
      idle: this.idle,
    });
    this.expiryTimer = setTimeout(() => this.expire(), Math.max(0, record.expiresAt - Date.now()));
    this.expiryTimer.unref();
  }

  /** Sends `session.created` and starts listening. */
  start(resumeToken?: string): void {
    this.sendSessionCreated(resumeToken ? { resume_token: resumeToken } : {});
    if (!this.feed.hasVAD && endsTurnsByVoice(this.config.turn_detection)) {
      this.sendError(
        'vad_unavailable',
        'server voice activity detection is unavailable; use turn_detection {type: "none"} and input_audio.commit',
      );
    }
    this.feed.start();
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
    this.feed.push(frame);
  }

  /** Ends the session (socket closed, expiry or shutdown); `reason` goes to the close log. */
  close(reason = 'ended'): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.expiryTimer);
    this.idle.close();
    this.turns.close();
    this.feed.close();
    this.tools.clear();
    this.onClosed(this, reason);
  }

  get conversationState(): ConversationState {
    return this.turns.state;
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
    this.turns.cancel('client_disconnected');
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
    this.idle.refresh();
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
    this.close('server_shutting_down');
  }

  // ---- client messages ----

  private handle(message: ClientMessage): void {
    switch (message.type) {
      case 'session.update': {
        const before = this.config;
        this.config = mergeSessionConfig(this.config, message.session);
        this.feed.configChanged();
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
          !this.feed.hasVAD &&
          endsTurnsByVoice(this.config.turn_detection)
        ) {
          this.sendError('vad_unavailable', 'server voice activity detection is unavailable');
        }
        this.send({ type: 'session.updated', session: this.config });
        this.idle.refresh();
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
        this.feed.push(pcm);
        return;
      }
      case 'input_audio.commit':
        if (this.turns.responding) {
          this.sendError(
            'invalid_message',
            'input_audio.commit: the assistant is responding; send response.cancel first',
          );
          return;
        }
        this.turns.commit();
        return;
      case 'response.cancel':
        if (!this.turns.responding) {
          this.sendError('invalid_message', 'response.cancel: no response is in progress');
          return;
        }
        this.turns.cancel('client_cancelled');
        return;
      case 'response.create':
        if (this.turns.state !== 'listening') {
          this.sendError(
            'invalid_message',
            `response.create: not possible while ${this.turns.state.replace('_', ' ')}`,
          );
          return;
        }
        this.turns.requestResponse();
        return;
      case 'conversation.item.create': {
        const { role, content } = message.item;
        this.conversation.push({ role, content });
        if (role !== 'user') return;
        if (this.turns.responding) this.turns.cancel('client_cancelled');
        if (this.turns.state === 'listening') this.turns.requestResponse();
        return;
      }
      case 'tool.result': {
        if (!this.tools.resolve(message.call_id, message.output)) {
          this.sendError(
            'invalid_message',
            `tool.result: no tool call "${message.call_id.slice(0, 100)}" is waiting`,
          );
        }
        return;
      }
    }
  }

  /** The user said nothing for the idle timeout: asked once whether they are there, then gone. */
  private idleTimedOut(
    count: number,
    silence: { startMs: number; endMs: number; timeoutMs: number },
  ): void {
    const close = count >= 2;
    this.send({
      type: 'input_audio.timeout_triggered',
      audio_start_ms: Math.round(silence.startMs),
      audio_end_ms: Math.round(silence.endMs),
      idle_timeout_ms: silence.timeoutMs,
      action: close ? 'close' : 'reprompt',
    });
    if (!close) {
      this.turns.reprompt(stillTherePrompt(this.config.languages, this.turns.lastUserLocale));
      return;
    }
    this.transport.close(CLOSE_IDLE_TIMEOUT, 'idle_timeout');
    this.close('idle_timeout');
  }

  private expire(): void {
    if (this.closed) return;
    this.sendError('session_expired', 'the session reached its maximum duration');
    this.transport.close(CLOSE_SESSION_EXPIRED, 'session_expired');
    this.close('session_expired');
  }

  private send(message: ServerMessage): void {
    if (!this.closed) this.transport.sendJson(message);
  }

  private sendError(code: VoiceErrorCode, message: string): void {
    this.engines.metrics.error(code);
    // Our side failed (a provider, a limit, a bug): worth an operator's look. A client's
    // mistake is only for debugging.
    if (ERROR_CODES[code].status >= 500) this.log.warn({ code, message }, 'session error');
    else this.log.debug({ code, message }, 'session error');
    this.send({ type: 'error', code, message });
  }
}
