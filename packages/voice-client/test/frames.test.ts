import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeAudioFrame as serverEncode } from '../../voice/src/protocol/frames.ts';
import {
  decodeAudioFrame,
  encodeAudioFrame,
  pcm16Bytes,
  pcm16Samples,
  STREAM_ID_HEADER_BYTES,
} from '../src/frames.ts';

test('decodes the frames the service encodes: little-endian stream id, then PCM16LE', () => {
  const pcm = Buffer.alloc(8);
  [0, 1, -1, -32768].forEach((s, i) => pcm.writeInt16LE(s, i * 2));
  const frame = serverEncode(0x01020304, pcm);
  assert.deepEqual([...frame.subarray(0, 4)], [4, 3, 2, 1]);
  const decoded = decodeAudioFrame(frame);
  assert.equal(decoded.streamId, 0x01020304);
  assert.deepEqual([...decoded.pcm], [0, 1, -1, -32768]);
});

test('decodes a frame at an odd offset of a larger buffer and copies its samples', () => {
  const frame = encodeAudioFrame(7, Int16Array.from([300, -300]));
  const big = new Uint8Array(frame.length + 3);
  big.set(frame, 1);
  const view = big.subarray(1, 1 + frame.length);
  const decoded = decodeAudioFrame(view);
  assert.equal(decoded.streamId, 7);
  assert.deepEqual([...decoded.pcm], [300, -300]);
  big.fill(0);
  assert.deepEqual([...decoded.pcm], [300, -300], 'the samples outlive the frame buffer');
});

test('round-trips the largest stream id and drops an odd trailing byte', () => {
  const frame = encodeAudioFrame(0xffffffff, Int16Array.from([1, 2, 3]));
  assert.equal(frame.length, STREAM_ID_HEADER_BYTES + 6);
  const odd = new Uint8Array(frame.length + 1);
  odd.set(frame);
  const decoded = decodeAudioFrame(odd.buffer);
  assert.equal(decoded.streamId, 0xffffffff);
  assert.deepEqual([...decoded.pcm], [1, 2, 3]);
});

test('refuses a frame shorter than its header and a stream id out of range', () => {
  assert.throws(() => decodeAudioFrame(new Uint8Array(3)), RangeError);
  assert.throws(() => encodeAudioFrame(-1, new Int16Array(0)), RangeError);
  assert.throws(() => encodeAudioFrame(2 ** 32, new Int16Array(0)), RangeError);
});

test('PCM16 samples and bytes convert both ways, little-endian', () => {
  const samples = Int16Array.from([0x1234, -2]);
  const bytes = pcm16Bytes(samples);
  assert.deepEqual([...bytes], [0x34, 0x12, 0xfe, 0xff]);
  assert.deepEqual([...pcm16Samples(bytes)], [0x1234, -2]);
});
