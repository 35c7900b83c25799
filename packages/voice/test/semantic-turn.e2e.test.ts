import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fliteSpeech16k, noise16k } from './helpers/audio.ts';
import { createSession, startVoice, VoiceClient, type RunningVoice } from './helpers/service.ts';

// A request with a pause in the middle of the sentence, as people make them: with server_vad
// at 500 ms the pause ends the turn; with semantic_vad the half sentence holds it open.
let voice: RunningVoice;
before(async () => {
  voice = await startVoice({ VOICE_TENANT_MAX_SESSIONS: '10' });
});
after(async () => {
  await voice.close();
});

/** A room's noise floor, not digital silence, in the pauses. */
const pause = (ms: number, seed: number) => noise16k(ms, 0.003, seed); // about −50 dBFS

const REQUESTS = [
  ['i would like to book a table for', 'four people on friday evening'],
  ['can you tell me the weather in', 'london tomorrow morning'],
];

async function talk(turn_detection: unknown, first: string, second: string) {
  const created = await createSession(voice.http, { turn_detection });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const client = await VoiceClient.connect(created.body);
  await client.waitFor('session.created');
  try {
    await client.streamAudio(
      Buffer.concat([
        pause(400, 1),
        fliteSpeech16k(first),
        pause(750, 2),
        fliteSpeech16k(second),
        pause(2600, 3),
      ]),
    );
    await client.waitFor('transcript.final');
    await new Promise((r) => setTimeout(r, 300));
    return {
      stops: client.of('vad.speech_stopped').length,
      decisions: client.of('turn_detection.decision'),
      finals: client.of('transcript.final').map((m) => m.text as string),
    };
  } finally {
    client.close();
    await client.waitClosed();
  }
}

test('requests with a pause in mid-sentence: server_vad cuts each, semantic_vad holds them', async () => {
  // PocketSphinx mishears now and then ("a table for" → "the table full"), which reads as
  // finished: the rate over many requests is bench:voice-turn-end's; here, the difference.
  let held = 0;
  for (const [first, second] of REQUESTS) {
    const silenceOnly = await talk({ type: 'server_vad', silence_ms: 500 }, first!, second!);
    assert.ok(silenceOnly.stops >= 2, `server_vad ended "${first}" at the pause`);
    const semantic = await talk({ type: 'semantic_vad', eagerness: 'auto' }, first!, second!);
    assert.ok(semantic.decisions.length > 0, 'the detector told the client what it decided');
    if (semantic.stops === 1) {
      held++;
      assert.match(semantic.finals[0]!, new RegExp(second!.split(' ').at(-1)!));
      const longest = Math.max(...semantic.decisions.map((d) => d.silence_ms));
      assert.ok(longest > 750, `a half sentence asked for more than the pause: ${longest} ms`);
    }
  }
  assert.ok(held >= 1, `semantic_vad held ${held} of ${REQUESTS.length} requests across the pause`);
});

test('semantic_vad with a bad eagerness is invalid_message and the session goes on', async () => {
  const created = await createSession(voice.http, {});
  const client = await VoiceClient.connect(created.body);
  try {
    await client.waitFor('session.created');
    client.send({
      type: 'session.update',
      session: { turn_detection: { type: 'semantic_vad', eagerness: 'eager' } },
    });
    const error = await client.waitFor('error');
    assert.equal(error.code, 'invalid_message');
    client.send({
      type: 'session.update',
      session: { turn_detection: { type: 'semantic_vad', eagerness: 'high' } },
    });
    const updated = await client.waitFor('session.updated');
    assert.deepEqual(updated.session.turn_detection, {
      type: 'semantic_vad',
      eagerness: 'high',
      prefix_padding_ms: 300,
      idle_timeout_ms: null,
    });
  } finally {
    client.close();
    await client.waitClosed();
  }
});
