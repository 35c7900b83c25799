import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeSTT } from '../src/testing/fake-stt.ts';
import { fliteSpeech16k, silence16k } from './helpers/audio.ts';
import { createSession, startVoice, VoiceClient } from './helpers/service.ts';

/**
 * Connects to a created session and speaks one turn; the fake recogniser decides what was
 * "heard", so the audio only has to be speech that ends.
 */
async function speakOneTurn(session: Parameters<typeof VoiceClient.connect>[0]) {
  const client = await VoiceClient.connect(session);
  await client.waitFor('session.created');
  await client.streamAudio(
    Buffer.concat([silence16k(300), fliteSpeech16k('my number is on the card'), silence16k(1000)]),
    2,
  );
  return client;
}

// A scripted recogniser stands in for a vendor that recognises Arabic + English (the embedded
// PocketSphinx is English only); VAD, sessions, analysis and the protocol are the real ones.
test('a mixed Arabic/English utterance: both locales, partials, PII offsets and sentiment', async () => {
  const said = 'رقمي هو 0551234567 and my email is sara@example.com شكرا جزيلا this is great';
  const voice = await startVoice(
    {},
    { stt: new FakeSTT([{ text: said, partials: ['رقمي هو', 'رقمي هو 0551234567'] }]) },
  );
  try {
    const created = await createSession(voice.http, {
      languages: ['ar-SA', 'en-US'],
      analysis: { pii: true, sentiment: true },
    });
    const client = await speakOneTurn(created.body);
    const final = await client.waitFor('transcript.final');
    assert.equal(final.text, said);
    assert.deepEqual(final.languages, ['ar-SA', 'en-US']);
    const deltas = client.of('transcript.delta');
    assert.deepEqual(
      deltas.map((d) => d.text),
      ['رقمي هو', 'رقمي هو 0551234567'],
    );
    assert.ok(deltas.every((d) => typeof d.language === 'string'));
    assert.ok(client.messages.indexOf(deltas[0]!) < client.messages.indexOf(final));

    const analysis = await client.waitFor('transcript.analysis');
    const spans = analysis.pii.map((p: { category: string; offset: number; length: number }) => [
      p.category,
      said.slice(p.offset, p.offset + p.length),
    ]);
    assert.deepEqual(spans, [
      ['phone_number', '0551234567'],
      ['email', 'sara@example.com'],
    ]);
    assert.equal(analysis.sentiment, 'positive');
    assert.ok(client.messages.indexOf(analysis) > client.messages.indexOf(final));
    // The reply to Arabic speech is spoken (eSpeak NG) and the turn completes.
    const done = await client.waitFor('response.done');
    assert.equal(done.status, 'completed');
    assert.ok(client.frames.some((f) => f.streamId === done.stream_id));
    client.close();
  } finally {
    await voice.close();
  }
});

test('without analysis enabled no transcript.analysis is sent; push-to-talk turns end on commit', async () => {
  const voice = await startVoice({}, { stt: new FakeSTT(['hello from push to talk']) });
  try {
    const created = await createSession(voice.http, { turn_detection: { type: 'none' } });
    const client = await VoiceClient.connect(created.body);
    await client.waitFor('session.created');
    await client.streamAudio(
      Buffer.concat([fliteSpeech16k('hello from push to talk'), silence16k(800)]),
      4,
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(client.of('vad.speech_started').length, 0, 'no server VAD in push-to-talk');
    assert.equal(client.of('transcript.final').length, 0, 'nothing ends the turn before commit');
    client.send({ type: 'input_audio.commit' });
    const final = await client.waitFor('transcript.final');
    assert.equal(final.text, 'hello from push to talk');
    await client.waitFor('response.done');
    assert.equal(client.of('transcript.analysis').length, 0);
    client.close();
  } finally {
    await voice.close();
  }
});

test('a recognition failure ends that turn with stt_unavailable; the next utterance works', async () => {
  const voice = await startVoice(
    {},
    {
      stt: new FakeSTT([
        'first words',
        { error: 'stt_unavailable', message: 'vendor down' },
        'third time lucky',
      ]),
    },
  );
  try {
    const created = await createSession(voice.http, { turn_detection: { type: 'none' } });
    const client = await VoiceClient.connect(created.body);
    await client.waitFor('session.created');
    const speech = fliteSpeech16k('hello there');
    for (let turn = 0; turn < 3; turn++) {
      await client.streamAudio(speech, 8);
      client.send({ type: 'input_audio.commit' });
      await client.waitFor('response.done', () => client.of('response.done').length > turn, 15_000);
    }
    const done = client.of('response.done');
    assert.deepEqual(
      done.map((d) => [d.status, d.reason ?? null]),
      [
        ['completed', null],
        ['cancelled', 'recognition_failed'],
        ['completed', null],
      ],
    );
    const errors = client.of('error');
    assert.equal(errors.length, 1);
    assert.equal(errors[0]!.code, 'stt_unavailable');
    assert.deepEqual(
      client.of('transcript.final').map((f) => f.text),
      ['first words', 'third time lucky'],
    );
    client.close();
  } finally {
    await voice.close();
  }
});

test("a phone number without a country code is read in the session's languages' regions", async () => {
  // 06 12 34 56 78 is a French mobile number in national form; France is not among the
  // regions assumed when a session names no language of its own.
  const said = 'mon numéro est 06 12 34 56 78 merci';
  const voice = await startVoice({}, { stt: new FakeSTT([{ text: said }]) });
  try {
    const created = await createSession(voice.http, {
      languages: ['fr-FR'],
      analysis: { pii: true, sentiment: false },
    });
    const client = await speakOneTurn(created.body);
    const analysis = await client.waitFor('transcript.analysis');
    assert.deepEqual(
      analysis.pii.map((p: { category: string; offset: number; length: number }) => [
        p.category,
        said.slice(p.offset, p.offset + p.length),
      ]),
      [['phone_number', '06 12 34 56 78']],
    );
    client.close();
  } finally {
    await voice.close();
  }
});
