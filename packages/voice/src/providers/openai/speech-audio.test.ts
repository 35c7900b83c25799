import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VoiceError } from '../../errors.ts';
import { SpeechAudioDecoder, assertSpeechContentType } from './speech-audio.ts';
import { encodeWav, wavHeader } from './wav-writer.ts';
import { parseWav } from '../../audio/wav.ts';

function ramp(samples: number): Buffer {
  const b = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) b.writeInt16LE(i * 3 - 500, i * 2);
  return b;
}

/** Feeds `body` in pieces of `size` bytes; returns the rates seen and the PCM. */
function decode(body: Buffer, size: number): { rates: Set<number>; pcm: Buffer; wav: boolean } {
  const d = new SpeechAudioDecoder();
  const out: Buffer[] = [];
  const rates = new Set<number>();
  for (let i = 0; i < body.length; i += size) {
    const a = d.push(body.subarray(i, i + size));
    if (a) {
      rates.add(a.sampleRate);
      out.push(a.pcm);
    }
  }
  const tail = d.end();
  if (tail) out.push(tail.pcm);
  return { rates, pcm: Buffer.concat(out), wav: d.isWav };
}

test('raw PCM passes through at 24 kHz in whole samples, whatever the splits', () => {
  const pcm = ramp(1000);
  for (const size of [1, 3, 7, 999, 5000]) {
    const r = decode(pcm, size);
    assert.ok(r.pcm.equals(pcm), `pieces of ${size}`);
    assert.deepEqual([...r.rates], [24000]);
    assert.equal(r.wav, false);
  }
  assert.equal(
    decode(Buffer.concat([ramp(10), Buffer.from([1])]), 4).pcm.length,
    20,
    'half a sample is dropped',
  );
});

test('WAV: header split anywhere, its rate reported, data size honoured, placeholder sizes ignored', () => {
  const pcm = ramp(800);
  const withTrailer = Buffer.concat([
    encodeWav(pcm, 22050),
    Buffer.from('LIST\u0004\u0000\u0000\u0000INFO'),
  ]);
  for (const size of [1, 5, 43, 45, 10_000]) {
    const r = decode(withTrailer, size);
    assert.ok(r.pcm.equals(pcm), `pieces of ${size}`);
    assert.deepEqual([...r.rates], [22050]);
    assert.equal(r.wav, true);
  }
  const streamed = Buffer.concat([wavHeader(0, 24000), pcm]);
  streamed.writeUInt32LE(0xffffffff, 40);
  streamed.writeUInt32LE(0xffffffff, 4);
  assert.ok(decode(streamed, 100).pcm.equals(pcm));
  assert.ok(decode(encodeWav(Buffer.alloc(0), 16000), 10).pcm.length === 0);
});

test('stereo WAV is mixed down to mono', () => {
  const stereo = Buffer.alloc(8);
  stereo.writeInt16LE(1000, 0);
  stereo.writeInt16LE(3000, 2);
  stereo.writeInt16LE(-100, 4);
  stereo.writeInt16LE(-300, 6);
  const r = decode(encodeWav(stereo, 24000, 2), 3);
  assert.deepEqual([r.pcm.readInt16LE(0), r.pcm.readInt16LE(2)], [2000, -200]);
});

test('compressed or broken bodies are refused with tts_unavailable', () => {
  const refused = (fn: () => unknown, re: RegExp) =>
    assert.throws(
      fn,
      (e: unknown) => e instanceof VoiceError && e.code === 'tts_unavailable' && re.test(e.message),
    );
  refused(() => decode(Buffer.from('ID3\u0004\u0000\u0000'), 64), /MP3/);
  refused(() => decode(Buffer.from('OggS\u0000\u0002'), 64), /Ogg/);
  refused(() => decode(encodeWav(ramp(10)).subarray(0, 30), 64), /incomplete WAV/);
  const float = encodeWav(ramp(10));
  float.writeUInt16LE(3, 20); // IEEE float
  refused(() => decode(float, 64), /bad WAV/);
  refused(() => assertSpeechContentType('audio/mpeg'), /audio\/mpeg/);
  refused(() => assertSpeechContentType('application/json; charset=utf-8'), /application\/json/);
  assertSpeechContentType('audio/pcm');
  assertSpeechContentType('audio/wav');
  assertSpeechContentType('application/octet-stream');
  assertSpeechContentType(null);
});

test('wavHeader round-trips through our WAV parser', () => {
  const pcm = ramp(321);
  const { format, pcm: back } = parseWav(encodeWav(pcm, 16000));
  assert.deepEqual(format, { sampleRate: 16000, channels: 1, bitsPerSample: 16 });
  assert.ok(back.equals(pcm));
  assert.throws(() => wavHeader(3), RangeError);
});
