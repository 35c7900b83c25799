/* eslint-disable @typescript-eslint/no-explicit-any -- OTLP JSON is read as a client would */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';

/** A log destination that keeps what is written: JSON lines parsed, every line as text. */
export class LogCapture extends Writable {
  readonly text: string[] = [];
  readonly entries: Record<string, unknown>[] = [];
  private partial = '';

  override _write(chunk: Buffer | string, _encoding: string, callback: () => void): void {
    const lines = (this.partial + chunk.toString()).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') continue;
      this.text.push(line);
      try {
        this.entries.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // a pretty line
      }
    }
    callback();
  }

  /** The entries whose message is `msg`. */
  withMessage(msg: string): Record<string, unknown>[] {
    return this.entries.filter((e) => e.msg === msg);
  }
}

/** What a fake OTLP collector received from one export request. */
export interface OtlpExport {
  signal: 'traces' | 'metrics';
  contentType: string;
  /** `service.name` of each resource in the request. */
  serviceNames: string[];
  /** `service.version` of each resource. */
  serviceVersions: string[];
  /** Span names (traces) or metric names (metrics). */
  names: string[];
}

/**
 * A local OTLP/HTTP collector (JSON encoding, as the `-otlp-http` exporters send) that keeps
 * what it receives: `url` is the value for `OTEL_EXPORTER_OTLP_ENDPOINT`.
 */
export async function startOtlpCollector(): Promise<{
  url: string;
  received: OtlpExport[];
  /** Names received for a signal from a service. */
  namesFrom(service: string, signal: OtlpExport['signal']): string[];
  close(): Promise<void>;
}> {
  const received: OtlpExport[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      let body = Buffer.concat(parts);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const signal =
        req.url === '/v1/traces' ? 'traces' : req.url === '/v1/metrics' ? 'metrics' : null;
      const contentType = req.headers['content-type'] ?? '';
      if (!signal || !contentType.startsWith('application/json')) {
        res.writeHead(415).end();
        return;
      }
      const doc = JSON.parse(body.toString('utf8')) as Record<string, any[]>;
      const resources = (signal === 'traces' ? doc.resourceSpans : doc.resourceMetrics) ?? [];
      const attribute = (r: any, key: string): string =>
        r.resource?.attributes?.find((a: any) => a.key === key)?.value?.stringValue ?? '';
      received.push({
        signal,
        contentType,
        serviceNames: resources.map((r) => attribute(r, 'service.name')),
        serviceVersions: resources.map((r) => attribute(r, 'service.version')),
        names: resources.flatMap((r) =>
          (signal === 'traces' ? r.scopeSpans : r.scopeMetrics).flatMap((s: any) =>
            (signal === 'traces' ? s.spans : s.metrics).map((x: any) => x.name as string),
          ),
        ),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    namesFrom: (service, signal) =>
      received
        .filter((r) => r.signal === signal && r.serviceNames.includes(service))
        .flatMap((r) => r.names),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP port on 127.0.0.1 that was free when asked (for a child process to listen on, or a
 * closed port to refuse a connection); another process may take it meanwhile, which tests
 * can afford.
 */
export async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Chromium for the browser tests: Debian's package, or where `CHROMIUM_PATH` says. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests are skipped, or false when Chromium is installed. */
export const chromiumMissing: string | false = existsSync(CHROMIUM_PATH)
  ? false
  : `no Chromium at ${CHROMIUM_PATH}: install the Debian package chromium (scripts/setup.sh does)`;

/**
 * Launch options for playwright-core's `chromium.launch` in tests: headless, without the
 * sandbox (CI runs as root), the GPU or background traffic; `extraArgs` are added (audio
 * autoplay, a fake microphone).
 */
export function chromiumLaunchOptions(extraArgs: readonly string[] = []): {
  executablePath: string;
  headless: true;
  args: string[];
} {
  return {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...extraArgs,
    ],
  };
}

export { settingsConformance } from './settings-conformance.ts';
export type { SettingsConformance } from './settings-conformance.ts';
