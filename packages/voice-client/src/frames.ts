/** Bytes of the stream-id header in front of each server audio frame. */
export const STREAM_ID_HEADER_BYTES = 4;

/** One server audio frame: the response's stream id and its PCM16 24 kHz mono samples. */
export interface AudioFrame {
  streamId: number;
  pcm: Int16Array;
}

const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function bytesOf(data: ArrayBuffer | ArrayBufferView): Uint8Array {
  return data instanceof ArrayBuffer
    ? new Uint8Array(data)
    : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * Splits a server audio frame (4-byte little-endian unsigned stream id, then PCM16LE) into its
 * stream id and samples. The samples are copied, so the frame's buffer may be reused; an odd
 * trailing byte is dropped.
 */
export function decodeAudioFrame(frame: ArrayBuffer | ArrayBufferView): AudioFrame {
  const bytes = bytesOf(frame);
  if (bytes.byteLength < STREAM_ID_HEADER_BYTES) {
    throw new RangeError(`audio frame of ${bytes.byteLength} bytes is shorter than its header`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const streamId = view.getUint32(0, true);
  const samples = Math.floor((bytes.byteLength - STREAM_ID_HEADER_BYTES) / 2);
  const pcm = new Int16Array(samples);
  for (let i = 0; i < samples; i++) pcm[i] = view.getInt16(STREAM_ID_HEADER_BYTES + i * 2, true);
  return { streamId, pcm };
}

/** Builds a server audio frame; the inverse of {@link decodeAudioFrame} (for fakes and tests). */
export function encodeAudioFrame(streamId: number, pcm: Int16Array): Uint8Array {
  if (!Number.isInteger(streamId) || streamId < 0 || streamId > 0xffffffff) {
    throw new RangeError(`stream id ${streamId} is not a 32-bit unsigned integer`);
  }
  const out = new Uint8Array(STREAM_ID_HEADER_BYTES + pcm.length * 2);
  const view = new DataView(out.buffer);
  view.setUint32(0, streamId, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(STREAM_ID_HEADER_BYTES + i * 2, pcm[i]!, true);
  return out;
}

/** Samples as PCM16LE bytes, as the service takes them in binary frames. */
export function pcm16Bytes(samples: Int16Array): Uint8Array {
  if (HOST_IS_LITTLE_ENDIAN) {
    return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  }
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  return out;
}

/** PCM16LE bytes as samples (copied; an odd trailing byte is dropped). */
export function pcm16Samples(bytes: ArrayBuffer | ArrayBufferView): Int16Array {
  const b = bytesOf(bytes);
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out = new Int16Array(Math.floor(b.byteLength / 2));
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}
