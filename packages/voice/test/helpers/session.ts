import { setImmediate as tick } from 'node:timers/promises';
import { pcm16BytesForMs } from '../../src/audio/pcm.ts';
import type { SessionConfigPatch } from '../../src/protocol/session-config.ts';
import { defaultSessionConfig, mergeSessionConfig } from '../../src/protocol/session-config.ts';
import type { ServerMessage } from '../../src/protocol/server-messages.ts';
import { decodeAudioFrame } from '../../src/protocol/frames.ts';
import { Semaphore } from '../../src/limits/semaphore.ts';
import { ModelTokenBuckets } from '../../src/limits/token-bucket.ts';
import { RagIndexStore } from '../../src/rag/index-store.ts';
import type { SessionEngines } from '../../src/session/engines.ts';
import type { SessionTransport } from '../../src/session/transport.ts';
import { VoiceSession } from '../../src/session/voice-session.ts';
import { VoiceMetrics } from '../../src/telemetry/metrics.ts';
import { noopTurnTracer } from '../../src/telemetry/tracing.ts';
import {
  FakeSTT,
  FakeTTS,
  ScriptedLLM,
  ScriptedVAD,
  type FakeTTSOptions,
  type ScriptedReply,
  type ScriptedSpeech,
  type ScriptedUtterance,
} from '../../src/testing/index.ts';

type Sent = ServerMessage & { at: number };
type Of<T extends string> = Extract<ServerMessage, { type: T }> & { at: number };

/** A socket stand-in that records what the session sends, with arrival times. */
export class RecordingSocket implements SessionTransport {
  readonly messages: Sent[] = [];
  readonly frames: { streamId: number; bytes: number; at: number }[] = [];
  closedWith: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  sendJson(message: ServerMessage): void {
    this.messages.push({ ...message, at: performance.now() });
    this.notify();
  }

  sendBinary(frame: Buffer): void {
    const { streamId, pcm } = decodeAudioFrame(frame);
    this.frames.push({ streamId, bytes: pcm.length, at: performance.now() });
    this.notify();
  }

  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
    this.notify();
  }

  of<T extends ServerMessage['type']>(type: T): Of<T>[] {
    return this.messages.filter((m) => m.type === type) as Of<T>[];
  }

  types(): string[] {
    return this.messages.map((m) => m.type);
  }

  /** The first message of `type` (after `from` messages) that matches, waiting for it if need be. */
  async waitFor<T extends ServerMessage['type']>(
    type: T,
    match: (m: Of<T>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Of<T>> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.of(type).find(match);
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0)
        throw new Error(`timed out waiting for ${type}; got ${this.types().join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

export interface HarnessOptions {
  /** Speech the VAD reports, in audio time; omit for a session without a VAD model. */
  vad?: ScriptedSpeech[];
  stt?: ScriptedUtterance[];
  llm?: ScriptedReply[];
  tts?: FakeTTSOptions;
  session?: SessionConfigPatch;
  settings?: Partial<SessionEngines['settings']>;
  /** The session reaches its maximum duration this long after it starts. */
  expiresInMs?: number;
}

/**
 * One `VoiceSession` on a recording socket, with scripted fakes of every vendor: the VAD's
 * speech, the recogniser's transcripts, the LLM's replies and a tone for speech.
 */
export class SessionHarness {
  readonly vad: ScriptedVAD | null;
  readonly stt: FakeSTT;
  readonly llm: ScriptedLLM;
  readonly tts: FakeTTS;
  readonly session: VoiceSession;
  socket = new RecordingSocket();
  closed = false;
  private readonly rag = new RagIndexStore(':memory:');

  constructor(options: HarnessOptions = {}) {
    this.vad = options.vad ? new ScriptedVAD(options.vad) : null;
    this.stt = new FakeSTT(options.stt ?? []);
    this.llm = new ScriptedLLM(options.llm ?? []);
    this.tts = new FakeTTS(options.tts);
    const engines: SessionEngines = {
      llm: this.llm,
      stt: this.stt,
      tts: this.tts,
      vad: this.vad,
      rag: this.rag,
      metrics: new VoiceMetrics(),
      tracer: noopTurnTracer(),
      recognitions: new Semaphore(4),
      syntheses: new Semaphore(4),
      tokenBuckets: new ModelTokenBuckets(1_000_000),
      settings: {
        maxFrameBytes: 32768,
        bargeInMinMs: 200,
        toolTimeoutMs: 30_000,
        playbackLeadMs: 300,
        ...options.settings,
      },
    };
    const config = mergeSessionConfig(
      defaultSessionConfig('slt', 'scripted-1'),
      options.session ?? {},
    );
    const now = Date.now();
    this.session = new VoiceSession(
      {
        id: 'sess_test',
        tenant: 'tenant-a',
        createdAt: now,
        expiresAt: now + (options.expiresInMs ?? 600_000),
        config,
      },
      this.socket,
      engines,
      () => {
        this.closed = true;
      },
    );
    this.session.start();
  }

  /** A client message, as JSON text. */
  send(message: Record<string, unknown>): void {
    this.session.onText(JSON.stringify(message));
  }

  /** `ms` of input audio in 20 ms frames, letting events flow between frames. */
  async audio(ms: number): Promise<void> {
    const frame = Buffer.alloc(pcm16BytesForMs(20));
    for (let sent = 0; sent < ms; sent += 20) {
      this.session.onBinary(frame);
      await tick();
    }
  }

  /** Feeds audio in 20 ms frames until `done()` holds (at most `maxMs` of audio). */
  async audioUntil(done: () => boolean, maxMs = 10_000): Promise<void> {
    for (let sent = 0; sent < maxMs && !done(); sent += 20) await this.audio(20);
    if (!done()) throw new Error(`still waiting after ${maxMs} ms of audio`);
  }

  /** Feeds audio until the session has sent `count` messages of `type`. */
  audioUntilSent(type: ServerMessage['type'], count = 1): Promise<void> {
    return this.audioUntil(() => this.socket.of(type).length >= count);
  }

  /** Ends the session and frees what the harness holds. */
  close(): void {
    this.session.close();
    this.rag.close();
  }
}

/** Runs `body` with a fresh {@link SessionHarness}, closed afterwards whatever happens. */
export async function withSession(
  options: HarnessOptions,
  body: (h: SessionHarness) => Promise<void>,
): Promise<void> {
  const h = new SessionHarness(options);
  try {
    await body(h);
  } finally {
    h.close();
  }
}
