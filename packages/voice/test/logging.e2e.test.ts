import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { startFakeOpenAIServer } from '@hikma/llm/testing';
import { LogCapture } from '@hikma/service-kit/testing';
import { FakeTTS } from '../src/testing/index.ts';
import {
  API_KEY,
  createSession,
  startVoice,
  VoiceClient,
  type SessionHandle,
} from './helpers/service.ts';

// Logs an operator can follow: every request under its X-Request-Id, every line about a
// session under its session_id and tenant, and the session's life from creation to close.

async function setup(env: Record<string, string> = {}) {
  const llm = await startFakeOpenAIServer();
  const logs = new LogCapture();
  const voice = await startVoice(
    {
      VOICE_LLM_BASE_URL: llm.baseURL,
      VOICE_LLM_MODEL: 'gpt-test',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...env,
    },
    { tts: new FakeTTS() },
    { logDestination: logs },
  );
  return {
    voice,
    logs,
    async close() {
      await voice.close();
      await llm.close();
    },
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

test('X-Request-Id is accepted, echoed and on the request log lines; a bad one is replaced', async () => {
  const { voice, logs, close } = await setup();
  try {
    const given = await fetch(`${voice.http}/v1/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'x-request-id': 'req-0001.abc' },
    });
    assert.equal(given.status, 201);
    assert.equal(given.headers.get('x-request-id'), 'req-0001.abc');
    const created = logs.withMessage('session created');
    assert.equal(created.length, 1);
    assert.equal(created[0]!.request_id, 'req-0001.abc');
    const requestLines = logs.entries.filter((e) => e.request_id === 'req-0001.abc');
    assert.ok(requestLines.some((e) => e.msg === 'incoming request'));
    assert.ok(requestLines.some((e) => e.msg === 'request completed'));

    const none = await fetch(`${voice.http}/healthz`);
    const generated = none.headers.get('x-request-id');
    assert.match(generated ?? '', /^[0-9a-f-]{36}$/, 'a UUID when the client sends none');
    assert.ok(logs.entries.some((e) => e.request_id === generated));

    for (const bad of ['x'.repeat(129), 'two words', '<script>', '']) {
      const res = await fetch(`${voice.http}/healthz`, { headers: { 'x-request-id': bad } });
      const echoed = res.headers.get('x-request-id');
      assert.match(echoed ?? '', /^[0-9a-f-]{36}$/, `"${bad.slice(0, 20)}" is replaced`);
    }

    const missing = await fetch(`${voice.http}/no/such/route`, {
      headers: { 'x-request-id': 'trace-404' },
    });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('x-request-id'), 'trace-404', 'errors carry it too');
  } finally {
    await close();
  }
});

test('a session logs created, attached, dropped, resumed and closed, each with session_id and tenant', async () => {
  const { voice, logs, close } = await setup();
  try {
    const handle = (await createSession(voice.http)).body as SessionHandle;
    const first = await VoiceClient.connect(handle);
    const hello = await first.waitFor('session.created');
    first.ws.terminate();
    await until(
      () => logs.withMessage('socket dropped; session kept for a reconnect').length === 1,
      'the drop',
    );
    const second = await VoiceClient.connect(handle, 'header', hello.resume_token);
    await second.waitFor('session.created');
    second.close();
    await second.waitClosed();
    await until(() => logs.withMessage('session closed').length === 1, 'the close');

    const about = logs.entries.filter((e) => e.session_id === handle.session_id);
    assert.deepEqual(
      about.map((e) => e.msg),
      [
        'session created',
        'session attached (socket)',
        'socket dropped; session kept for a reconnect',
        'session resumed',
        'session closed',
      ],
    );
    for (const line of about) {
      assert.equal(line.tenant, 'tenant-a');
      assert.equal(line.name, 'voice');
    }
    const resumed = logs.withMessage('session resumed')[0]!;
    assert.equal(resumed.via, 'resume_token');
    assert.equal(typeof resumed.away_ms, 'number');
    const closed = logs.withMessage('session closed')[0]!;
    assert.equal(closed.reason, 'client_closed');
    assert.equal(closed.close_code, 1005, 'a close frame without a code');
    assert.equal(typeof closed.duration_ms, 'number');
    assert.ok((closed.duration_ms as number) >= 0);
  } finally {
    await close();
  }
});

/** Opens a socket with headers; resolves with the upgrade response's request id and the socket. */
async function openSocket(url: string, headers: Record<string, string>) {
  const ws = new WebSocket(url, { headers });
  const requestId = await new Promise<string | undefined>((resolve, reject) => {
    ws.once('upgrade', (res) => resolve(res.headers['x-request-id'] as string | undefined));
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return { ws, requestId, closed };
}

test('a socket upgrade has its request id too: echoed, on the attach line, on a refusal', async () => {
  const { voice, logs, close } = await setup();
  try {
    const handle = (await createSession(voice.http)).body as SessionHandle;
    const good = await openSocket(handle.ws_url, {
      authorization: `Bearer ${handle.token}`,
      'x-request-id': 'ws-upgrade-1',
    });
    assert.equal(good.requestId, 'ws-upgrade-1');
    await until(() => logs.withMessage('session attached (socket)').length === 1, 'the attach');
    const attached = logs.withMessage('session attached (socket)')[0]!;
    assert.equal(attached.request_id, 'ws-upgrade-1');
    assert.equal(attached.session_id, handle.session_id);
    good.ws.close();
    await good.closed;

    const bad = await openSocket(handle.ws_url, {
      authorization: 'Bearer not-a-token',
      'x-request-id': 'ws-upgrade-2',
    });
    assert.equal(bad.requestId, 'ws-upgrade-2');
    assert.equal(await bad.closed, 4401);
    const refused = logs.withMessage('socket refused');
    assert.equal(refused.length, 1);
    assert.equal(refused[0]!.request_id, 'ws-upgrade-2');
    assert.equal(refused[0]!.close_code, 4401);
  } finally {
    await close();
  }
});

test('a session that reaches its maximum duration logs its close as session_expired', async () => {
  const { voice, logs, close } = await setup({ VOICE_MAX_SESSION_MINUTES: '0.05' });
  try {
    const handle = (await createSession(voice.http)).body as SessionHandle;
    const client = await VoiceClient.connect(handle);
    await client.waitFor('session.created');
    const { code } = await client.waitClosed(10_000);
    assert.equal(code, 4408);
    await until(() => logs.withMessage('session closed').length === 1, 'the close');
    const closed = logs.withMessage('session closed')[0]!;
    assert.equal(closed.session_id, handle.session_id);
    assert.equal(closed.reason, 'session_expired');
    assert.ok((closed.duration_ms as number) >= 2900, `lasted ${String(closed.duration_ms)} ms`);
  } finally {
    await close();
  }
});
