import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEY, createSession, startVoice } from './helpers/service.ts';

/** Opens a raw TCP connection, writes `parts` with `gapMs` between them, and reports the end. */
async function trickle(
  http: string,
  parts: string[],
  gapMs: number,
): Promise<{ closedAfterMs: number; response: string; partsSent: number }> {
  const { hostname, port } = new URL(http);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const started = performance.now();
  let response = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (response += d.toString('latin1')));
  socket.on('error', () => undefined);
  const ended = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  let partsSent = 0;
  for (const part of parts) {
    if (closed) break;
    socket.write(part);
    partsSent++;
    await Promise.race([sleep(gapMs), ended]);
  }
  await Promise.race([ended, sleep(10_000)]);
  socket.destroy();
  return { closedAfterMs: performance.now() - started, response, partsSent };
}

test('slow, partial and oversized HTTP requests are cut off with a clear status; the instance goes on', async () => {
  const voice = await startVoice({ VOICE_REQUEST_TIMEOUT_MS: '1000' });
  try {
    // Headers trickled one line every 300 ms, for ever (slowloris).
    const headerLines = [
      'POST /v1/sessions HTTP/1.1\r\n',
      ...Array.from({ length: 40 }, (_, i) => `x-slow-${i}: ${i}\r\n`),
    ];
    const slowHeaders = await trickle(voice.http, headerLines, 300);
    assert.ok(
      slowHeaders.closedAfterMs >= 900 && slowHeaders.closedAfterMs < 3500,
      `closed after ${slowHeaders.closedAfterMs.toFixed(0)} ms`,
    );
    assert.ok(slowHeaders.partsSent < headerLines.length, 'the server did not wait for them all');
    assert.match(slowHeaders.response, /^HTTP\/1\.1 408/);

    // Complete headers, then a body that never finishes.
    const slowBody = await trickle(
      voice.http,
      [
        `POST /v1/sessions HTTP/1.1\r\nHost: x\r\nx-api-key: ${API_KEY}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"voi`,
        'ce": "s',
      ],
      200,
    );
    assert.ok(
      slowBody.closedAfterMs >= 900 && slowBody.closedAfterMs < 3500,
      `closed after ${slowBody.closedAfterMs.toFixed(0)} ms`,
    );
    assert.match(slowBody.response, /^HTTP\/1\.1 408/);

    // Headers over 16 KiB: 431.
    const big = await fetch(`${voice.http}/v1/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'x-padding': 'a'.repeat(20 * 1024) },
      body: '{}',
    }).catch((err: unknown) => err as Error);
    assert.ok(!(big instanceof Error), `fetch failed: ${String(big)}`);
    assert.equal((big as Response).status, 431);

    // A body over 4 MiB: 413 with a coded error.
    const huge = await fetch(`${voice.http}/v1/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ instructions: 'x'.repeat(5 * 1024 * 1024) }),
    });
    assert.equal(huge.status, 413);
    assert.equal(((await huge.json()) as any).error.code, 'request_too_large');

    // Nothing of that harmed the instance.
    const ok = await createSession(voice.http);
    assert.equal(ok.status, 201);
    assert.equal((await fetch(`${voice.http}/readyz`)).status, 200);
  } finally {
    await voice.close();
  }
});
