import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndOfTurnModel } from '../src/turn/end-of-turn.ts';
import {
  DISTRUST_BELOW,
  NOISE_ONSET_MS,
  SemanticSilence,
  SILENCE_BOUNDS_MS,
  spokenBeforePause,
  STALE_FLOOR_MS,
  UNDECODED_TAIL_MS,
  WAIT_EXPONENT,
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

/** A detector that asks for the recogniser's hypothesis at each pause, as a session does. */
function asking(eagerness: 'medium' | 'auto' = 'auto') {
  const pauses: number[] = [];
  const decisions: { probability: number; silenceMs: number; transcript: string }[] = [];
  const silence = new SemanticSilence(
    model,
    eagerness,
    (d) => decisions.push(d),
    (p) => pauses.push(p),
  );
  return { silence, pauses, decisions };
}

/** Asks the policy at every 32 ms window from `fromMs` to `toMs`; the silence at which it ends. */
function endsAt(silence: SemanticSilence, fromMs: number, toMs: number): number | null {
  for (let ms = fromMs; ms <= toMs; ms += 32) if (ms >= silence.silenceMs(ms)) return ms;
  return null;
}

test('a noisy pause whose late partial reads as finished does not end the turn', () => {
  const { silence, pauses } = asking();
  silence.heard('i would like to book a'); // the last partial before the pause lags the speech
  assert.equal(endsAt(silence, 32, 96), null);
  assert.equal(pauses.length, 1, 'the pause asked for a hypothesis');
  silence.atPause(pauses[0]!, {
    text: 'i would like to book a table for',
    language: 'en-US',
    current: true,
  });
  const held = silence.silenceMs(128);
  assert.ok(held > 1500, `half a request at the pause: ${held} ms`);
  // The recogniser goes on decoding the room's noise: "for" becomes "four".
  silence.heard('i would like to book a table four');
  assert.ok(model.probabilityFinished('i would like to book a table four') > 0.9);
  assert.equal(endsAt(silence, 160, 900), null, 'a 900 ms pause does not end the turn');
  assert.equal(silence.silenceMs(928), held, 'the wait chosen at the pause holds');
});

test('the hypothesis at the pause decides at once: a finished request ends after the shortest wait', () => {
  const { silence, pauses } = asking();
  silence.heard('turn off the kitchen'); // a partial that lags: "lights" not yet decoded
  assert.ok(silence.silenceMs(32) >= STALE_FLOOR_MS.auto, 'while asking, at least the floor');
  silence.atPause(pauses[0]!, {
    text: 'turn off the kitchen lights',
    language: 'en-US',
    current: true,
  });
  const ended = endsAt(silence, 64, 1600);
  assert.ok(
    ended !== null && ended < STALE_FLOOR_MS.auto,
    `ended after ${ended} ms of silence, sooner than the floor`,
  );
});

test('a hypothesis whose last word the recogniser is unsure of is no evidence of a finished turn', () => {
  const garbled = 'i want to cancel my subscription ten';
  assert.ok(model.probabilityFinished(garbled) > 0.8, 'the words alone read as finished');
  const { silence, pauses, decisions } = asking();
  silence.silenceMs(32);
  silence.atPause(pauses[0]!, {
    text: garbled,
    language: 'en-US',
    current: true,
    confidence: DISTRUST_BELOW / 4,
  });
  const wait = silence.silenceMs(64);
  const { min, max } = SILENCE_BOUNDS_MS.auto;
  assert.equal(wait, Math.round(max - 0.5 ** WAIT_EXPONENT * (max - min)), 'as for p 0.5');
  assert.equal(decisions.at(-1)?.probability, 0.5);

  // The same words heard surely, after new speech: they read as finished again.
  const sure = asking();
  sure.silence.silenceMs(32);
  sure.silence.atPause(sure.pauses[0]!, {
    text: garbled,
    language: 'en-US',
    current: true,
    confidence: 0.9,
  });
  assert.ok(sure.silence.silenceMs(64) < wait - 500);
});

test('a recogniser that can only give its last partial: partials decide as they arrive', () => {
  const { silence, pauses } = asking();
  silence.heard('whats the weather');
  silence.silenceMs(32);
  silence.atPause(pauses[0]!, { text: 'whats the weather', language: 'en-US', current: false });
  assert.ok(silence.silenceMs(64) >= STALE_FLOOR_MS.auto, 'no new words yet: the floor');
  silence.heard('whats the weather in paris');
  assert.ok(silence.silenceMs(96) < STALE_FLOOR_MS.auto, 'new words in the pause decide');
});

test('a new pause asks again and a stale answer is ignored', () => {
  const { silence, pauses } = asking();
  silence.heard('book a table for');
  silence.silenceMs(32);
  silence.silenceMs(64);
  silence.silenceMs(32); // speech came back and stopped again: a second pause
  assert.deepEqual(pauses, [1, 2]);
  silence.atPause(1, { text: 'book a table for four', language: 'en-US', current: true });
  assert.ok(silence.silenceMs(64) >= STALE_FLOOR_MS.auto, 'the first pause is over');
  silence.atPause(2, { text: 'book a table for four', language: 'en-US', current: true });
  assert.ok(silence.silenceMs(96) < STALE_FLOOR_MS.auto);
});

test('words decoded in the pause before the hypothesis arrives count: it may only lengthen the wait', () => {
  const { silence, pauses } = asking();
  silence.heard('remind me to ring the');
  silence.silenceMs(32);
  silence.heard('remind me to ring the dentist on'); // a partial decoded after the speech stopped
  const first = silence.silenceMs(64);
  assert.ok(first > 1500, `half a request: ${first} ms`);
  // Decoding on, the recogniser drops the last word: the words now read as finished.
  silence.atPause(pauses[0]!, {
    text: 'remind me to ring the dentist',
    language: 'en-US',
    current: true,
  });
  assert.ok(model.probabilityFinished('remind me to ring the dentist') > 0.9);
  assert.equal(endsAt(silence, 96, 900), null);
});

const at = (text: string, startAgoMs: number, endAgoMs: number, confidence = 0.9) => ({
  text,
  confidence,
  startAgoMs,
  endAgoMs,
});

test('words the recogniser dates after the end of speech are noise of the pause, left out', () => {
  // "read me the latest stories of" + "the vote" decoded from the room's noise.
  const words = [
    at('read', 1900, 1700),
    at('me', 1700, 1550),
    at('the', 1550, 1480),
    at('latest', 1480, 1100),
    at('stories', 1100, 330),
    at('of', 330, 180),
    at('the', 160, 110),
    at('vote', 110, 0),
  ];
  const text = words.map((w) => w.text).join(' ');
  assert.ok(model.probabilityFinished(text) > 0.8, 'with the noise, the words read as finished');
  const heard = spokenBeforePause({ text, words }, 140);
  assert.deepEqual(heard, { text: 'read me the latest stories of', doubt: false });

  const { silence, pauses, decisions } = asking();
  silence.silenceMs(32);
  silence.atPause(pauses[0]!, { text, language: 'en-US', current: true, words }, 140);
  assert.ok(silence.silenceMs(64) > 1400, 'half a request: the long wait');
  assert.equal(decisions.at(-1)?.transcript, 'read me the latest stories of');
});

test('speech after the last decoded word, or words the recogniser cannot align, are no evidence of a finished turn', () => {
  // "remind me to ring the dentist … on": the last word ends 400 ms before the VAD's end.
  const words = [at('remind', 2000, 1700), at('me', 1700, 1600), at('to', 1600, 1500)];
  words.push(at('ring', 1500, 1200), at('the', 1200, 1100), at('dentist', 1100, 540));
  const text = 'remind me to ring the dentist';
  assert.ok(model.probabilityFinished(text) > 0.9);
  assert.deepEqual(spokenBeforePause({ text, words }, 140), { text, doubt: true });
  const ended = words.map((w) => ({
    ...w,
    startAgoMs: w.startAgoMs - 400,
    endAgoMs: w.endAgoMs - 400,
  }));
  assert.deepEqual(spokenBeforePause({ text, words: ended }, 140), { text, doubt: false });
  assert.deepEqual(spokenBeforePause({ text, words: [] }, 140), { text, doubt: true });
  assert.deepEqual(spokenBeforePause({ text: '', words: [] }, 140), { text: '', doubt: false });
  // Without word times only the last word's confidence counts.
  assert.deepEqual(spokenBeforePause({ text }, 140), { text, doubt: false });
  assert.deepEqual(spokenBeforePause({ text, confidence: 0.1 }, undefined), { text, doubt: true });

  const { silence, pauses, decisions } = asking();
  silence.silenceMs(32);
  silence.atPause(pauses[0]!, { text, language: 'en-US', current: true, words }, 140);
  const { min, max } = SILENCE_BOUNDS_MS.auto;
  assert.equal(silence.silenceMs(64), Math.round(max - 0.5 ** WAIT_EXPONENT * (max - min)));
  assert.equal(decisions.at(-1)?.probability, 0.5);
  assert.ok(UNDECODED_TAIL_MS < 400 && NOISE_ONSET_MS < 100);
});
