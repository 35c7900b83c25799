/**
 * What the client needs of a WebSocket: the browser's API, which the `ws` package implements
 * too. Kept structural so the client type-checks without the DOM library.
 */
export interface WebSocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  binaryType: string;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string | ArrayBufferLike | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
}

/** `WebSocket.OPEN` and `WebSocket.CONNECTING`, the same in browsers and `ws`. */
export const SOCKET_CONNECTING = 0;
export const SOCKET_OPEN = 1;

/** Opens a socket to `url` authenticated with `token` (a session JWT or a resume token). */
export type OpenSocket = (url: string, token: string) => Promise<WebSocketLike>;

type BrowserWebSocket = new (url: string, protocols?: string[]) => WebSocketLike;
type WsWebSocket = new (url: string, options: { headers: Record<string, string> }) => WebSocketLike;

// A name in a variable: bundlers leave this import alone, so `ws` never enters a browser build.
const WS_MODULE = 'ws';

/**
 * The global `WebSocket` where there is one (browsers, Node 22+), else the `ws` package
 * (Node 20). Browsers cannot set headers on a WebSocket, so there the token travels as the
 * subprotocol `bearer.<token>` (the service echoes it); with `ws` it is an
 * `Authorization: Bearer` header, as the spec describes.
 */
export const defaultOpenSocket: OpenSocket = async (url, token) => {
  const Global = (globalThis as { WebSocket?: BrowserWebSocket }).WebSocket;
  if (Global) return new Global(url, [`bearer.${token}`]);
  const ws = (await import(/* @vite-ignore */ WS_MODULE)) as { default: WsWebSocket };
  return new ws.default(url, { headers: { authorization: `Bearer ${token}` } });
};
