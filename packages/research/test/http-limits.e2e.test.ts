import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { call, startService } from './helpers.ts';

/** Sends complete headers and part of the body, then nothing: what does the server do? */
async function stalledBody(api: string): Promise<{ afterMs: number; response: string }> {
  const { hostname, port } = new URL(api);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) =>
    socket.once('connect', resolve).once('error', reject),
  );
  const started = performance.now();
  let response = '';
  socket.on('data', (d: Buffer) => (response += d.toString('latin1')));
  socket.write(
    'POST /api/users HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"user_id": "sl',
  );
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    setTimeout(resolve, 10_000).unref();
  });
  socket.destroy();
  return { afterMs: performance.now() - started, response };
}

test('a stalled body gets 408, oversized headers 431 and bodies 413; the API goes on', async () => {
  const svc = await startService({ RESEARCH_REQUEST_TIMEOUT_MS: '1000' });
  try {
    const stalled = await stalledBody(svc.api);
    assert.ok(
      stalled.afterMs >= 900 && stalled.afterMs < 3500,
      `closed after ${stalled.afterMs} ms`,
    );
    assert.match(stalled.response, /^HTTP\/1\.1 408/);

    const headers = await fetch(`${svc.api}/health`, { headers: { 'x-pad': 'p'.repeat(20_000) } });
    assert.equal(headers.status, 431);

    const body = await call('POST', `${svc.api}/users`, { user_id: 'x'.repeat(2 * 1024 * 1024) });
    assert.equal(body.status, 413);
    assert.ok(body.body && typeof body.body.detail === 'string', JSON.stringify(body.body));

    assert.equal((await call('POST', `${svc.api}/users`, { user_id: 'after' })).status, 201);
  } finally {
    await svc.close();
  }
});
