import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndOfTurnModel } from '../src/turn/end-of-turn.ts';
import {
  SemanticSilence,
  SILENCE_BOUNDS_MS,
  STALE_FLOOR_MS,
} from '../src/session/semantic-silence.ts';
import { VADSegmenter } from '../src/audio/vad-segmenter.ts';

const model = EndOfTurnModel.load();

test('the silence that ends a turn is short after a finished request and long after half of one', () => {
  const decisions: number[] = [];
  const silence = new SemanticSilence(model, 'medium', (d) => decisions.push(d.probability));
  silence.heard('i would like to book a table for');
  const cut = silence.silenceMs();
  silence.heard('i would like to book a table for four people on friday');
  const done = silence.silenceMs();
  const { min, max } = SILENCE_BOUNDS_MS.medium;
  assert.ok(cut > 1200 && cut <= max, `after half a request: ${cut} ms`);
  assert.ok(done >= min && done < 500, `after a whole request: ${done} ms`);
  assert.equal(decisions.length, 2, 'one decision per transcript, cached between frames');
  silence.silenceMs();
  assert.equal(decisions.length, 2);
});

test('eagerness moves the bounds: high waits less than medium, low more', () => {
  const waits = (['high', 'medium', 'low'] as const).map((e) => {
    const s = new SemanticSilence(model, e);
    s.heard('can you tell me the');
    return s.silenceMs();
  });
  assert.ok(waits[0]! < waits[1]! && waits[1]! < waits[2]!, waits.join(' < '));
});

test('a segmenter with a silence policy ends speech when the policy says, not at silence_ms', () => {
  const frames = (segmenter: VADSegmenter, p: number, n: number) => {
    const events = [];
    for (let i = 0; i < n; i++) events.push(...segmenter.push(p));
    return events;
  };
  const withPolicy = new VADSegmenter({ silenceMs: 500, frameMs: 32 });
  withPolicy.setSilencePolicy(() => 1200);
  frames(withPolicy, 0.9, 20);
  assert.deepEqual(frames(withPolicy, 0.05, 30), [], '960 ms of silence does not end it');
  assert.equal(frames(withPolicy, 0.05, 10)[0]?.type, 'speech_stopped');
  withPolicy.setSilencePolicy(null);
  frames(withPolicy, 0.9, 20);
  assert.equal(frames(withPolicy, 0.05, 16).at(-1)?.type, 'speech_stopped', 'back to silence_ms');
});

test('words heard before the pause may lag it: without new words in the pause, at least the stale floor', () => {
  const silence = new SemanticSilence(model, 'medium');
  silence.heard('whats the weather'); // the recogniser has not decoded "in" yet
  const fast = new SemanticSilence(model, 'medium').silenceMs();
  assert.ok(fast > 0);
  let waited = 0;
  for (let ms = 32; ms <= 320; ms += 32) waited = silence.silenceMs(ms);
  assert.ok(waited >= STALE_FLOOR_MS.medium, `no new words in the pause: ${waited} ms`);
  silence.heard('whats the weather in'); // the last word arrives during the pause
  assert.ok(silence.silenceMs(352) > 900, 'half a question now: a long wait');
  silence.heard('whats the weather in paris');
  assert.ok(silence.silenceMs(384) < STALE_FLOOR_MS.medium, 'a whole question heard in the pause');
});
