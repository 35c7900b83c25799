import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Pcm16Aligner,
  assertPcm16,
  decodeBase64Pcm16,
  float32ToPcm16,
  int16ToPcm16,
  pcm16BytesForMs,
  pcm16DurationMs,
  pcm16ToFloat32,
  pcm16ToInt16,
  rmsLevel,
  toDbfs,
} from '../src/audio/pcm.ts';
import { VoiceError } from '../src/errors.ts';
import { parseWav, WavStreamParser } from '../src/audio/wav.ts';

const isInvalidAudio = (err: unknown) => err instanceof VoiceError && err.code === 'invalid_audio';

test('PCM16 round-trips through Int16Array and Float32Array', () => {
  const samples = Int16Array.from([0, 1, -1, 32767, -32768, 12345, -12345]);
  const pcm = int16ToPcm16(samples);
  assert.equal(pcm.length, 14);
  assert.equal(pcm.readInt16LE(6), 32767);
  assert.deepEqual(Array.from(pcm16ToInt16(pcm)), Array.from(samples));
  const floats = pcm16ToFloat32(pcm);
  assert.equal(floats[4], -1);
  assert.deepEqual(Array.from(pcm16ToInt16(float32ToPcm16(floats))), Array.from(samples));
});

test('float conversion clips out-of-range samples', () => {
  const pcm = float32ToPcm16(Float32Array.from([1.5, -2, 0.5]));
  assert.deepEqual(Array.from(pcm16ToInt16(pcm)), [32767, -32768, 16384]);
});

test('a Buffer slice at an odd byteOffset converts correctly (copied, not viewed)', () => {
  const backing = Buffer.alloc(9);
  backing.writeInt16LE(1000, 1);
  backing.writeInt16LE(-2000, 3);
  backing.writeInt16LE(32767, 5);
  backing.writeInt16LE(-32768, 7);
  const slice = backing.subarray(1);
  assert.equal(slice.byteOffset % 2, 1);
  assert.deepEqual(Array.from(pcm16ToInt16(slice)), [1000, -2000, 32767, -32768]);
  assert.deepEqual(Array.from(pcm16ToFloat32(slice)), [
    1000 / 32768,
    -2000 / 32768,
    32767 / 32768,
    -1,
  ]);
});

test('odd-length audio is rejected with invalid_audio', () => {
  assert.throws(() => assertPcm16(Buffer.alloc(3)), isInvalidAudio);
  assert.throws(() => pcm16ToInt16(Buffer.alloc(5)), isInvalidAudio);
  assert.doesNotThrow(() => assertPcm16(Buffer.alloc(0)));
});

test('durations follow from byte counts', () => {
  assert.equal(pcm16DurationMs(32000), 1000);
  assert.equal(pcm16DurationMs(48000, 24000), 1000);
  assert.equal(pcm16DurationMs(1024), 32);
  assert.equal(pcm16BytesForMs(32), 1024);
  assert.equal(pcm16BytesForMs(1000, 24000), 48000);
});

test('base64 audio is decoded strictly', () => {
  const pcm = int16ToPcm16(Int16Array.from([1, -1, 300]));
  assert.deepEqual(decodeBase64Pcm16(pcm.toString('base64')), pcm);
  assert.equal(decodeBase64Pcm16('').length, 0);
  for (const bad of [
    'AAA',
    'AA=A',
    'AAAA*AAA',
    'AA AA',
    'AAAA\n',
    'AAAAAA==AAAA',
    '@@@@',
    'AQID',
  ]) {
    assert.throws(() => decodeBase64Pcm16(bad), isInvalidAudio, bad);
  }
});

test('RMS level of silence, a full-scale square wave and a sine', () => {
  assert.equal(rmsLevel(Buffer.alloc(100)), 0);
  assert.equal(rmsLevel(Buffer.alloc(0)), 0);
  assert.ok(
    Math.abs(rmsLevel(int16ToPcm16(Int16Array.from([32767, -32768, 32767, -32768]))) - 1) < 1e-4,
  );
  const sine = new Float32Array(1600).map(
    (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 16000),
  );
  assert.ok(Math.abs(rmsLevel(float32ToPcm16(sine)) - 0.5 / Math.SQRT2) < 1e-3);
  assert.ok(Math.abs(toDbfs(0.5) - -6.02) < 0.01);
});

test('the aligner re-cuts a byte stream into whole samples', () => {
  const a = new Pcm16Aligner();
  const data = int16ToPcm16(Int16Array.from([1, 2, 3, 4]));
  const parts = [data.subarray(0, 3), data.subarray(3, 4), data.subarray(4, 7), data.subarray(7)];
  const out = Buffer.concat(parts.map((p) => a.push(p)));
  assert.deepEqual(Array.from(pcm16ToInt16(out)), [1, 2, 3, 4]);
  assert.equal(a.pending, false);
  a.push(Buffer.alloc(1));
  assert.equal(a.pending, true);
});

test('a WAV stream is parsed incrementally and a whole file at once', () => {
  const pcm = int16ToPcm16(Int16Array.from([5, -5, 7]));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(22050, 24);
  header.writeUInt32LE(44100, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(0x7ffff000, 40); // streaming placeholder, as espeak-ng writes it
  const file = Buffer.concat([header, pcm]);
  const parser = new WavStreamParser();
  const out: Buffer[] = [];
  for (let i = 0; i < file.length; i += 5) out.push(parser.push(file.subarray(i, i + 5)));
  assert.equal(parser.format?.sampleRate, 22050);
  assert.deepEqual(Buffer.concat(out), pcm);
  assert.deepEqual(parseWav(file).pcm, pcm);
  assert.throws(() => parseWav(Buffer.from('not a wav file at all')), isInvalidAudio);
});
