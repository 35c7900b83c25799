import {
  decodeAudioFrame,
  type ClientMessage,
  type ServerMessage,
  type SessionHandle,
} from './protocol.ts';

/** A failure the console shows with a code, like the service's own errors. */
export class ConsoleError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `POST /v1/sessions` with the API key in `X-API-Key`. The key only ever travels in this
 * header: never in a URL, never stored, never logged.
 */
export async function createSession(apiKey: string, signal?: AbortSignal): Promise<SessionHandle> {
  let res: Response;
  try {
    res = await fetch('/v1/sessions', {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: '{}',
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    throw new ConsoleError('network_error', `cannot reach the service: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as
    (SessionHandle & { error?: { code: string; message: string } }) | null;
  if (!res.ok || !body || typeof body.token !== 'string') {
    throw new ConsoleError(
      body?.error?.code ?? `http_${res.status}`,
      body?.error?.message ?? `POST /v1/sessions answered ${res.status}`,
    );
  }
  return body;
}

export interface VoiceSocketEvents {
  onMessage(message: ServerMessage): void;
  onAudio(streamId: number, pcm: Int16Array): void;
  onClose(code: number, reason: string): void;
}

// Above this much unsent data the network is not keeping up; dropping microphone frames
// keeps the conversation live instead of letting latency grow without bound.
const MAX_BUFFERED_BYTES = 256 * 1024;

/** The voice WebSocket: JSON messages and binary audio frames, one session. */
export class VoiceSocket {
  private constructor(private readonly ws: WebSocket) {}

  /**
   * Opens `ws_url`. Browsers cannot set an Authorization header on a WebSocket, so the token
   * (the session JWT, or a resume token after a dropped connection) goes in the subprotocol
   * `bearer.<token>`, which the service echoes back.
   */
  static open(
    handle: SessionHandle,
    events: VoiceSocketEvents,
    token = handle.token,
  ): Promise<VoiceSocket> {
    const ws = new WebSocket(handle.ws_url, [`bearer.${token}`]);
    ws.binaryType = 'arraybuffer';
    const socket = new VoiceSocket(ws);
    ws.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
      if (typeof event.data === 'string') {
        let message: ServerMessage;
        try {
          message = JSON.parse(event.data) as ServerMessage;
        } catch {
          return;
        }
        events.onMessage(message);
      } else if (event.data.byteLength >= 4) {
        const { streamId, pcm } = decodeAudioFrame(event.data);
        events.onAudio(streamId, pcm);
      }
    };
    return new Promise((resolve, reject) => {
      let opened = false;
      ws.onopen = () => {
        opened = true;
        resolve(socket);
      };
      ws.onclose = (event) => {
        if (!opened) {
          reject(new ConsoleError('socket_closed', `the voice socket closed (${event.code})`));
          return;
        }
        events.onClose(event.code, event.reason);
      };
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(message: ClientMessage): void {
    if (this.open) this.ws.send(JSON.stringify(message));
  }

  /** Sends one microphone frame; false when it was dropped. */
  sendAudio(pcm: ArrayBuffer): boolean {
    if (!this.open || this.ws.bufferedAmount > MAX_BUFFERED_BYTES) return false;
    this.ws.send(pcm);
    return true;
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)
      this.ws.close(1000, 'client closed');
  }
}
