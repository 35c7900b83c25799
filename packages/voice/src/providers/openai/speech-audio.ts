import { WavStreamParser } from '../../audio/wav.ts';
import { VoiceError } from '../../errors.ts';
import { TTS_SAMPLE_RATE } from '../tts/tts.ts';
import type { NativeAudio } from '../tts/tts.ts';

// Formats a server may send when it ignores `response_format: pcm`; played as PCM they would
// be loud noise, so they are refused.
const COMPRESSED_TYPES =
  /^(application\/json|text\/|audio\/(mpeg|mp3|ogg|opus|aac|flac|webm|mp4))/i;
const COMPRESSED_MAGIC: [magic: string, name: string][] = [
  ['ID3', 'MP3'],
  ['OggS', 'Ogg'],
  ['fLaC', 'FLAC'],
];
// Data sizes at or above this are streaming writers' placeholders (0x7fffffff, 0xffffffff).
const PLACEHOLDER_SIZE = 0x7fff0000;

/** Throws `tts_unavailable` when a response's content type is not PCM or WAV. */
export function assertSpeechContentType(contentType: string | null): void {
  if (contentType && COMPRESSED_TYPES.test(contentType.trim())) {
    throw new VoiceError(
      'tts_unavailable',
      `speech synthesis server sent ${contentType.split(';')[0]}, not PCM or WAV audio`,
    );
  }
}

/**
 * Decodes an `/audio/speech` body as it streams: raw PCM16LE 24 kHz mono (OpenAI's `pcm`), or
 * a WAV (servers that ignore `pcm`), told apart by a RIFF header. Yields whole mono samples at
 * the body's own rate; WAV with several channels is mixed down.
 */
export class SpeechAudioDecoder {
  private head: Buffer | undefined = Buffer.alloc(0);
  private wav: WavStreamParser | undefined;
  private carry: Buffer = Buffer.alloc(0);
  private remaining = Infinity;
  private bytesIn = 0;

  /** True once the body turned out to be a WAV file. */
  get isWav(): boolean {
    return this.wav !== undefined;
  }

  /** Feeds body bytes; returns the audio they complete, if any. */
  push(chunk: Buffer): NativeAudio | undefined {
    this.bytesIn += chunk.length;
    if (this.head === undefined) return this.decode(chunk);
    this.head = this.head.length === 0 ? chunk : Buffer.concat([this.head, chunk]);
    if (this.head.length < 4) return undefined;
    return this.start();
  }

  /** The body ended: returns audio still held back; throws if the body was a broken WAV. */
  end(): NativeAudio | undefined {
    const audio = this.head !== undefined && this.head.length > 0 ? this.start() : undefined;
    if (this.wav && !this.wav.format && this.bytesIn > 0) {
      throw new VoiceError('tts_unavailable', 'speech synthesis server sent an incomplete WAV');
    }
    // A dangling byte (half a sample) cannot be played; it is dropped.
    return audio;
  }

  private start(): NativeAudio | undefined {
    const head = this.head ?? Buffer.alloc(0);
    this.head = undefined;
    const magic = head.toString('latin1', 0, 4);
    for (const [m, name] of COMPRESSED_MAGIC) {
      if (magic.startsWith(m))
        throw new VoiceError('tts_unavailable', `speech synthesis server sent ${name}, not PCM`);
    }
    if (magic === 'RIFF') this.wav = new WavStreamParser();
    return this.decode(head);
  }

  private decode(bytes: Buffer): NativeAudio | undefined {
    let pcm = bytes;
    let sampleRate = TTS_SAMPLE_RATE;
    let channels = 1;
    if (this.wav) {
      const hadFormat = this.wav.format !== undefined;
      try {
        pcm = this.wav.push(bytes);
      } catch (err) {
        throw new VoiceError(
          'tts_unavailable',
          `speech synthesis server sent a bad WAV: ${(err as Error).message}`,
          { cause: err },
        );
      }
      const format = this.wav.format;
      if (!format) return undefined;
      if (!hadFormat) {
        const declared = this.wav.declaredDataBytes;
        if (declared > 0 && declared < PLACEHOLDER_SIZE) this.remaining = declared;
      }
      sampleRate = format.sampleRate;
      channels = format.channels;
    }
    if (this.remaining !== Infinity) {
      // Chunks after a WAV's data (LIST, id3) are not audio.
      pcm = pcm.subarray(0, this.remaining);
      this.remaining -= pcm.length;
    }
    const frame = 2 * channels;
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, pcm]) : pcm;
    const whole = data.length - (data.length % frame);
    this.carry = Buffer.from(data.subarray(whole));
    if (whole === 0) return undefined;
    const frames = data.subarray(0, whole);
    return { sampleRate, pcm: channels === 1 ? frames : downmix(frames, channels) };
  }
}

function downmix(pcm: Buffer, channels: number): Buffer {
  const n = pcm.length / (2 * channels);
  const out = Buffer.allocUnsafe(n * 2);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += pcm.readInt16LE((f * channels + c) * 2);
    out.writeInt16LE(Math.round(sum / channels), f * 2);
  }
  return out;
}
