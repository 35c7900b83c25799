import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FakeSTT, type ScriptedUtterance } from '../src/testing/fake-stt.ts';
import { fliteSpeech16k, noise16k, speechBounds16k } from './helpers/audio.ts';
import { createSession, startVoice, VoiceClient, type RunningVoice } from './helpers/service.ts';

// A noisy pause in mid-sentence, as the embedded recogniser hears it: the words before the pause
// read as unfinished, and 450 ms into the pause the recogniser turns the room's noise into a
// word that finishes the sentence ("… a table for" → "… a table four"). The real service with
// the Silero VAD and semantic_vad; the recogniser is scripted by audio time.

const FIRST = 'i would like to book a table for';
const SECOND = 'six people on friday evening';
const PAUSE_MS = 850;
/** The utterance's audio starts about here in the clip: the VAD's start less the prefix padding. */
const UTTERANCE_STARTS_MS = 400 - 30 - 300;

function speech(text: string): Buffer {
  const pcm = fliteSpeech16k(text);
  const { startMs, endMs } = speechBounds16k(pcm);
  return pcm.subarray(startMs * 32, endMs * 32);
}

const first = speech(FIRST);
const second = speech(SECOND);
const firstEndMs = 400 + first.length / 32;
const clip = Buffer.concat([
  noise16k(400, 0.003, 1), // about −50 dBFS: a room, not digital silence
  first,
  noise16k(PAUSE_MS, 0.003, 2),
  second,
  noise16k(2500, 0.003, 3),
]);

/** The recogniser's words by audio time; `decodesOnRequest` false: it can only send partials. */
function heard(decodesOnRequest: boolean): ScriptedUtterance[] {
  const at = (clipMs: number) => Math.round(clipMs - UTTERANCE_STARTS_MS);
  return [
    {
      text: `${FIRST} ${SECOND}`,
      decodesOnRequest,
      timeline: [
        { atMs: at(firstEndMs - 600), text: 'i would like to book' },
        { atMs: at(firstEndMs), text: FIRST },
        { atMs: at(firstEndMs + 450), text: 'i would like to book a table four' },
        { atMs: at(firstEndMs + PAUSE_MS + second.length / 32), text: `${FIRST} ${SECOND}` },
      ],
    },
    // Only used when the pause cuts the request.
    { text: SECOND },
  ];
}

let voice: RunningVoice;
let fallback: RunningVoice;
before(async () => {
  voice = await startVoice({}, { stt: new FakeSTT(heard(true)) });
  fallback = await startVoice({}, { stt: new FakeSTT(heard(false)) });
});
after(async () => {
  await voice.close();
  await fallback.close();
});

async function talk(service: RunningVoice) {
  const created = await createSession(service.http, {
    turn_detection: { type: 'semantic_vad', eagerness: 'auto' },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const client = await VoiceClient.connect(created.body);
  try {
    await client.waitFor('session.created');
    await client.streamAudio(clip);
    await client.waitFor('transcript.final');
    await new Promise((r) => setTimeout(r, 300));
    return {
      stops: client.of('vad.speech_stopped').map((m) => m.audio_end_ms as number),
      decisions: client.of('turn_detection.decision'),
      finals: client.of('transcript.final').map((m) => m.text as string),
    };
  } finally {
    client.close();
    await client.waitClosed();
  }
}

test('a noisy pause whose late partial reads as finished does not end the turn', async () => {
  const { stops, decisions, finals } = await talk(voice);
  const late = decisions.find((d) => d.transcript === 'i would like to book a table four');
  assert.ok(late, 'the late partial was read');
  assert.ok(late.probability > 0.9, `it reads as finished: p ${late.probability}`);
  assert.ok(
    late.silence_ms > PAUSE_MS,
    `but the wait chosen at the pause holds: ${late.silence_ms} ms`,
  );
  assert.equal(stops.length, 1, `one turn, not cut at the pause: stops at ${stops.join(', ')} ms`);
  assert.ok(stops[0]! > firstEndMs + PAUSE_MS, `it ended after the second half: ${stops[0]} ms`);
  assert.deepEqual(finals, [`${FIRST} ${SECOND}`]);
});

test('a recogniser that cannot decode on request still works: its partials decide as they arrive', async () => {
  const { stops, decisions } = await talk(fallback);
  const late = decisions.find((d) => d.transcript === 'i would like to book a table four');
  assert.ok(
    late && late.silence_ms < 500,
    `the late partial sets a short wait: ${late?.silence_ms}`,
  );
  assert.equal(stops.length, 2, 'so the pause cuts the request, as the issue measured');
  assert.ok(stops[0]! < firstEndMs + PAUSE_MS);
});
