import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import {
  createSession,
  JWT_SECRET,
  OTHER_KEY,
  startVoice,
  VoiceClient,
  type RunningVoice,
} from './helpers/service.ts';

let voice: RunningVoice;
before(async () => {
  voice = await startVoice({ VOICE_TENANT_MAX_SESSIONS: '50' });
});
after(async () => {
  await voice.close();
});

const key = new TextEncoder().encode(JWT_SECRET);

async function handle() {
  const created = await createSession(voice.http);
  assert.equal(created.status, 201);
  return created.body as { session_id: string; ws_url: string; token: string };
}

test('session creation: 201 handle with a 5-minute HS256 token and a ws_url from the request', async () => {
  const created = await createSession(voice.http, {});
  assert.equal(created.status, 201);
  assert.deepEqual(Object.keys(created.body).sort(), [
    'expires_at',
    'session_id',
    'token',
    'ws_url',
  ]);
  assert.equal(created.body.ws_url, `${voice.http.replace('http', 'ws')}/v1/voice`);
  const [header, payload] = created.body.token
    .split('.')
    .slice(0, 2)
    .map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
  assert.equal(header.alg, 'HS256');
  assert.equal(payload.sub, 'tenant-a');
  assert.equal(payload.sid, created.body.session_id);
  assert.ok(Math.abs(payload.exp - Date.now() / 1000 - 300) < 5);

  const proxied = await createSession(voice.http, {}, undefined, {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'voice.example.com',
  });
  assert.equal(proxied.body.ws_url, 'wss://voice.example.com/v1/voice');

  const empty = await fetch(`${voice.http}/v1/sessions`, {
    method: 'POST',
    headers: { 'x-api-key': 'test-key-alpha', 'content-type': 'application/json' },
  });
  assert.equal(empty.status, 201, 'an empty JSON body is accepted');
  const configured = await createSession(voice.http, {
    instructions: 'Be brief.',
    languages: ['ar-SA', 'en-US'],
    voice: 'slt',
  });
  assert.equal(configured.status, 201);
  const client = await VoiceClient.connect(configured.body);
  const hello = await client.waitFor('session.created');
  assert.deepEqual(hello.session.languages, ['ar-SA', 'en-US']);
  assert.equal(hello.session.instructions, 'Be brief.');
  client.close();
});

test('bad API keys and bodies get coded HTTP errors', async () => {
  for (const apiKey of ['', 'wrong-key']) {
    const res = await createSession(voice.http, {}, apiKey);
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'invalid_api_key');
    assert.equal(typeof res.body.error.message, 'string');
  }
  const bad = await createSession(voice.http, { languages: 'en-US' });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.code, 'invalid_message');
  const malformed = await createSession(voice.http, '{"oops":');
  assert.equal(malformed.status, 400);
  assert.equal(malformed.body.error.code, 'invalid_message');
  const unknown = await fetch(`${voice.http}/v1/nothing`);
  assert.equal(unknown.status, 404);
  assert.equal(((await unknown.json()) as any).error.code, 'not_found');
});

test('health and metrics', async () => {
  const health = await fetch(`${voice.http}/healthz`);
  assert.equal(health.status, 200);
  const body = (await health.json()) as any;
  assert.equal(body.status, 'ok');
  assert.equal(body.providers.vad, 'silero-v5');
  const metrics = await (await fetch(`${voice.http}/metrics`)).text();
  assert.match(metrics, /session_created_total\{[^}]*tenant="tenant-a"[^}]*\} \d+/);
});

test('every refused connection closes with its code', async () => {
  const h = await handle();
  const closeOf = async (client: VoiceClient) => (await client.waitClosed()).code;

  assert.equal(await closeOf(await VoiceClient.connect(h, 'none')), 4401, 'no token');
  assert.equal(
    await closeOf(await VoiceClient.connect(h, 'header', 'not.a.jwt')),
    4401,
    'garbage token',
  );
  const forged = await new SignJWT({ sid: h.session_id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('tenant-a')
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode('another-secret-of-enough-length-0123456789'));
  assert.equal(
    await closeOf(await VoiceClient.connect(h, 'header', forged)),
    4401,
    'wrong signature',
  );
  const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'tenant-a', sid: h.session_id, exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url')}.`;
  assert.equal(await closeOf(await VoiceClient.connect(h, 'header', unsigned)), 4401, 'alg none');
  const expired = await new SignJWT({ sid: h.session_id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('tenant-a')
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(key);
  assert.equal(await closeOf(await VoiceClient.connect(h, 'header', expired)), 4401, 'expired');
  const otherTenant = await new SignJWT({ sid: h.session_id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('tenant-b')
    .setExpirationTime('5m')
    .sign(key);
  assert.equal(
    await closeOf(await VoiceClient.connect(h, 'header', otherTenant)),
    4401,
    'token of another tenant',
  );

  const first = await VoiceClient.connect(h, 'subprotocol');
  await first.waitFor('session.created');
  assert.equal(first.ws.protocol, `bearer.${h.token}`);
  const second = await VoiceClient.connect(h);
  assert.equal(await closeOf(second), 4409, 'one live socket per session');
  first.close();
});

test('a session that reaches its maximum duration gets session_expired and 4408', async () => {
  const short = await startVoice({
    VOICE_TENANT_LIMITS: JSON.stringify({ 'tenant-a': { max_session_minutes: 0.03 } }),
  });
  try {
    const created = await createSession(short.http);
    const client = await VoiceClient.connect(created.body);
    await client.waitFor('session.created');
    const closed = await client.waitClosed(10_000);
    assert.equal(closed.code, 4408);
    assert.ok(client.of('error').some((e) => e.code === 'session_expired'));
    // Tenant limits are per tenant: the other tenant has the default duration.
    const other = await createSession(short.http, {}, OTHER_KEY);
    const c2 = await VoiceClient.connect(other.body);
    await c2.waitFor('session.created');
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(c2.closeCode, null);
    c2.close();
  } finally {
    await short.close();
  }
});

test('tenant session limit is 429 and instance capacity is 503', async () => {
  const small = await startVoice({ VOICE_TENANT_MAX_SESSIONS: '2', VOICE_INSTANCE_CAPACITY: '3' });
  try {
    assert.equal((await createSession(small.http)).status, 201);
    const second = await createSession(small.http);
    assert.equal(second.status, 201);
    const third = await createSession(small.http);
    assert.equal(third.status, 429);
    assert.equal(third.body.error.code, 'tenant_session_limit');
    assert.equal((await createSession(small.http, {}, OTHER_KEY)).status, 201);
    const full = await createSession(small.http, {}, OTHER_KEY);
    assert.equal(full.status, 503);
    assert.equal(full.body.error.code, 'capacity_exceeded');
    // Ending a session frees its slot.
    const client = await VoiceClient.connect(second.body);
    await client.waitFor('session.created');
    client.close();
    await client.waitClosed();
    await new Promise((r) => setTimeout(r, 100));
    assert.equal((await createSession(small.http)).status, 201);
  } finally {
    await small.close();
  }
});

test('bad input of every kind gets a coded error and the session goes on', async () => {
  const client = await VoiceClient.connect(await handle());
  await client.waitFor('session.created');
  const cases: [unknown, string][] = [
    ['{not json', 'invalid_message'],
    ['[1,2,3]', 'invalid_message'],
    [{ no: 'type' }, 'invalid_message'],
    [{ type: 'no.such.type' }, 'invalid_message'],
    [
      {
        type: 'session.update',
        session: { turn_detection: { type: 'server_vad', silence_ms: 'long' } },
      },
      'invalid_message',
    ],
    [{ type: 'session.update', session: { languages: [] } }, 'invalid_message'],
    [{ type: 'session.update', session: { unknown_field: 1 } }, 'invalid_message'],
    [{ type: 'session.update', session: { audio_codec: 'opus' } }, 'invalid_message'],
    [{ type: 'input_audio.append', audio: 'this is not base64!!' }, 'invalid_audio'],
    [
      { type: 'input_audio.append', audio: Buffer.from([1, 2, 3]).toString('base64') },
      'invalid_audio',
    ],
    [
      { type: 'input_audio.append', audio: Buffer.alloc(40_000).toString('base64') },
      'frame_too_large',
    ],
    [{ type: 'input_audio.append' }, 'invalid_message'],
    [{ type: 'tool.result', call_id: 5, output: 'x' }, 'invalid_message'],
    [
      { type: 'conversation.item.create', item: { role: 'robot', content: 'x' } },
      'invalid_message',
    ],
    [{ type: 'response.cancel' }, 'invalid_message'],
  ];
  for (const [message, code] of cases) {
    const before = client.of('error').length;
    client.send(message);
    await client.waitFor('error', () => client.of('error').length > before, 5000);
    await new Promise((r) => setTimeout(r, 20));
    const errors = client.of('error');
    assert.equal(errors.length, before + 1, `one error for ${JSON.stringify(message)}`);
    assert.equal(
      errors.at(-1)!.code,
      code,
      `code for ${JSON.stringify(message)}: ${errors.at(-1)!.message}`,
    );
    assert.equal(typeof errors.at(-1)!.message, 'string');
  }
  const before = client.of('error').length;
  client.sendAudio(Buffer.alloc(641));
  client.sendAudio(Buffer.alloc(33 * 1024));
  await client.waitFor('error', () => client.of('error').length >= before + 2);
  assert.deepEqual(
    client
      .of('error')
      .slice(before)
      .map((e) => e.code),
    ['invalid_audio', 'frame_too_large'],
  );
  client.sendAudio(Buffer.alloc(32 * 1024)); // exactly the limit is fine
  // Still alive and answering.
  client.send({
    type: 'conversation.item.create',
    item: { role: 'user', content: 'are you still there' },
  });
  const done = await client.waitFor('response.done');
  assert.equal(done.status, 'completed');
  assert.equal(client.closeCode, null);
  assert.equal(client.of('error').length, before + 2);
  client.close();
});
