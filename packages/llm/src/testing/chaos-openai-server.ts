import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatMessage } from '../types.ts';
import { hashString, seededRandom } from '../offline/seeded.ts';
import { estimateMessagesTokens, estimateTokens } from '../tokens.ts';
import {
  DEFAULT_JSON_FAULT_RATES,
  DEFAULT_TRANSPORT_FAULT_RATES,
  applyJsonFault,
} from './chaos-faults.ts';
import type { FaultedAnswer, JsonFaultKind, TransportFaultKind } from './chaos-faults.ts';
import { listenLocally, readBody, sendCompletion, sendError } from './wire-replies.ts';
import type { FakeCompletionReply } from './wire-replies.ts';

export type { JsonFaultKind, TransportFaultKind } from './chaos-faults.ts';

/** A request body, read as a server reads it: anything may be missing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type WireBody = any;

/** A chat-completions request as the chaos server hands it to responders and faults. */
export interface ChaosRequest {
  /** Parsed JSON body of the chat-completions request. */
  body: WireBody;
  /** `response_format.json_schema.name` when the request asks for structured output, else null. */
  schemaName: string | null;
  messages: { role: string; content: string }[];
  /** 0-based index of this request on the server. */
  index: number;
}

/** The answer a careful model would give (JSON text for structured requests). */
export type TidyResponder = (request: ChaosRequest) => string | Promise<string>;

/**
 * A content fault supplied by the caller (code, LaTeX…). Returns the corrupted answer, or
 * null when it does not apply to this request.
 */
export interface ContentFault {
  /** e.g. `code.syntax_error` */
  kind: string;
  /** `json`, `code`, `latex`, or anything */
  family: string;
  /** Probability per applicable request, 0..1. */
  rate: number;
  apply(request: ChaosRequest, tidy: string, rng: () => number): string | null;
}

/** One fault the server injected. */
export interface InjectedFault {
  index: number;
  kind: string;
  family: string;
  schemaName: string | null;
}

export interface ChaosServerOptions {
  seed: number;
  tidy: TidyResponder;
  /**
   * Built-in JSON faults and their rates (default `DEFAULT_JSON_FAULT_RATES`). When given,
   * kinds left out are off: `{}` disables them all.
   */
  jsonFaults?: Partial<Record<JsonFaultKind, number>>;
  /** Transport faults and their rates (default `DEFAULT_TRANSPORT_FAULT_RATES`), as above. */
  transportFaults?: Partial<Record<TransportFaultKind, number>>;
  contentFaults?: ContentFault[];
  /** Stall duration for the `stall` transport fault (default 90 000 ms). */
  stallMs?: number;
}

export interface ChaosOpenAIServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `url + '/v1'`, the base URL an OpenAI client takes. */
  baseURL: string;
  /** Every fault injected so far, in order. */
  injected: InjectedFault[];
  /** Chat-completions requests received so far. */
  readonly requests: number;
  close(): Promise<void>;
}

/** One candidate fault with its share of [0, 1). */
interface Band {
  kind: string;
  family: string;
  rate: number;
  transport?: TransportFaultKind;
  json?: JsonFaultKind;
  content?: ContentFault;
}

/** Seconds a `rate_limited` answer asks the client to wait. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Starts a local OpenAI-compatible server that answers every chat-completions request with
 * what `tidy` says, spoiled now and then the way real models and gateways spoil answers:
 * at most one fault per request, drawn from a generator seeded with `seed` and the
 * request's index, so a run is repeatable and each outcome can be traced to its fault.
 * Each fault happens with its rate on the requests it applies to (JSON faults: requests
 * with a `response_format`); if the rates add up to more than 1 they are scaled down.
 */
export async function startChaosOpenAIServer(
  options: ChaosServerOptions,
): Promise<ChaosOpenAIServer> {
  const bands = faultBands(options);
  const stallMs = options.stallMs ?? 90_000;
  const injected: InjectedFault[] = [];
  let requests = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        sendError(res, { kind: 'error', status: 500, message: `chaos server: ${String(err)}` });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://chaos').pathname;
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      sendError(res, { kind: 'error', status: 404, message: `no route ${req.method} ${path}` });
      return;
    }
    let body: WireBody;
    try {
      body = JSON.parse(text);
    } catch {
      sendError(res, { kind: 'error', status: 400, message: 'the body is not JSON' });
      return;
    }
    const request = chaosRequest(body, requests++);
    const rng = seededRandom(finalizeSeed(hashString(`${options.seed}:${request.index}`)));
    const band = pickBand(bands, rng(), body);
    const record = (b: Band): void =>
      void injected.push({
        index: request.index,
        kind: b.kind,
        family: b.family,
        schemaName: request.schemaName,
      });

    if (band?.transport === 'rate_limited') {
      record(band);
      sendError(res, {
        kind: 'error',
        status: 429,
        message: `Rate limit reached for requests. Please try again in ${RETRY_AFTER_SECONDS}s.`,
        code: 'rate_limit_exceeded',
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      });
      return;
    }
    if (band?.transport === 'server_error') {
      record(band);
      sendError(res, {
        kind: 'error',
        status: 500,
        type: 'server_error',
        message: 'The server had an error while processing your request. Sorry about that!',
      });
      return;
    }

    let tidy: string;
    try {
      tidy = await options.tidy(request);
    } catch (err) {
      // Not a fault to retry: the test's responder is broken.
      sendError(res, {
        kind: 'error',
        status: 400,
        message: `chaos server: the tidy responder failed on request ${request.index}: ${String(err)}`,
      });
      return;
    }
    let answer: FaultedAnswer = { text: tidy };
    const reply: FakeCompletionReply = {};
    if (band?.json) {
      const faulted = applyJsonFault(band.json, tidy, request.schemaName, required(body), rng);
      if (faulted) {
        record(band);
        answer = faulted;
      }
    } else if (band?.content) {
      const faulted = band.content.apply(request, tidy, rng);
      if (faulted !== null) {
        record(band);
        answer = { text: faulted };
      }
    }
    const content = pieces(answer.text, rng);
    // A cut or stall lands mid-answer: after the role chunk and at least one content piece.
    const midAnswer = 2 + Math.floor(rng() * Math.max(1, content.length - 1));
    if (band?.transport === 'stream_cut') {
      record(band);
      reply.disconnectAfter = midAnswer;
    } else if (band?.transport === 'stall') {
      record(band);
      if (rng() < 0.5) reply.headersDelayMs = stallMs;
      else Object.assign(reply, { stallAfter: midAnswer, stallMs });
    }
    await sendCompletion(
      body,
      res,
      {
        ...reply,
        content,
        finishReason: answer.finishReason ?? 'stop',
        usage: {
          prompt_tokens: estimateMessagesTokens(request.messages as ChatMessage[]),
          completion_tokens: estimateTokens(answer.text),
        },
      },
      `chatcmpl-chaos${request.index}`,
    );
  }

  // Loads the tokenizer now, so the first answer is not late by its loading time.
  estimateTokens('warm up');
  const url = await listenLocally(server);
  return {
    url,
    baseURL: `${url}/v1`,
    injected,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function faultBands(options: ChaosServerOptions): Band[] {
  const transport = options.transportFaults ?? DEFAULT_TRANSPORT_FAULT_RATES;
  const json = options.jsonFaults ?? DEFAULT_JSON_FAULT_RATES;
  const bands: Band[] = [
    ...Object.entries(transport).map(([kind, rate]) => ({
      kind,
      family: 'transport',
      rate: rate ?? 0,
      transport: kind as TransportFaultKind,
    })),
    ...Object.entries(json).map(([kind, rate]) => ({
      kind,
      family: 'json',
      rate: rate ?? 0,
      json: kind as JsonFaultKind,
    })),
    ...(options.contentFaults ?? []).map((content) => ({
      kind: content.kind,
      family: content.family,
      rate: content.rate,
      content,
    })),
  ];
  for (const band of bands)
    if (!(band.rate >= 0 && band.rate <= 1))
      throw new RangeError(`chaos fault ${band.kind}: rate must be in [0, 1], got ${band.rate}`);
  const total = bands.reduce((sum, b) => sum + b.rate, 0);
  if (total > 1) for (const band of bands) band.rate /= total;
  return bands.filter((b) => b.rate > 0);
}

/** The band `u` falls in; a JSON fault drawn for a request without a response format is none. */
function pickBand(bands: Band[], u: number, body: WireBody): Band | undefined {
  let edge = 0;
  for (const band of bands) {
    edge += band.rate;
    if (u < edge) return band.json && !body?.response_format ? undefined : band;
  }
  return undefined;
}

function chaosRequest(body: WireBody, index: number): ChaosRequest {
  const format = body?.response_format;
  const schemaName =
    format?.type === 'json_schema' && typeof format.json_schema?.name === 'string'
      ? (format.json_schema.name as string)
      : null;
  const messages = (Array.isArray(body?.messages) ? body.messages : []).map(
    (m: { role?: unknown; content?: unknown }) => ({
      role: String(m?.role ?? ''),
      content: textOf(m?.content),
    }),
  );
  return { body, schemaName, messages, index };
}

/** Message content as text: a string, or the text parts of a content array. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : ''))
    .join('');
}

function required(body: WireBody): string[] {
  const list = body?.response_format?.json_schema?.schema?.required;
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

/** Splits an answer into deltas of token-ish size; a long one into at most ~400 chunks. */
function pieces(text: string, rng: () => number): string[] {
  const out: string[] = [];
  const floor = Math.ceil(text.length / 400);
  for (let i = 0; i < text.length;) {
    const size = Math.max(floor, 4 + Math.floor(rng() * 28));
    out.push(text.slice(i, i + size));
    i += size;
  }
  return out;
}

/**
 * MurmurHash3's 32-bit finalizer. FNV-1a hashes of `seed:index` for neighbouring indices differ
 * in a few structured bits, and mulberry32's first draw keeps some of that: without this,
 * neighbouring requests drew nearly the same number and faults came in streaks.
 */
function finalizeSeed(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
