// Writing chat-completions answers on the wire, for the test servers (fake and chaos).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool call the fake model makes; its arguments are sent in pieces over several chunks. */
export interface FakeToolCall {
  id?: string;
  name: string;
  /** The pieces of the JSON arguments, one chunk each (joined they form the arguments). */
  argumentPieces: string[];
}

/** A streamed (or, for `stream: false`, a whole) completion. */
export interface FakeCompletionReply {
  kind?: 'completion';
  /** Content deltas, one chunk each. */
  content?: string[];
  toolCalls?: FakeToolCall[];
  /** Default `tool_calls` when there are tool calls, else `stop`; `null` sends no finish chunk. */
  finishReason?: 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;
  /**
   * Sent as the final usage chunk when the request asks for it (`stream_options.include_usage`).
   * Default: prompt 7 + words of the messages, completion 1 per chunk. `null` sends none.
   */
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  /** Delay before each chunk. */
  chunkDelayMs?: number;
  /** Delay before the response headers (the client sees a hung request). */
  headersDelayMs?: number;
  /**
   * Destroys the socket after this many `data:` chunks (the first is the role chunk), each
   * flushed first. With `stream: false`: after half of the body.
   */
  disconnectAfter?: number;
  /**
   * Stops sending after this many `data:` chunks (with `stream: false`: after half of the
   * body), leaving the connection open for `stallMs`, then goes on.
   */
  stallAfter?: number;
  /** How long a `stallAfter` silence lasts (default: until the client gives up). */
  stallMs?: number;
}

/** An HTTP error in the OpenAI error format. */
export interface FakeErrorReply {
  kind: 'error';
  status: number;
  message: string;
  type?: string;
  code?: string | null;
  param?: string | null;
  headers?: Record<string, string>;
}

type WireUsage = { prompt_tokens: number; completion_tokens: number };

/** Reads a request body as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** Answers with an HTTP error in the OpenAI error format. */
export function sendError(res: ServerResponse, reply: FakeErrorReply): void {
  const payload = JSON.stringify({
    error: {
      message: reply.message,
      type: reply.type ?? (reply.status === 429 ? 'rate_limit_error' : 'invalid_request_error'),
      param: reply.param ?? null,
      code: reply.code ?? null,
    },
  });
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(payload);
}

/** Waits `ms`, or less if the connection closes first. */
export function wait(ms: number, res: ServerResponse): Promise<void> {
  if (ms <= 0 || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    res.once('close', done);
    function done(): void {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
  });
}

/**
 * Answers a chat-completions request (`body` is its parsed JSON) with `reply`: an SSE stream
 * (role chunk, content deltas, tool calls split by `index`, finish chunk, usage chunk when
 * `stream_options.include_usage`, `[DONE]`) or, for `stream: false`, one JSON completion.
 */
export async function sendCompletion(
  body: any, // eslint-disable-line @typescript-eslint/no-explicit-any -- read as a server would
  res: ServerResponse,
  reply: FakeCompletionReply,
  id: string,
): Promise<void> {
  const model = String(body?.model ?? 'fake-model');
  const content = reply.content ?? [];
  const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({ ...c, id: c.id ?? `call_fake${i}` }));
  const finishReason =
    reply.finishReason === undefined
      ? toolCalls.length > 0
        ? 'tool_calls'
        : 'stop'
      : reply.finishReason;
  const usage = reply.usage === undefined ? defaultUsage(body, reply) : reply.usage;
  await wait(reply.headersDelayMs ?? 0, res);
  if (res.destroyed) return;

  if (body?.stream !== true) {
    const text = content.join('');
    const payload = JSON.stringify({
      id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: toolCalls.length > 0 && !text ? null : text,
            refusal: null,
            ...(toolCalls.length > 0
              ? {
                  tool_calls: toolCalls.map((c) => ({
                    id: c.id,
                    type: 'function',
                    function: { name: c.name, arguments: c.argumentPieces.join('') },
                  })),
                }
              : {}),
          },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      ...(usage ? { usage: withTotal(usage) } : {}),
    });
    if (reply.disconnectAfter === undefined && reply.stallAfter === undefined) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(payload);
      return;
    }
    const bytes = Buffer.from(payload);
    const half = Math.floor(bytes.length / 2);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    await write(res, bytes.subarray(0, half));
    if (reply.disconnectAfter !== undefined) {
      res.socket?.destroy();
      return;
    }
    if (reply.stallMs === undefined) return; // left open
    await wait(reply.stallMs, res);
    if (!res.destroyed) res.end(bytes.subarray(half));
    return;
  }

  const includeUsage = body?.stream_options?.include_usage === true;
  const base = {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: 'fp_fake',
  };
  const chunk = (delta: object, finish: string | null = null): object => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: object[] = [
    chunk({ role: 'assistant', content: toolCalls.length > 0 ? null : '', refusal: null }),
  ];
  for (const piece of content) chunks.push(chunk({ content: piece }));
  toolCalls.forEach((call, index) => {
    chunks.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
    );
    for (const piece of call.argumentPieces)
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  if (finishReason !== null) chunks.push(chunk({}, finishReason));
  if (includeUsage && usage) chunks.push({ ...base, choices: [], usage: withTotal(usage) });

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  let written = 0;
  for (const c of chunks) {
    await wait(reply.chunkDelayMs ?? 0, res);
    if (res.destroyed) return;
    if (reply.disconnectAfter !== undefined && written >= reply.disconnectAfter) {
      res.socket?.destroy();
      return;
    }
    if (reply.stallAfter !== undefined && written === reply.stallAfter) {
      if (reply.stallMs === undefined) return; // left open
      await wait(reply.stallMs, res);
      if (res.destroyed) return;
    }
    await write(res, `data: ${JSON.stringify(c)}\n\n`);
    written++;
  }
  res.end('data: [DONE]\n\n');
}

/** Writes and waits until the data is handed to the socket, so a cut after it is real. */
function write(res: ServerResponse, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve) => res.write(data, () => resolve()));
}

function withTotal(usage: WireUsage): object {
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
}

function defaultUsage(
  body: any, // eslint-disable-line @typescript-eslint/no-explicit-any -- read as a server would
  reply: FakeCompletionReply,
): WireUsage {
  const messages: { content?: unknown }[] = Array.isArray(body?.messages) ? body.messages : [];
  const words = messages
    .map((m) => (typeof m.content === 'string' ? m.content.split(/\s+/).filter(Boolean).length : 0))
    .reduce((a, b) => a + b, 0);
  const pieces =
    (reply.content?.length ?? 0) +
    (reply.toolCalls ?? []).reduce((n, c) => n + 1 + c.argumentPieces.length, 0);
  return { prompt_tokens: 7 + words, completion_tokens: pieces };
}

/** Listens on 127.0.0.1 at a port the kernel picks; returns `http://127.0.0.1:<port>`. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
