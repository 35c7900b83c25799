import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A request as the fake server received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Resolves when the exchange is over: true if the client closed it before the response ended. */
  closedByClient: Promise<boolean>;
}

/** Answers one request; `call` counts the requests to the same path from 0. */
export type FakeHandler = (req: ReceivedRequest, res: ServerResponse, call: number) => unknown;

/**
 * A local HTTP server on port 0 that speaks the OpenAI audio wire formats as a test scripts
 * it (routes are paths under `/v1`), and records every request. For tests only.
 */
export class FakeSpeechServer {
  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly baseURL: string,
    /** Every request received, in order. */
    readonly requests: ReceivedRequest[],
  ) {}

  static async start(routes: Record<string, FakeHandler>): Promise<FakeSpeechServer> {
    const calls = new Map<string, number>();
    const requests: ReceivedRequest[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = (req.url ?? '/').replace(/^\/v1/, '').split('?')[0] ?? '/';
        const closedByClient = new Promise<boolean>((resolve) => {
          res.on('close', () => resolve(!res.writableFinished));
        });
        const received: ReceivedRequest = {
          method: req.method ?? 'GET',
          path,
          headers: req.headers,
          body: Buffer.concat(chunks),
          closedByClient,
        };
        requests.push(received);
        const handler = routes[path];
        if (!handler) {
          sendJson(res, 404, { error: { message: `no route ${path}` } });
          return;
        }
        const call = calls.get(path) ?? 0;
        calls.set(path, call + 1);
        Promise.resolve(handler(received, res, call)).catch((err: unknown) => {
          if (!res.headersSent) sendJson(res, 500, { error: { message: String(err) } });
          else res.destroy();
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new FakeSpeechServer(server, `http://127.0.0.1:${port}/v1`, requests);
  }

  /** Requests to one path, in order. */
  to(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Ends a response with JSON. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Streams `body` in pieces of the given sizes with a pause before each but the first, as a
 * synthesiser does; stops early (returning false) when the client goes away.
 */
export async function streamBody(
  res: ServerResponse,
  body: Buffer,
  pieces: number[],
  delayMs: number,
  contentType = 'audio/pcm',
): Promise<boolean> {
  res.writeHead(200, { 'content-type': contentType });
  let pos = 0;
  for (const [i, size] of pieces.entries()) {
    if (i > 0) await sleep(delayMs);
    if (res.destroyed) return false;
    res.write(body.subarray(pos, pos + size));
    pos += size;
  }
  if (pos < body.length) res.write(body.subarray(pos));
  res.end();
  return true;
}

/** One part of a multipart/form-data body. */
export interface FormPart {
  value: Buffer;
  filename?: string;
  contentType?: string;
}

/** Parses multipart/form-data (RFC 7578) as a server would, byte-exact. */
export function parseMultipart(body: Buffer, contentType: string): Map<string, FormPart> {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = new Map<string, FormPart>();
  let pos = body.indexOf(delimiter);
  while (pos >= 0) {
    const start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) throw new Error('unterminated multipart body');
    const part = body.subarray(start + 2, next - 2); // CRLF after the delimiter and before the next
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const value = part.subarray(split + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    if (name !== undefined) {
      parts.set(name, {
        value,
        ...(filename === undefined ? {} : { filename }),
        ...(type === undefined ? {} : { contentType: type }),
      });
    }
    pos = next;
  }
  return parts;
}
