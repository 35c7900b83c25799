import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PocketSphinxSTT } from '../src/providers/stt/pocketsphinx.ts';
import type { STTEvent, STTStream } from '../src/providers/stt/stt.ts';
import { VoiceError } from '../src/errors.ts';
import { wordErrors } from '../src/testing/wer.ts';
import { chunks, fliteSpeech16k, silence16k } from './helpers/audio.ts';

const SENTENCES = [
  'the quick brown fox jumps over the lazy dog',
  'what is the weather in london today',
  'please call my mother tomorrow morning',
  'turn off the lights in the kitchen',
  'how many people live in the city',
  'i need help with my account',
];

let stt: PocketSphinxSTT;
before(async () => {
  stt = new PocketSphinxSTT({ maxDecoders: 2, partialIntervalMs: 200 });
  await stt.warmup(1);
});
after(() => stt.close());

async function collect(stream: STTStream): Promise<STTEvent[]> {
  const events: STTEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

/** Pushes audio in 100 ms chunks, `pace` ms apart (0: all at once). */
async function feed(stream: STTStream, audio: Buffer, pace = 0): Promise<void> {
  for (const c of chunks(audio, 3200)) {
    stream.pushAudio(c);
    if (pace > 0) await new Promise((r) => setTimeout(r, pace));
  }
}

test('recognises Flite speech with a low word error rate and partials before each final', async () => {
  const audios = SENTENCES.map((text) =>
    Buffer.concat([silence16k(200), fliteSpeech16k(text), silence16k(300)]),
  );
  const stream = stt.stream({ languages: ['en-US'] });
  const events = collect(stream);
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  for (const audio of audios) {
    await feed(stream, audio, 2);
    stream.flush();
  }
  stream.endInput();
  const all = await events;
  lag.disable();

  const finals = all.filter((e) => e.type === 'final');
  assert.equal(finals.length, SENTENCES.length);
  let errors = 0;
  let words = 0;
  const report: string[] = [];
  SENTENCES.forEach((ref, i) => {
    const final = finals[i];
    assert.ok(final?.type === 'final');
    const r = wordErrors(ref, final.text);
    errors += r.errors;
    words += r.words;
    report.push(`${ref} => ${final.text}`);
    assert.deepEqual(final.languages, ['en-US']);
    assert.ok(Math.abs(final.durationMs - 1500) < 2500, 'duration of the utterance audio');
  });
  const wer = errors / words;
  console.log(
    `PocketSphinx WER ${(wer * 100).toFixed(1)}% (${errors}/${words})\n  ${report.join('\n  ')}`,
  );
  assert.ok(wer <= 0.25, `word error rate ${wer}`);

  // Each utterance's partials come before its final.
  let partialsBefore = 0;
  for (const e of all) {
    if (e.type === 'partial') {
      partialsBefore++;
      assert.equal(e.language, 'en-US');
    } else if (e.type === 'final') {
      assert.ok(partialsBefore > 0, 'at least one partial before each final');
      partialsBefore = 0;
    }
  }
  // Decoding runs in a worker: the event loop stays responsive.
  const maxLagMs = lag.max / 1e6;
  // (generous: other processes may be competing for the CPU; a decode on this thread takes ~300 ms)
  assert.ok(maxLagMs < 200, `event loop blocked for ${maxLagMs} ms`);
  const rtf = stt.stats.decodeMs / stt.stats.audioMs;
  console.log(
    `PocketSphinx real-time factor ${rtf.toFixed(3)}, max event-loop delay ${maxLagMs.toFixed(1)} ms`,
  );
  assert.ok(rtf < 1);
});

test('a flush without audio gives an empty final; bad audio throws invalid_audio', async () => {
  const stream = stt.stream();
  assert.throws(
    () => stream.pushAudio(Buffer.alloc(3)),
    (e: unknown) => e instanceof VoiceError && e.code === 'invalid_audio',
  );
  stream.flush();
  stream.endInput();
  assert.deepEqual(await collect(stream), [
    { type: 'final', text: '', languages: [], durationMs: 0 },
  ]);
});

test('close() mid-utterance ends the stream without a final and frees the decoder', async () => {
  const controller = new AbortController();
  const stream = stt.stream({ signal: controller.signal });
  const events = collect(stream);
  await feed(stream, fliteSpeech16k('this utterance is cut short by the user'), 5);
  controller.abort();
  const got = await events;
  assert.ok(got.every((e) => e.type === 'partial'));
  await new Promise((r) => setTimeout(r, 50));
  const { alive, idle } = stt.poolStats;
  assert.equal(idle, alive, 'every decoder is back in the pool');

  // The decoder that was cancelled works for the next utterance.
  const next = stt.stream();
  await feed(next, fliteSpeech16k('open the window'));
  next.endInput();
  const final = (await collect(next)).find((e) => e.type === 'final');
  assert.ok(
    final?.type === 'final' && wordErrors('open the window', final.text).errors <= 1,
    JSON.stringify(final),
  );
});

test('a hypothesis on request covers the audio pushed before it, between partials', async () => {
  // No partial ticks: only the request can bring the words.
  const quiet = new PocketSphinxSTT({ maxDecoders: 1, partialIntervalMs: 60_000 });
  try {
    const stream = quiet.stream({ languages: ['en-US'] });
    assert.equal(await stream.hypothesis(), null, 'no utterance is open');
    const events = collect(stream);
    const first = fliteSpeech16k('turn off the lights');
    await feed(stream, Buffer.concat([silence16k(200), first, silence16k(100)]));
    const half = await stream.hypothesis();
    await feed(stream, Buffer.concat([fliteSpeech16k('in the kitchen'), silence16k(150)]));
    const whole = await stream.hypothesis();
    stream.flush();
    stream.endInput();
    const all = await events;
    const final = all.find((e) => e.type === 'final');
    assert.ok(final?.type === 'final');
    assert.equal(all.filter((e) => e.type === 'partial').length, 0, 'no partial ticks');
    assert.equal(half?.current, true);
    assert.equal(whole?.current, true);
    assert.equal(whole?.language, 'en-US');
    assert.ok(wordErrors('turn off the lights', half!.text).errors <= 1, half!.text);
    assert.equal(whole!.text, final.text, 'all the audio decoded: the final says the same');
    assert.ok(
      wordErrors('turn off the lights in the kitchen', whole!.text).errors <= 2,
      whole!.text,
    );
    // Word times count back from the end of the decoded audio, in order, the speech's length
    // apart; the last word ends shortly before the 150 ms of silence that close the audio.
    const words = whole!.words!;
    assert.ok(wordErrors(whole!.text, words.map((w) => w.text).join(' ')).errors <= 1);
    for (const [a, b] of words.slice(1).map((w, i) => [words[i]!, w] as const)) {
      assert.ok(a.startAgoMs > a.endAgoMs && a.endAgoMs >= b.startAgoMs, JSON.stringify(words));
    }
    const spanMs = words[0]!.startAgoMs - words.at(-1)!.endAgoMs;
    const speechMs = fliteSpeech16k('in the kitchen').length / 32;
    assert.ok(spanMs > speechMs, `the words span ${spanMs} ms, more than the last phrase`);
    assert.ok(words.at(-1)!.endAgoMs < 250, JSON.stringify(words.at(-1)));
    assert.ok(words.every((w) => w.confidence >= 0 && w.confidence <= 1));
    assert.equal(whole!.confidence, words.at(-1)!.confidence);
  } finally {
    await quiet.close();
  }
});

test('a hypothesis asked for as the stream closes is null', async () => {
  const stream = stt.stream();
  await feed(stream, fliteSpeech16k('good morning'));
  const asked = stream.hypothesis();
  stream.close();
  assert.equal(await asked, null);
  assert.equal(await stream.hypothesis(), null);
});

test('concurrent utterances share the pool; beyond it they wait or fail with speech_capacity_exceeded', async () => {
  const small = new PocketSphinxSTT({
    maxDecoders: 1,
    acquireTimeoutMs: 150,
    partialIntervalMs: 0,
  });
  try {
    const text = 'what is the weather in london today';
    const audio = fliteSpeech16k(text);
    const a = small.stream();
    const b = small.stream();
    const ea = collect(a);
    const eb = collect(b);
    await feed(a, audio, 0);
    await feed(b, audio, 0);
    // a holds the only decoder (loading takes longer than b's 150 ms patience)
    await new Promise((r) => setTimeout(r, 400));
    a.endInput();
    b.endInput();
    const [ra, rb] = await Promise.all([ea, eb]);
    assert.equal(ra.at(-1)?.type, 'final');
    assert.equal(small.partials, false);
    assert.ok(ra.every((e) => e.type !== 'partial'));
    const err = rb[0];
    assert.ok(err?.type === 'error', JSON.stringify(rb));
    assert.equal(err.code, 'speech_capacity_exceeded');
    assert.equal(err.recoverable, true);
    assert.equal(rb.length, 1, 'an error replaces the final');

    // With enough patience, the second waits for the first.
    const patient = new PocketSphinxSTT({ maxDecoders: 1, acquireTimeoutMs: 10_000 });
    try {
      const s1 = patient.stream();
      const s2 = patient.stream();
      const e1 = collect(s1);
      const e2 = collect(s2);
      await feed(s1, audio);
      await feed(s2, audio);
      s1.endInput();
      s2.endInput();
      const finals = (await Promise.all([e1, e2])).map((evs) =>
        evs.find((e) => e.type === 'final'),
      );
      for (const f of finals)
        assert.ok(f?.type === 'final' && wordErrors(text, f.text).errors <= 2, JSON.stringify(f));
      assert.equal(patient.poolStats.alive, 1);
    } finally {
      await patient.close();
    }
  } finally {
    await small.close();
  }
});

test('a missing model gives stt_unavailable as an error event', async () => {
  const broken = new PocketSphinxSTT({ model: { modelDir: '/nonexistent/model' } });
  try {
    const stream = broken.stream();
    stream.pushAudio(silence16k(100));
    stream.endInput();
    const events = await collect(stream);
    assert.equal(events.length, 1);
    assert.ok(
      events[0]?.type === 'error' && events[0].code === 'stt_unavailable',
      JSON.stringify(events),
    );
  } finally {
    await broken.close();
  }
});
