import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TailBuffer } from './tail-buffer.ts';

test('keeps everything under the limit', () => {
  const tail = new TailBuffer(10);
  tail.push(Buffer.from('abc'));
  tail.push(Buffer.from('defghij'));
  assert.equal(tail.text(), 'abcdefghij');
  assert.equal(tail.truncated, false);
});

test('keeps the last bytes across chunks', () => {
  const tail = new TailBuffer(5);
  for (const part of ['abc', 'def', 'gh']) tail.push(Buffer.from(part));
  assert.equal(tail.text(), 'defgh');
  assert.equal(tail.truncated, true);
});

test('keeps the tail of one chunk larger than the limit', () => {
  const tail = new TailBuffer(4);
  tail.push(Buffer.from('x'));
  tail.push(Buffer.from('0123456789'));
  assert.equal(tail.text(), '6789');
  assert.equal(tail.truncated, true);
});

test('a chunk of exactly the limit on an empty buffer drops nothing', () => {
  const tail = new TailBuffer(4);
  tail.push(Buffer.from('abcd'));
  assert.equal(tail.truncated, false);
  assert.equal(tail.text(), 'abcd');
});

test('starts at a character boundary when the cut splits a multi-byte character', () => {
  const tail = new TailBuffer(5);
  tail.push(Buffer.from('aé€b')); // 1 + 2 + 3 + 1 bytes; the last 5 start inside 'é'
  assert.equal(tail.text(), '€b');
  assert.equal(tail.truncated, true);
});
