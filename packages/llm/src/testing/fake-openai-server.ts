import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { listenLocally, readBody, sendCompletion, sendError } from './wire-replies.ts';
import type { FakeCompletionReply, FakeErrorReply } from './wire-replies.ts';

export type { FakeCompletionReply, FakeErrorReply, FakeToolCall } from './wire-replies.ts';

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
    return sendCompletion(recorded.body, res, reply, `chatcmpl-fake${++completionCount}`);
  }

  const url = await listenLocally(server);
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
