/** Bytes of the canonical header {@link wavHeader} writes. */
export const WAV_HEADER_BYTES = 44;

/** The canonical 44-byte header of a PCM16LE WAV file holding `dataBytes` of samples. */
export function wavHeader(dataBytes: number, sampleRate = 16000, channels = 1): Buffer {
  const blockAlign = channels * 2;
  if (!Number.isInteger(dataBytes) || dataBytes < 0 || dataBytes % blockAlign !== 0) {
    throw new RangeError(
      `WAV data must be whole ${blockAlign}-byte frames, got ${dataBytes} bytes`,
    );
  }
  if (dataBytes > 0xffffffff - 36) throw new RangeError('WAV data larger than 4 GiB');
  const h = Buffer.alloc(WAV_HEADER_BYTES);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16); // fmt chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * blockAlign, 28); // byte rate
  h.writeUInt16LE(blockAlign, 32);
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** PCM16LE samples as a WAV file. */
export function encodeWav(pcm: Buffer, sampleRate = 16000, channels = 1): Buffer {
  return Buffer.concat([wavHeader(pcm.length, sampleRate, channels), pcm]);
}
