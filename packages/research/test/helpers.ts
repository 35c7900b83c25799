import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenOnLoopback } from '@hikma/service-kit';
import { OfflineLLM, type ChatEvent, type ChatRequest, type LLM } from '@hikma/llm';
import { registerResearchResponders } from '../src/offline/responders.ts';
import { loadConfig, type ResearchConfig } from '../src/config.ts';
import { createService, type ResearchService, type ServiceOverrides } from '../src/service.ts';
import type { RunEvent } from '../src/domain/events.ts';

export interface RunningService {
  service: ResearchService;
  config: ResearchConfig;
  /** e.g. http://127.0.0.1:41234/api */
  api: string;
  dataDir: string;
  /** Closes the service; removes the data dir unless `keepData`. */
  close(keepData?: boolean): Promise<void>;
}

/** Starts the real service on an ephemeral port with its own data directory. */
export async function startService(
  env: Record<string, string> = {},
  overrides: ServiceOverrides = {},
  dataDir = mkdtempSync(join(tmpdir(), 'research-test-')),
): Promise<RunningService> {
  const config = loadConfig({
    RESEARCH_PORT: '0',
    RESEARCH_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const service = await createService(config, overrides);
  const { origin } = await listenOnLoopback(service.app);
  return {
    service,
    config,
    dataDir,
    api: `${origin}/api`,
    async close(keepData = false) {
      await service.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON request helper returning status, headers and parsed body. */
export async function call(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export interface SseMessage {
  id: string | null;
  event: string;
  data: RunEvent;
}

/**
 * Reads a Server-Sent Events stream as a client would, calling `onEvent` for each message,
 * until the server ends the stream (or `timeoutMs` passes, which fails).
 */
export async function readSse(
  url: string,
  options: {
    headers?: Record<string, string>;
    onEvent?: (m: SseMessage) => void | Promise<void>;
    timeoutMs?: number;
    stopWhen?: (m: SseMessage) => boolean;
  } = {},
): Promise<{ messages: SseMessage[]; contentType: string | null }> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error('SSE read timed out')),
    options.timeoutMs ?? 120_000,
  );
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...options.headers },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
  const messages: SseMessage[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const fields: Record<string, string> = {};
        for (const line of block.split('\n')) {
          if (!line || line.startsWith(':')) continue;
          const i = line.indexOf(':');
          const key = i < 0 ? line : line.slice(0, i);
          const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
          fields[key] = fields[key] ? `${fields[key]}\n${value}` : value;
        }
        if (fields.data === undefined) continue;
        const message = {
          id: fields.id ?? null,
          event: fields.event ?? 'message',
          data: JSON.parse(fields.data) as RunEvent,
        };
        messages.push(message);
        await options.onEvent?.(message);
        if (options.stopWhen?.(message)) {
          controller.abort();
          return { messages, contentType: res.headers.get('content-type') };
        }
      }
    }
  } catch (err) {
    if (!controller.signal.aborted || (err as Error).message === 'SSE read timed out') throw err;
    if (
      controller.signal.reason instanceof Error &&
      controller.signal.reason.message === 'SSE read timed out'
    )
      throw controller.signal.reason;
  } finally {
    clearTimeout(timer);
  }
  return { messages, contentType: res.headers.get('content-type') };
}

/**
 * The offline LLM with one task held until `release()` is called, so a test can act while
 * a run is in a known stage.
 */
export class GatedLLM implements LLM {
  readonly provider = 'gated';
  readonly defaultModel = 'offline-1';
  private readonly inner = new OfflineLLM();
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  constructor(private readonly heldTask: string) {
    registerResearchResponders(this.inner);
  }
  release(): void {
    this.open();
  }
  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    if (request.task === this.heldTask) await this.gate;
    yield* this.inner.stream(request);
  }
}

/**
 * Creates the user, starts a run on `topic` that never pauses and reads its stream to the
 * end; returns the run's id, the messages and its snapshot after the end.
 */
export async function runWithoutPauses(
  svc: RunningService,
  userId: string,
  topic: string,
): Promise<{ runId: string; messages: SseMessage[]; snapshot: any }> {
  await call('POST', `${svc.api}/users`, { user_id: userId });
  const run = await call('POST', `${svc.api}/runs`, { user_id: userId, topic, pause_after: [] });
  const runId = run.body.run_id as string;
  const { messages } = await readSse(`${svc.api}/runs/${runId}/stream`);
  const snapshot = (await call('GET', `${svc.api}/runs/${runId}`)).body;
  return { runId, messages, snapshot };
}
