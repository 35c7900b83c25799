import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeSTT, FakeTTS } from '../src/testing/index.ts';
import type { STTEvent } from '../src/providers/stt/stt.ts';

test('FakeSTT plays its script one utterance per flush and fails on an unexpected one', async () => {
  const stt = new FakeSTT([
    { text: 'hello there', partials: ['hel', 'hello'] },
    { error: 'stt_unavailable' },
    'مرحبا',
  ]);
  const stream = stt.stream({ languages: ['ar-SA'] });
  for (let i = 0; i < 4; i++) {
    stream.pushAudio(Buffer.alloc(3200));
    stream.flush();
  }
  stream.endInput();
  const events: STTEvent[] = [];
  for await (const e of stream) events.push(e);
  assert.deepEqual(
    events.map((e) => (e.type === 'error' ? `error:${e.code}` : `${e.type}:${e.text}`)),
    [
      'partial:hel',
      'partial:hello',
      'final:hello there',
      'error:stt_unavailable',
      'final:مرحبا',
      'error:internal_error',
    ],
  );
  const final = events.find((e) => e.type === 'final');
  assert.ok(final?.type === 'final' && final.durationMs === 100 && final.languages[0] === 'ar-SA');
  assert.deepEqual(stt.received, [3200, 3200, 3200]);
});

test('FakeTTS yields 24 kHz audio proportional to the text and honours abort', async () => {
  const tts = new FakeTTS({ msPerChar: 10, chunkMs: 20 });
  let bytes = 0;
  for await (const c of tts.synthesize('0123456789')) bytes += c.length;
  assert.equal(bytes, 100 * 48);
  const controller = new AbortController();
  let chunks = 0;
  for await (const _ of tts.synthesize('a much longer text for the fake', {
    signal: controller.signal,
  })) {
    if (++chunks === 2) controller.abort();
  }
  assert.equal(chunks, 2);
  assert.equal(tts.requests.length, 2);
});
