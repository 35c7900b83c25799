import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSession, startVoice, VoiceClient, type RunningVoice } from './helpers/service.ts';
import {
  babble16k,
  EchoingDevice,
  hum16k,
  keyboard16k,
  mixInto,
  soxNoise16k,
  voice16k,
} from './helpers/room.ts';

let voice: RunningVoice;
before(async () => {
  voice = await startVoice({ VOICE_TENANT_MAX_SESSIONS: '20' });
});
after(async () => {
  await voice.close();
});

async function open(): Promise<VoiceClient> {
  const created = await createSession(voice.http);
  assert.equal(created.status, 201);
  const client = await VoiceClient.connect(created.body);
  await client.waitFor('session.created');
  return client;
}

const LONG_REQUEST =
  'Please tell me everything about the long history of the city of London, from the Roman settlement to the modern financial district, in great detail';

test('noise without speech starts no turn: pink, brown, fan hum, mains hum, typing, far-away babble', async () => {
  const ms = 6000;
  const rooms: [string, Buffer][] = [
    ['pink noise', soxNoise16k('pinknoise', ms, 0.3)],
    ['brown noise', soxNoise16k('brownnoise', ms, 0.3)],
    ['50 Hz hum', hum16k(50, ms, 0.3)],
    ['120 Hz hum', hum16k(120, ms, 0.3)],
    ['typing', mixInto(keyboard16k(ms), soxNoise16k('pinknoise', ms, 0.01))],
    ['babble at -25 dB', babble16k(ms, 25)],
  ];
  const clients = await Promise.all(rooms.map(() => open()));
  try {
    await Promise.all(clients.map((c, i) => c.streamAudio(rooms[i]![1], 2)));
    await sleep(800);
    rooms.forEach(([name], i) => {
      const c = clients[i]!;
      assert.deepEqual(
        c.messages
          .filter((m) => m.type.startsWith('vad.') || m.type === 'error')
          .map((m) => m.type),
        [],
        `${name}: no speech, no error`,
      );
    });
    // The same babble with the user speaking over it is a turn.
    const room = babble16k(4000, 25);
    const user = voice16k('slt', 'what is the weather in london today');
    const c = clients[5]!;
    await c.streamAudio(mixInto(room, user, 0, 1000), 2);
    const started = await c.waitFor('vad.speech_started');
    assert.ok(
      started.audio_start_ms >= ms + 700 && started.audio_start_ms <= ms + 1400,
      `the turn starts with the user, at ${started.audio_start_ms} ms`,
    );
  } finally {
    for (const c of clients) c.close();
  }
});

test("the assistant's own reply coming back through the microphone (-20 dB, no echo canceller) does not interrupt it", async () => {
  const client = await open();
  try {
    const device = new EchoingDevice(client, -20);
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: LONG_REQUEST },
    });
    const room = soxNoise16k('pinknoise', 30_000, 0.003);
    let done = false;
    const streaming = device.run(room, () => done);
    const reply = await client.waitFor('response.done', () => true, 40_000);
    done = true;
    await streaming;
    assert.equal(reply.status, 'completed');
    assert.ok(device.assistantMs > 3000, `the device played ${Math.round(device.assistantMs)} ms`);
    assert.equal(client.of('barge_in.detected').length, 0);
    assert.equal(client.of('vad.speech_started').length, 0);
  } finally {
    client.close();
  }
});

test('the user speaking over that echo barges in (English with Flite, Arabic with eSpeak NG)', async () => {
  for (const speaker of [
    voice16k('slt', 'stop please, that is enough'),
    voice16k('espeak:ar', 'توقف من فضلك، هذا يكفي'),
  ]) {
    const client = await open();
    try {
      const device = new EchoingDevice(client, -20);
      client.send({
        type: 'conversation.item.create',
        item: { role: 'user', content: LONG_REQUEST },
      });
      const first = await client.waitFor('response.audio.delta');
      // The user starts 2 s into the device's stream, while the reply plays and echoes.
      const room = mixInto(soxNoise16k('pinknoise', 8000, 0.003), speaker, 0, 2000);
      let stop = false;
      const streaming = device.run(room, () => stop);
      const barge = await client.waitFor('barge_in.detected', () => true, 10_000);
      stop = true;
      await streaming;
      assert.equal(barge.stream_id, first.stream_id);
      const started = await client.waitFor('vad.speech_started');
      assert.ok(started.audio_start_ms >= 1700, `speech dated at ${started.audio_start_ms} ms`);
    } finally {
      client.close();
    }
  }
});
