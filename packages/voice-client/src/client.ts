import { EventEmitter } from 'eventemitter3';
import { VoiceClientError } from './errors.ts';
import { decodeAudioFrame, pcm16Bytes, type AudioFrame } from './frames.ts';
import {
  MAX_FRAME_BYTES,
  type ClientMessage,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
  type SessionConfigPatch,
  type SessionHandle,
} from './protocol.ts';
import { createSession, normaliseBaseUrl } from './session.ts';
import {
  defaultOpenSocket,
  SOCKET_CONNECTING,
  SOCKET_OPEN,
  type OpenSocket,
  type WebSocketLike,
} from './socket.ts';

export type SessionCreated = ServerMessageOf<'session.created'>;

/** Why the session's connection ended for good. */
export interface CloseInfo {
  code: number;
  reason: string;
}

/** Events of a {@link VoiceClient}: each server message by its `type`, and the connection's own. */
export type VoiceClientEvents = {
  [T in ServerMessageType]: [message: ServerMessageOf<T>];
} & {
  /** A socket opened (the first, or one that resumes the session). */
  open: [];
  /** Every JSON message of the service, in order. */
  message: [message: ServerMessage];
  /** Every audio frame of the service (24 kHz PCM16 mono), in order. */
  audio: [frame: AudioFrame];
  /** The connection dropped; the session is resumed after `delayMs`. */
  reconnecting: [info: { attempt: number; delayMs: number }];
  /** The connection ended for good (ours, the service's close, or a resume that failed). */
  close: [info: CloseInfo];
};

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface VoiceClientOptions {
  /** The service's HTTP origin (`http://127.0.0.1:8080`), or `''` for the page's origin. */
  url: string;
  /** Sent only in `X-API-Key` when the session is created. */
  apiKey: string;
  /** Initial session configuration, sent with `POST /v1/sessions`. */
  session?: SessionConfigPatch;
  /**
   * Waits before each attempt to resume a dropped session (default: about 45 s in all, inside
   * the service's 60 s resume window); `false` turns resuming off.
   */
  resumeDelaysMs?: readonly number[] | false;
  /** Unsent bytes above which {@link VoiceClient.sendAudio} drops frames (default 256 KiB). */
  maxBufferedBytes?: number;
  /** Longest wait from opening a socket to `session.created` (default 15 s). */
  connectTimeoutMs?: number;
  fetch?: typeof fetch;
  openSocket?: OpenSocket;
}

const DEFAULT_RESUME_DELAYS_MS = [250, 500, 1000, 2000, 4000, 6000, 8000, 8000, 8000, 8000];
// Above this much unsent data the network is not keeping up; dropping microphone frames keeps
// the conversation live instead of letting latency grow without bound.
const DEFAULT_MAX_BUFFERED_BYTES = 256 * 1024;
/** Close code of a connection that ended without a close frame: the session may resume. */
export const CONNECTION_LOST = 1006;
/** Close code the service uses for a token it refuses. */
export const TOKEN_REJECTED = 4401;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One voice session: creates it (`POST /v1/sessions`), opens its WebSocket, turns frames into
 * typed events, sends typed messages and audio, and resumes the session with its resume token
 * when the connection drops without a close frame.
 */
export class VoiceClient extends EventEmitter<VoiceClientEvents> {
  /** The handle of the session, once created. */
  handle: SessionHandle | null = null;
  /** The last `session.created` (a resume brings a new one). */
  created: SessionCreated | null = null;
  private ws: WebSocketLike | null = null;
  private stateValue: ConnectionState = 'idle';
  private closedByUs = false;
  private readonly options: VoiceClientOptions;

  constructor(options: VoiceClientOptions) {
    super();
    normaliseBaseUrl(options.url);
    this.options = options;
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  /** Whether a socket is open to send on. */
  get connected(): boolean {
    return this.ws !== null && this.ws.readyState === SOCKET_OPEN && this.stateValue === 'open';
  }

  /**
   * Creates the session (or joins `handle`, one created already) and opens its socket; resolves
   * with `session.created`. Listeners attached before this call see every message.
   */
  async connect(handle?: SessionHandle, signal?: AbortSignal): Promise<SessionCreated> {
    if (this.stateValue !== 'idle' && this.stateValue !== 'closed') {
      throw new VoiceClientError('invalid_options', `connect() while ${this.stateValue}`);
    }
    this.stateValue = 'connecting';
    this.closedByUs = false;
    this.created = null;
    try {
      this.handle =
        handle ??
        (await createSession({
          url: this.options.url,
          apiKey: this.options.apiKey,
          ...(this.options.session ? { session: this.options.session } : {}),
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          ...(signal ? { signal } : {}),
        }));
      if (this.closedByUs) throw new VoiceClientError('aborted', 'closed while connecting');
      return await this.openSocket(this.handle.token);
    } catch (err) {
      this.stateValue = 'closed';
      throw err;
    }
  }

  /** Sends a JSON message; false when no socket is open (between the sockets of a resume). */
  send(message: ClientMessage): boolean {
    if (!this.connected) return false;
    this.ws!.send(JSON.stringify(message));
    return true;
  }

  /**
   * Sends PCM16LE 16 kHz mono audio as binary frames (split at 32 KiB). Returns false when it was
   * dropped: no open socket, or more than `maxBufferedBytes` still unsent.
   */
  sendAudio(pcm: Int16Array | Uint8Array | ArrayBuffer): boolean {
    const bytes =
      pcm instanceof Int16Array
        ? pcm16Bytes(pcm)
        : pcm instanceof ArrayBuffer
          ? new Uint8Array(pcm)
          : pcm;
    if (bytes.byteLength % 2 !== 0) {
      throw new VoiceClientError('invalid_options', 'PCM16 audio must have an even byte length');
    }
    const max = this.options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    if (!this.connected || this.ws!.bufferedAmount > max) return false;
    for (let at = 0; at < bytes.byteLength; at += MAX_FRAME_BYTES) {
      this.ws!.send(bytes.subarray(at, Math.min(bytes.byteLength, at + MAX_FRAME_BYTES)));
    }
    return true;
  }

  /** `session.update`: merged into the session's configuration (`session.updated` answers). */
  updateSession(session: SessionConfigPatch): boolean {
    return this.send({ type: 'session.update', session });
  }

  /** `conversation.item.create`: a `user` item is answered as a spoken turn would be. */
  sendText(content: string, role: 'user' | 'assistant' | 'system' = 'user'): boolean {
    return this.send({ type: 'conversation.item.create', item: { role, content } });
  }

  /** `input_audio.commit`: ends the user's turn now (push-to-talk). */
  commitAudio(): boolean {
    return this.send({ type: 'input_audio.commit' });
  }

  /** `response.cancel`: stops the assistant's response. */
  cancelResponse(): boolean {
    return this.send({ type: 'response.cancel' });
  }

  /** `response.create`: asks for a response now. */
  createResponse(): boolean {
    return this.send({ type: 'response.create' });
  }

  /** `tool.result`: the answer to a `tool.call` (`output` is JSON text). */
  sendToolResult(callId: string, output: string): boolean {
    return this.send({ type: 'tool.result', call_id: callId, output });
  }

  /**
   * The next message of `type` that matches `predicate`. Rejects when the connection ends, after
   * `timeoutMs` (default 30 s) or when `signal` aborts.
   */
  waitFor<T extends ServerMessageType>(
    type: T,
    predicate: (message: ServerMessageOf<T>) => boolean = () => true,
    { timeoutMs = 30_000, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<ServerMessageOf<T>> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.off(type, onMessage as never);
        this.off('close', onClose);
        signal?.removeEventListener('abort', onAbort);
      };
      const onMessage = (message: ServerMessageOf<T>) => {
        if (!predicate(message)) return;
        done();
        resolve(message);
      };
      const onClose = (info: CloseInfo) => {
        done();
        reject(
          new VoiceClientError(
            'socket_closed',
            `the connection closed (${info.code}${info.reason ? ` ${info.reason}` : ''}) while waiting for ${type}`,
          ),
        );
      };
      const onAbort = () => {
        done();
        reject(new VoiceClientError('aborted', `stopped waiting for ${type}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new VoiceClientError('timeout', `no ${type} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.on(type, onMessage as never);
      this.on('close', onClose);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Ends the session: a close handshake, after which the service frees its slot. */
  close(): void {
    this.closedByUs = true;
    const ws = this.ws;
    if (ws && (ws.readyState === SOCKET_OPEN || ws.readyState === SOCKET_CONNECTING)) {
      ws.close(1000, 'client closed');
    } else if (this.stateValue === 'reconnecting') {
      this.finish({ code: 1000, reason: 'client closed' });
    }
  }

  /** Opens a socket with `token` and resolves at its `session.created`. */
  private async openSocket(token: string): Promise<SessionCreated> {
    const handle = this.handle!;
    const open = this.options.openSocket ?? defaultOpenSocket;
    let ws: WebSocketLike;
    try {
      ws = await open(handle.ws_url, token);
    } catch (err) {
      throw new VoiceClientError(
        'network_error',
        `cannot open ${handle.ws_url}: ${(err as Error).message}`,
        undefined,
        { cause: err },
      );
    }
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    return new Promise<SessionCreated>((resolve, reject) => {
      let started = false;
      const timeoutMs = this.options.connectTimeoutMs ?? 15_000;
      const timer = setTimeout(() => {
        if (started) return;
        ws.onclose = null;
        if (this.ws === ws) this.ws = null;
        ws.close(1000, 'no session.created');
        reject(new VoiceClientError('timeout', `no session.created within ${timeoutMs} ms`));
      }, timeoutMs);
      // Without a listener, `ws` would throw its error events; the close that follows says it all.
      ws.onerror = () => {};
      ws.onopen = () => {
        if (this.ws === ws) this.emit('open');
      };
      ws.onmessage = (event) => {
        if (this.ws !== ws) return;
        const message = this.receive(event.data);
        if (message?.type === 'session.created' && !started) {
          started = true;
          clearTimeout(timer);
          this.stateValue = 'open';
          resolve(message);
        }
      };
      ws.onclose = (event) => {
        clearTimeout(timer);
        if (this.ws !== ws) return;
        this.ws = null;
        if (!started) {
          reject(
            this.closedByUs
              ? new VoiceClientError('aborted', 'closed by the client before the session started')
              : event.code === TOKEN_REJECTED
                ? new VoiceClientError(
                    'token_rejected',
                    `the service refused the token (4401${event.reason ? ` ${event.reason}` : ''})`,
                  )
                : new VoiceClientError(
                    'socket_closed',
                    `the voice socket closed (${event.code}${event.reason ? ` ${event.reason}` : ''}) before the session started`,
                  ),
          );
          return;
        }
        this.onDropped({ code: event.code, reason: event.reason });
      };
    });
  }

  /** Parses a frame and emits it; returns the JSON message, if it was one. */
  private receive(data: unknown): ServerMessage | null {
    if (typeof data === 'string') {
      let message: unknown;
      try {
        message = JSON.parse(data);
      } catch {
        return null; // not the protocol: nothing to tell the listeners
      }
      if (
        !message ||
        typeof message !== 'object' ||
        typeof (message as ServerMessage).type !== 'string'
      ) {
        return null;
      }
      const typed = message as ServerMessage;
      if (typed.type === 'session.created') this.created = typed;
      this.emit('message', typed);
      this.emit(typed.type, typed as never);
      return typed;
    }
    if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
      try {
        this.emit('audio', decodeAudioFrame(data));
      } catch {
        // shorter than its header: not an audio frame of the protocol
      }
    }
    return null;
  }

  /** An established socket closed: resume if it dropped, else the session is over. */
  private onDropped(info: CloseInfo): void {
    const resumeToken = this.created?.resume_token;
    const delays = this.options.resumeDelaysMs ?? DEFAULT_RESUME_DELAYS_MS;
    if (!this.closedByUs && info.code === CONNECTION_LOST && resumeToken && delays !== false) {
      void this.resume(delays);
      return;
    }
    this.finish(info);
  }

  private async resume(delays: readonly number[]): Promise<void> {
    this.stateValue = 'reconnecting';
    for (const [i, delayMs] of delays.entries()) {
      this.emit('reconnecting', { attempt: i + 1, delayMs });
      await sleep(delayMs);
      const token = this.created?.resume_token;
      if (this.closedByUs || this.stateValue !== 'reconnecting' || !token) return;
      try {
        await this.openSocket(token);
        return;
      } catch (err) {
        if (this.closedByUs) {
          this.finish({ code: 1000, reason: 'client closed' });
          return;
        }
        // A refused token will not be taken later either; anything else may be a network blip.
        if (err instanceof VoiceClientError && err.code === 'token_rejected') {
          this.finish({ code: TOKEN_REJECTED, reason: 'the resume token was refused' });
          return;
        }
      }
    }
    this.finish({ code: CONNECTION_LOST, reason: 'the session could not be resumed' });
  }

  private finish(info: CloseInfo): void {
    if (this.stateValue === 'closed') return;
    this.stateValue = 'closed';
    this.ws = null;
    this.emit('close', info);
  }
}
