import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { listenOnLoopback } from '@hikma/service-kit';
import WebSocket from 'ws';
import { loadConfig, type VoiceConfig } from '../../src/config.ts';
import {
  createVoiceService,
  type EngineOverrides,
  type VoiceService,
  type VoiceServiceOptions,
} from '../../src/service.ts';
import { decodeAudioFrame } from '../../src/protocol/frames.ts';

export const API_KEY = 'test-key-alpha';
export const OTHER_KEY = 'test-key-beta';
export const JWT_SECRET = 'a-test-signing-secret-that-is-long-enough-0123456789';

export interface RunningVoice {
  service: VoiceService;
  config: VoiceConfig;
  http: string;
  close(): Promise<void>;
}

/** Starts the real voice service on an ephemeral port. */
export async function startVoice(
  env: Record<string, string> = {},
  overrides: EngineOverrides = {},
  options: VoiceServiceOptions = {},
): Promise<RunningVoice> {
  const dataDir = mkdtempSync(join(tmpdir(), 'voice-test-'));
  const config = loadConfig({
    VOICE_API_KEYS: `${API_KEY}:tenant-a,${OTHER_KEY}:tenant-b`,
    VOICE_JWT_SECRET: JWT_SECRET,
    VOICE_PORT: '0',
    VOICE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const service = await createVoiceService(config, overrides, options);
  const { origin } = await listenOnLoopback(service.app);
  return {
    service,
    config,
    http: origin,
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SessionHandle {
  session_id: string;
  ws_url: string;
  token: string;
}

/** POST /v1/sessions as a client would. */
export async function createSession(
  http: string,
  body: unknown = {},
  apiKey = API_KEY,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${http}/v1/sessions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(apiKey ? { 'x-api-key': apiKey } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

export type Message = { type: string; [key: string]: any };

/** A WebSocket client that records every message and audio frame with its arrival time. */
export class VoiceClient {
  readonly messages: (Message & { at: number })[] = [];
  readonly frames: { streamId: number; bytes: number; at: number }[] = [];
  closeCode: number | null = null;
  closeReason = '';
  private readonly closed: Promise<void>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const at = performance.now();
      const buf = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      if (isBinary) {
        const { streamId, pcm } = decodeAudioFrame(buf);
        this.frames.push({ streamId, bytes: pcm.length, at });
      } else {
        this.messages.push({ ...(JSON.parse(buf.toString('utf8')) as Message), at });
      }
      this.notify();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        this.notify();
        resolve();
      }),
    );
  }

  /** Opens the socket with the token as a bearer header (or as subprotocol). */
  static async connect(
    handle: SessionHandle,
    how: 'header' | 'subprotocol' | 'none' = 'header',
    token = handle.token,
  ): Promise<VoiceClient> {
    const ws =
      how === 'subprotocol'
        ? new WebSocket(handle.ws_url, [`bearer.${token}`])
        : new WebSocket(
            handle.ws_url,
            how === 'header' ? { headers: { authorization: `Bearer ${token}` } } : {},
          );
    const client = new VoiceClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  sendAudio(pcm: Buffer): void {
    this.ws.send(pcm, { binary: true });
  }

  /** Streams PCM16 16 kHz in 20 ms frames at real time (or `speed` times faster). */
  async streamAudio(pcm: Buffer, speed = 1, frameMs = 20): Promise<void> {
    const frameBytes = (16000 * 2 * frameMs) / 1000;
    const start = performance.now();
    for (let i = 0, n = 0; i < pcm.length; i += frameBytes, n++) {
      if (this.ws.readyState !== WebSocket.OPEN) return;
      this.sendAudio(pcm.subarray(i, i + frameBytes));
      const due = start + ((n + 1) * frameMs) / speed;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
  }

  of(type: string): (Message & { at: number })[] {
    return this.messages.filter((m) => m.type === type);
  }

  /** Waits until a message matching `predicate` arrives (checking those already received). */
  async waitFor(
    type: string,
    predicate: (m: Message) => boolean = () => true,
    timeoutMs = 20_000,
    from = 0,
  ): Promise<Message & { at: number }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find((m) => m.type === type && predicate(m));
      if (found) return found;
      if (this.closeCode !== null)
        throw new Error(
          `socket closed (${this.closeCode} ${this.closeReason}) while waiting for ${type}`,
        );
      const left = deadline - performance.now();
      if (left <= 0)
        throw new Error(
          `timed out waiting for ${type}; got ${this.messages.map((m) => m.type).join(', ')}`,
        );
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async waitClosed(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    await Promise.race([
      this.closed,
      // Unreferenced: once the socket has closed, the timer must not keep the test running.
      sleep(timeoutMs, undefined, { ref: false }).then(() =>
        Promise.reject(new Error('socket did not close')),
      ),
    ]);
    return { code: this.closeCode!, reason: this.closeReason };
  }

  close(): void {
    this.ws.close();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
