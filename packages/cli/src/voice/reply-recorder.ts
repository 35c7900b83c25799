import type { ServerMessageOf, VoiceClient } from '@hikma/voice-client';
import type { Io } from '../io.ts';

type ResponseDone = ServerMessageOf<'response.done'>;

/**
 * Follows a session for the terminal: prints what the user was heard saying and the
 * assistant's reply as it streams, reports the service's errors, and keeps the reply audio.
 */
export class ReplyRecorder {
  readonly responses: ResponseDone[] = [];
  readonly errors: { code: string; message: string }[] = [];
  speechStarted = 0;
  speechStopped = 0;
  private readonly chunks: Int16Array[] = [];
  private readonly open = new Set<number>();
  private printing: number | null = null;

  constructor(client: VoiceClient, io: Io) {
    const out = io.stdout;
    client.on('vad.speech_started', () => this.speechStarted++);
    client.on('vad.speech_stopped', () => this.speechStopped++);
    client.on('transcript.final', (m) => {
      this.endLine(out);
      out.write(m.text.trim() ? `you: ${m.text}\n` : '(no words recognised)\n');
    });
    client.on('response.created', (m) => this.open.add(m.stream_id));
    client.on('response.text.delta', (m) => {
      if (this.printing !== m.stream_id) {
        this.endLine(out);
        out.write('assistant: ');
        this.printing = m.stream_id;
      }
      out.write(m.text);
    });
    client.on('response.done', (m) => {
      this.endLine(out);
      this.open.delete(m.stream_id);
      this.responses.push(m);
      if (m.status !== 'completed') out.write(`(reply ${m.status}: ${m.reason ?? 'no reason'})\n`);
    });
    client.on('error', (m) => {
      this.endLine(out);
      this.errors.push({ code: m.code, message: m.message });
      io.stderr.write(`voice service error ${m.code}: ${m.message}\n`);
    });
    client.on('audio', ({ pcm }) => this.chunks.push(pcm));
  }

  /** Every turn heard has been answered and no reply is still going on. */
  get settled(): boolean {
    return (
      this.speechStopped === this.speechStarted &&
      this.responses.length >= this.speechStopped &&
      this.open.size === 0
    );
  }

  /** The reply audio received so far: 24 kHz PCM16 mono, in the order it came. */
  audio(): Int16Array {
    const out = new Int16Array(this.chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  private endLine(out: Io['stdout']): void {
    if (this.printing === null) return;
    out.write('\n');
    this.printing = null;
  }
}
