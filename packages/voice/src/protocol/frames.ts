/** Bytes of the stream-id header on server-to-client audio frames. */
export const STREAM_ID_HEADER_BYTES = 4;

/** Builds a server audio frame: 4-byte little-endian unsigned stream id, then PCM16LE 24 kHz. */
export function encodeAudioFrame(streamId: number, pcm: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(STREAM_ID_HEADER_BYTES + pcm.length);
  frame.writeUInt32LE(streamId >>> 0, 0);
  pcm.copy(frame, STREAM_ID_HEADER_BYTES);
  return frame;
}

/** Splits a server audio frame into its stream id and PCM payload. */
export function decodeAudioFrame(frame: Buffer): { streamId: number; pcm: Buffer } {
  if (frame.length < STREAM_ID_HEADER_BYTES) throw new Error('audio frame shorter than its header');
  return { streamId: frame.readUInt32LE(0), pcm: frame.subarray(STREAM_ID_HEADER_BYTES) };
}
