import { InvalidAudioError } from '../errors.ts';

/** Format of a PCM WAV stream. */
export interface WavFormat {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

const MAX_HEADER_BYTES = 64 * 1024;

/**
 * Parses a WAV byte stream incrementally: the header first, then everything after the
 * `data` chunk header is PCM. The data size field is ignored because streaming writers
 * (espeak-ng --stdout) put a placeholder there.
 */
export class WavStreamParser {
  private head: Buffer = Buffer.alloc(0);
  private fmt: WavFormat | undefined;
  private inData = false;
  /** The size the data chunk header declares (a placeholder in streamed WAV). */
  declaredDataBytes = 0;

  /** The format once the header has been read. */
  get format(): WavFormat | undefined {
    return this.inData ? this.fmt : undefined;
  }

  /** Feeds bytes; returns the PCM bytes they contain (empty while the header is incomplete). */
  push(chunk: Buffer): Buffer {
    if (this.inData) return chunk;
    this.head = this.head.length === 0 ? chunk : Buffer.concat([this.head, chunk]);
    if (this.head.length < 12) return this.incomplete();
    if (
      this.head.toString('latin1', 0, 4) !== 'RIFF' ||
      this.head.toString('latin1', 8, 12) !== 'WAVE'
    ) {
      throw new InvalidAudioError('not a RIFF/WAVE stream');
    }
    let pos = 12;
    while (pos + 8 <= this.head.length) {
      const id = this.head.toString('latin1', pos, pos + 4);
      const size = this.head.readUInt32LE(pos + 4);
      if (id === 'data') {
        if (!this.fmt) throw new InvalidAudioError('WAV data chunk before fmt chunk');
        this.inData = true;
        this.declaredDataBytes = size;
        const rest = this.head.subarray(pos + 8);
        this.head = Buffer.alloc(0);
        return rest;
      }
      if (pos + 8 + size > this.head.length) return this.incomplete();
      if (id === 'fmt ') this.fmt = parseFmt(this.head.subarray(pos + 8, pos + 8 + size));
      pos += 8 + size + (size % 2);
    }
    return this.incomplete();
  }

  // Still no data chunk: keep waiting, unless the "header" is implausibly long.
  private incomplete(): Buffer {
    if (this.head.length > MAX_HEADER_BYTES) throw new InvalidAudioError('WAV header too large');
    return Buffer.alloc(0);
  }
}

function parseFmt(body: Buffer): WavFormat {
  if (body.length < 16) throw new InvalidAudioError('WAV fmt chunk too short');
  const audioFormat = body.readUInt16LE(0);
  const format = {
    channels: body.readUInt16LE(2),
    sampleRate: body.readUInt32LE(4),
    bitsPerSample: body.readUInt16LE(14),
  };
  // 0xfffe is WAVE_FORMAT_EXTENSIBLE, which some writers use for plain PCM too.
  if ((audioFormat !== 1 && audioFormat !== 0xfffe) || format.bitsPerSample !== 16) {
    throw new InvalidAudioError(
      `only 16-bit PCM WAV is supported (format ${audioFormat}, ${format.bitsPerSample} bits)`,
    );
  }
  if (format.channels < 1 || format.sampleRate < 1000)
    throw new InvalidAudioError('implausible WAV format');
  return format;
}

/** Parses a whole WAV file into its format and PCM bytes. */
export function parseWav(file: Buffer): { format: WavFormat; pcm: Buffer } {
  const parser = new WavStreamParser();
  const pcm = parser.push(file);
  if (!parser.format) throw new InvalidAudioError('incomplete WAV header');
  const size = parser.declaredDataBytes;
  return {
    format: parser.format,
    pcm: size > 0 && size < pcm.length ? pcm.subarray(0, size) : pcm,
  };
}
