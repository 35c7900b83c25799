import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { VoiceError } from '../../errors.ts';
import { AzureSpeechTokenProvider, COGNITIVE_SERVICES_SCOPE } from './speech-token.ts';
import { FakeCredential, TEST_RESOURCE_ID } from './testing.ts';

const MIN = 60_000;

function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

test('the token is aad#<resource id>#<access token>, for the Cognitive Services scope', async () => {
  const credential = new FakeCredential();
  const tokens = new AzureSpeechTokenProvider({ resourceId: TEST_RESOURCE_ID, credential });
  assert.equal(await tokens.getToken(), `aad#${TEST_RESOURCE_ID}#token-1`);
  assert.deepEqual(credential.scopes, [COGNITIVE_SERVICES_SCOPE]);
  assert.equal(COGNITIVE_SERVICES_SCOPE, 'https://cognitiveservices.azure.com/.default');
});

test('a resource name instead of the full ARM id is refused at construction', () => {
  assert.throws(
    () =>
      new AzureSpeechTokenProvider({ resourceId: 'speech-test', credential: new FakeCredential() }),
    /full resource id/,
  );
});

test('tokens are cached and refreshed 5 minutes before expiry', async () => {
  const c = clock();
  const credential = new FakeCredential(60 * MIN, c.now);
  const tokens = new AzureSpeechTokenProvider({
    resourceId: TEST_RESOURCE_ID,
    credential,
    now: c.now,
  });
  assert.match(await tokens.getToken(), /#token-1$/);
  c.advance(54 * MIN);
  assert.match(await tokens.getToken(), /#token-1$/);
  assert.equal(credential.calls, 1);
  c.advance(2 * MIN); // 4 minutes left: inside the margin
  assert.match(await tokens.getToken(), /#token-2$/);
  assert.equal(credential.calls, 2);
});

test('short-lived tokens are refreshed at half-life', async () => {
  const c = clock();
  const credential = new FakeCredential(4 * MIN, c.now);
  const tokens = new AzureSpeechTokenProvider({
    resourceId: TEST_RESOURCE_ID,
    credential,
    now: c.now,
  });
  await tokens.getToken();
  c.advance(1.9 * MIN);
  assert.match(await tokens.getToken(), /#token-1$/);
  c.advance(0.2 * MIN);
  assert.match(await tokens.getToken(), /#token-2$/);
});

test('concurrent callers share one refresh', async () => {
  const credential = new FakeCredential();
  let open!: () => void;
  credential.gate = new Promise<void>((r) => (open = r));
  const tokens = new AzureSpeechTokenProvider({ resourceId: TEST_RESOURCE_ID, credential });
  const waiting = Promise.all([tokens.getToken(), tokens.getToken(), tokens.getToken()]);
  await sleep(5);
  open();
  const got = await waiting;
  assert.equal(credential.calls, 1);
  assert.equal(new Set(got).size, 1);
});

test('a failure is a VoiceError with the caller’s code, and the next call tries again', async () => {
  const credential = new FakeCredential();
  credential.failWith = new Error('ManagedIdentityCredential: no identity endpoint');
  const tokens = new AzureSpeechTokenProvider({ resourceId: TEST_RESOURCE_ID, credential });
  await assert.rejects(tokens.getToken({ errorCode: 'tts_unavailable' }), (err: unknown) => {
    assert.ok(err instanceof VoiceError);
    assert.equal(err.code, 'tts_unavailable');
    assert.equal(err.recoverable, true);
    assert.match(err.message, /no identity endpoint/);
    return true;
  });
  await assert.rejects(tokens.getToken(), { code: 'stt_unavailable' });
  credential.failWith = undefined;
  assert.match(await tokens.getToken(), /#token-3$/);
});

test('a failed early refresh keeps the still-valid token', async () => {
  const c = clock();
  const credential = new FakeCredential(60 * MIN, c.now);
  const tokens = new AzureSpeechTokenProvider({
    resourceId: TEST_RESOURCE_ID,
    credential,
    now: c.now,
  });
  await tokens.getToken();
  c.advance(57 * MIN);
  credential.failWith = new Error('transient');
  assert.match(await tokens.getToken(), /#token-1$/);
  c.advance(3 * MIN); // expired now
  await assert.rejects(tokens.getToken(), { code: 'stt_unavailable' });
});

test('attached recognizers and synthesizers get each refreshed token', async () => {
  // 300 ms tokens: refreshed at half-life, about every 150 ms, while something is attached.
  const credential = new FakeCredential(300);
  const tokens = new AzureSpeechTokenProvider({ resourceId: TEST_RESOURCE_ID, credential });
  const target = { authorizationToken: await tokens.getToken() };
  const detach = tokens.attach(target);
  await sleep(400);
  assert.ok(credential.calls >= 3, `refreshed ${credential.calls - 1} times`);
  assert.equal(target.authorizationToken, `aad#${TEST_RESOURCE_ID}#token-${credential.calls}`);
  detach();
  const calls = credential.calls;
  await sleep(250);
  assert.equal(credential.calls, calls, 'no refresh once nothing is attached');
  tokens.close();
});
