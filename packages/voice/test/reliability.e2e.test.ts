import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { createSession, JWT_SECRET, startVoice, VoiceClient } from './helpers/service.ts';
import { FakeTTS } from '../src/testing/fake-tts.ts';

const key = new TextEncoder().encode(JWT_SECRET);

test('JWT attacks are refused with 4401: alg confusion, other algorithms, not yet valid, wrong session, oversized', async () => {
  const voice = await startVoice();
  try {
    const h = (await createSession(voice.http)).body;
    const closeOf = async (token: string) =>
      (await (await VoiceClient.connect(h, 'header', token)).waitClosed()).code;
    const claims = { sid: h.session_id };
    // RS256 token whose "public key" is the HMAC secret: the classic algorithm-confusion attack.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('tenant-a')
      .setExpirationTime('5m')
      .sign(privateKey);
    assert.equal(await closeOf(rs256), 4401, 'RS256');
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('tenant-a')
      .setExpirationTime('5m')
      .sign(key);
    assert.equal(await closeOf(hs512), 4401, 'HS512 with the right secret is still not HS256');
    const future = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('tenant-a')
      .setNotBefore('10m')
      .setExpirationTime('20m')
      .sign(key);
    assert.equal(await closeOf(future), 4401, 'not yet valid');
    const otherSession = await new SignJWT({ sid: 'sess_does_not_exist' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('tenant-a')
      .setExpirationTime('5m')
      .sign(key);
    assert.equal(await closeOf(otherSession), 4401, 'unknown session');
    const noSid = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('tenant-a')
      .setExpirationTime('5m')
      .sign(key);
    assert.equal(await closeOf(noSid), 4401, 'no sid claim');
    const huge = await new SignJWT({ ...claims, pad: 'x'.repeat(6000) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('tenant-a')
      .setExpirationTime('5m')
      .sign(key);
    assert.equal(await closeOf(huge), 4401, 'oversized token');
    // The genuine token still works after all that.
    const ok = await VoiceClient.connect(h);
    await ok.waitFor('session.created');
    ok.close();
  } finally {
    await voice.close();
  }
});

test('a message flood is rate-limited per socket; the session stays usable', async () => {
  const voice = await startVoice({ VOICE_MAX_MESSAGES_PER_SECOND: '50' });
  try {
    const client = await VoiceClient.connect((await createSession(voice.http)).body);
    await client.waitFor('session.created');
    for (let i = 0; i < 400; i++)
      client.send({ type: 'session.update', session: { instructions: `flood ${i}` } });
    const limited = await client.waitFor('error', (e) => e.code === 'rate_limited');
    assert.match(limited.message, /50 messages a second/);
    const updates = client.of('session.updated').length;
    assert.ok(updates >= 50 && updates < 400, `${updates} of 400 messages were handled`);
    assert.ok(
      client.of('error').filter((e) => e.code === 'rate_limited').length <= 2,
      'refusals are reported at most once a second',
    );
    await new Promise((r) => setTimeout(r, 1100));
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'still there?' },
    });
    assert.equal((await client.waitFor('response.done')).status, 'completed');
    client.close();
  } finally {
    await voice.close();
  }
});

test('a client that never reads is disconnected once the outgoing buffer passes its bound', async () => {
  // A synthesiser double that renders far more audio than kernel socket buffers hold, at once.
  const voice = await startVoice(
    { VOICE_MAX_BUFFERED_BYTES: String(64 * 1024), VOICE_PLAYBACK_LEAD_MS: '600000' },
    { tts: new FakeTTS({ msPerChar: 2000, chunkMs: 1000 }) },
  );
  try {
    const h = (await createSession(voice.http)).body;
    const ws = new WebSocket(h.ws_url, { headers: { authorization: `Bearer ${h.token}` } });
    await new Promise((r) => ws.once('open', r));
    // Stop reading: the kernel buffers fill and the server's queue grows.
    (ws as unknown as { _socket: import('node:net').Socket })._socket.pause();
    ws.send(
      JSON.stringify({
        type: 'conversation.item.create',
        item: {
          role: 'user',
          content:
            'Tell me a very long story about the sea, the ships, the storms and the harbours of the world, in great detail. '.repeat(
              2,
            ),
        },
      }),
    );
    // The paused client cannot see the close, so watch the server end the session.
    const deadline = Date.now() + 20_000;
    while (voice.service.sessions.liveCount > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal(
      voice.service.sessions.liveCount,
      0,
      'the server dropped the session of the client that does not read',
    );
    ws.terminate();
    // The instance is unharmed: a new session works.
    const fresh = await VoiceClient.connect((await createSession(voice.http)).body);
    await fresh.waitFor('session.created');
    fresh.close();
  } finally {
    await voice.close();
  }
});

test('SIGTERM-style drain: readiness goes false, new sessions are refused, live ones are told and closed with 1012', async () => {
  const voice = await startVoice();
  try {
    const client = await VoiceClient.connect((await createSession(voice.http)).body);
    await client.waitFor('session.created');
    assert.equal((await fetch(`${voice.http}/readyz`)).status, 200);
    const draining = voice.service.shutdown(800);
    await client.waitFor('error', (e) => e.code === 'server_shutting_down');
    const ready = await fetch(`${voice.http}/readyz`);
    assert.equal(ready.status, 503);
    const refused = await createSession(voice.http);
    assert.equal(refused.status, 503);
    assert.equal(refused.body.error.code, 'server_shutting_down');
    assert.equal((await client.waitClosed()).code, 1012);
    await draining;
  } finally {
    await voice.close().catch(() => {});
  }
});
