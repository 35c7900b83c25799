import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { SileroVAD } from '../src/audio/vad.ts';
import { fliteSpeech16k, silence16k } from './helpers/audio.ts';
import { createSession, startVoice, VoiceClient } from './helpers/service.ts';
import { loadCrashableVAD } from './helpers/vad.ts';

async function withVoice(
  vad: SileroVAD,
  run: (client: VoiceClient) => Promise<void>,
): Promise<void> {
  const voice = await startVoice({}, { vad });
  try {
    const created = await createSession(voice.http);
    assert.equal(created.status, 201);
    const client = await VoiceClient.connect(created.body);
    await client.waitFor('session.created');
    try {
      await run(client);
    } finally {
      client.close();
    }
  } finally {
    await voice.close();
    await vad.close();
  }
}

test('a VAD that falls behind tells the client with vad_overloaded and the session goes on', async () => {
  // maxLagMs 0: every window is already too old when a call could take it.
  await withVoice(await SileroVAD.load({ maxLagMs: 0 }), async (client) => {
    await client.streamAudio(
      Buffer.concat([fliteSpeech16k('what time is it'), silence16k(1500)]),
      4,
    );
    const error = await client.waitFor('error', (e) => e.code === 'vad_overloaded', 5000);
    assert.match(error.message, /not analysed/);
    // Roughly one error per second of audio, not one per window.
    assert.ok(client.of('error').length <= 4, `${client.of('error').length} errors`);
    assert.equal(client.of('vad.speech_started').length, 0);
    client.send({ type: 'no.such.message' });
    await client.waitFor('error', (e) => e.code === 'invalid_message');
    assert.equal(client.closeCode, null, 'the session is still open');
  });
});

test('a crash of the VAD worker reaches the session as vad_unavailable instead of a silent hang', async () => {
  const { vad, crashWorker } = await loadCrashableVAD();
  await withVoice(vad, async (client) => {
    const speech = Buffer.concat([
      silence16k(300),
      fliteSpeech16k('hello there'),
      silence16k(1000),
    ]);
    await client.streamAudio(speech, 4);
    await client.waitFor('vad.speech_stopped');
    crashWorker();
    const streaming = client.streamAudio(Buffer.concat([speech, speech]), 2);
    const error = await client.waitFor('error', (e) => e.code === 'vad_unavailable', 5000);
    assert.match(error.message, /VAD worker/);
    await streaming;
    await sleep(100);
    assert.equal(client.of('vad.speech_started').length, 1, 'no VAD events after the crash');
  });
});
