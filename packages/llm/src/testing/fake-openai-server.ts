import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
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
   * Destroys the socket after this many `data:` chunks (the first is the role chunk). Give a
   * `chunkDelayMs` too if the client must see the chunks before the break.
   */
  disconnectAfter?: number;
  /** Stops sending after this many `data:` chunks, leaving the connection open. */
  stallAfter?: number;
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

/** Full control: answer the request by hand. */
export type FakeHandler = (request: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export type FakeReply = FakeCompletionReply | FakeErrorReply | FakeHandler;

/** A request the fake server received. */
export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/v1/chat/completions`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read as a client would
  receivedAt: number;
  /** Settles when the connection of this request closes; `completed` is false if cut short. */
  closed: Promise<{ completed: boolean; at: number }>;
}

export interface FakeOpenAIServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `url + '/v1'`, the base URL an OpenAI client takes. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Replies not yet used. */
  readonly pending: number;
  /** Requests that found no scripted reply (they got a 400). */
  readonly unexpected: number;
  /** Scripts the next replies, used in order, one per `…/chat/completions` request. */
  enqueue(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

/**
 * Starts a local server that speaks the OpenAI chat-completions wire format: JSON errors,
 * and SSE streams (`data: {chunk}\n\n` … `data: [DONE]\n\n`) with content deltas, tool calls
 * split across chunks by `index`, and the final usage chunk with empty `choices` when the
 * request sets `stream_options.include_usage`. It answers any path ending in
 * `/chat/completions` (so Azure's deployment URLs too) with the next scripted reply; a
 * request with none left gets a 400 and is counted in `unexpected`.
 */
export async function startFakeOpenAIServer(replies: FakeReply[] = []): Promise<FakeOpenAIServer> {
  const queue = [...replies];
  const requests: RecordedRequest[] = [];
  let unexpected = 0;
  let completionCount = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, { kind: 'error', status: 500, message: String(err) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      receivedAt: Date.now(),
      closed: new Promise((resolve) =>
        res.once('close', () => resolve({ completed: res.writableFinished, at: Date.now() })),
      ),
    };
    requests.push(recorded);
    if (req.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
      sendError(res, {
        kind: 'error',
        status: 404,
        message: `no route ${req.method} ${url.pathname}`,
      });
      return;
    }
    const reply = queue.shift();
    if (!reply) {
      unexpected++;
      sendError(res, {
        kind: 'error',
        status: 400,
        message: `fake server: no reply scripted for request #${requests.length}`,
      });
      return;
    }
    if (typeof reply === 'function') return reply(recorded, res);
    if (reply.kind === 'error') return sendError(res, reply);
    return sendCompletion(recorded, res, reply, `chatcmpl-fake${++completionCount}`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    get pending() {
      return queue.length;
    },
    get unexpected() {
      return unexpected;
    },
    enqueue: (...more) => void queue.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sendError(res: ServerResponse, reply: FakeErrorReply): void {
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
function wait(ms: number, res: ServerResponse): Promise<void> {
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

async function sendCompletion(
  request: RecordedRequest,
  res: ServerResponse,
  reply: FakeCompletionReply,
  id: string,
): Promise<void> {
  const model = String(request.body?.model ?? 'fake-model');
  const content = reply.content ?? [];
  const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({ ...c, id: c.id ?? `call_fake${i}` }));
  const finishReason =
    reply.finishReason === undefined
      ? toolCalls.length > 0
        ? 'tool_calls'
        : 'stop'
      : reply.finishReason;
  const usage = reply.usage === undefined ? defaultUsage(request, reply) : reply.usage;
  await wait(reply.headersDelayMs ?? 0, res);
  if (res.destroyed) return;

  if (request.body?.stream !== true) {
    const text = content.join('');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
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
      }),
    );
    return;
  }

  const includeUsage = request.body?.stream_options?.include_usage === true;
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
    if (reply.stallAfter !== undefined && written >= reply.stallAfter) return; // left open
    res.write(`data: ${JSON.stringify(c)}\n\n`);
    written++;
  }
  res.end('data: [DONE]\n\n');
}

function withTotal(usage: { prompt_tokens: number; completion_tokens: number }): object {
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
}

function defaultUsage(
  request: RecordedRequest,
  reply: FakeCompletionReply,
): { prompt_tokens: number; completion_tokens: number } {
  const messages: { content?: unknown }[] = Array.isArray(request.body?.messages)
    ? request.body.messages
    : [];
  const words = messages
    .map((m) => (typeof m.content === 'string' ? m.content.split(/\s+/).filter(Boolean).length : 0))
    .reduce((a, b) => a + b, 0);
  const pieces =
    (reply.content?.length ?? 0) +
    (reply.toolCalls ?? []).reduce((n, c) => n + 1 + c.argumentPieces.length, 0);
  return { prompt_tokens: 7 + words, completion_tokens: pieces };
}
