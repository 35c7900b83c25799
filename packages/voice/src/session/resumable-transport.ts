import type { ServerMessage } from '../protocol/server-messages.ts';
import type { SessionTransport } from './transport.ts';

/** What a client missed while its socket was away. */
export interface MissedWhileAway {
  /** Messages kept while away, oldest first, to be sent again after the reconnect. */
  replay: ServerMessage[];
  /** Messages produced while away that did not fit the buffer and are lost. */
  missedEvents: number;
  /** Binary audio frames produced while away; audio is never kept. */
  missedAudioFrames: number;
  /** Bytes of those frames (frame header included). */
  missedAudioBytes: number;
}

/**
 * The session's side of its socket, which may come and go: while a socket is attached
 * everything passes through; while none is, JSON messages are kept (up to `maxKept`, then
 * the oldest are dropped and counted) and audio is counted and dropped, since audio that
 * arrives late is of no use to a listener.
 */
export class ResumableTransport implements SessionTransport {
  private socket: SessionTransport | null;
  private kept: ServerMessage[] = [];
  private missedEvents = 0;
  private missedAudioFrames = 0;
  private missedAudioBytes = 0;

  constructor(
    socket: SessionTransport,
    private readonly maxKept = 256,
  ) {
    this.socket = socket;
  }

  get attached(): boolean {
    return this.socket !== null;
  }

  /** Whether `socket` is the one attached now. */
  isAttached(socket: SessionTransport): boolean {
    return this.socket === socket;
  }

  sendJson(message: ServerMessage): void {
    if (this.socket) {
      this.socket.sendJson(message);
      return;
    }
    if (this.kept.length >= this.maxKept) {
      this.kept.shift();
      this.missedEvents++;
    }
    this.kept.push(message);
  }

  sendBinary(frame: Buffer): void {
    if (this.socket) {
      this.socket.sendBinary(frame);
      return;
    }
    this.missedAudioFrames++;
    this.missedAudioBytes += frame.length;
  }

  close(code: number, reason: string): void {
    this.socket?.close(code, reason);
  }

  /** The socket went away: start keeping messages. */
  detach(): void {
    this.socket = null;
  }

  /** A new socket: returns what was missed and passes everything through again. */
  attach(socket: SessionTransport): MissedWhileAway {
    const missed: MissedWhileAway = {
      replay: this.kept,
      missedEvents: this.missedEvents,
      missedAudioFrames: this.missedAudioFrames,
      missedAudioBytes: this.missedAudioBytes,
    };
    this.kept = [];
    this.missedEvents = 0;
    this.missedAudioFrames = 0;
    this.missedAudioBytes = 0;
    this.socket = socket;
    return missed;
  }
}
