import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import wavefile from 'wavefile';
import { CliError, EXIT } from '../errors.ts';

const run = promisify(execFile);

/** The format the voice service takes: PCM16 little-endian, mono, 16 kHz. */
export const INPUT_RATE = 16_000;

interface Fmt {
  audioFormat: number;
  numChannels: number;
  sampleRate: number;
  bitsPerSample: number;
}

/** WAVE_FORMAT_PCM; WAVE_FORMAT_EXTENSIBLE carries PCM too, but is left to SoX to read. */
const PCM = 1;

/**
 * Reads a WAV file as 16 kHz mono PCM16 samples. A file in that format is read as it is;
 * any other (another rate, stereo, 8/24/32-bit, float) is converted by SoX.
 */
export async function readWavForVoice(path: string): Promise<Int16Array> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw new CliError('bad_wav', `cannot read ${path}: ${(err as Error).message}`, EXIT.usage);
  }
  let wav: InstanceType<typeof wavefile.WaveFile>;
  try {
    wav = new wavefile.WaveFile(bytes);
  } catch (err) {
    throw new CliError(
      'bad_wav',
      `${path} is not a WAV file (${(err as Error).message})`,
      EXIT.usage,
    );
  }
  const fmt = wav.fmt as Fmt;
  const samples =
    fmt.audioFormat === PCM &&
    fmt.numChannels === 1 &&
    fmt.sampleRate === INPUT_RATE &&
    fmt.bitsPerSample === 16
      ? (wav.getSamples(false, Int16Array) as unknown as Int16Array)
      : await convertWithSox(path);
  if (samples.length === 0) throw new CliError('bad_wav', `${path} holds no audio`, EXIT.usage);
  return samples;
}

/** SoX resamples with a proper low-pass filter and downmixes; the voice service does the same. */
async function convertWithSox(path: string): Promise<Int16Array> {
  const args = [path, '-r', String(INPUT_RATE), '-c', '1', '-b', '16', '-e', 'signed-integer'];
  let stdout: Buffer;
  try {
    ({ stdout } = await run('sox', [...args, '-t', 'raw', '-L', '-'], {
      encoding: 'buffer',
      maxBuffer: 512 * 1024 * 1024,
    }));
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
    if (e.code === 'ENOENT') {
      throw new CliError(
        'sox_missing',
        `${path} is not 16 kHz mono PCM16 and SoX, which converts it, is not installed`,
        EXIT.usage,
      );
    }
    throw new CliError(
      'bad_wav',
      `SoX cannot convert ${path}: ${e.stderr?.toString().trim() || e.message}`,
      EXIT.usage,
    );
  }
  const out = new Int16Array(stdout.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = stdout.readInt16LE(i * 2);
  return out;
}

/** Writes mono PCM16 samples as a WAV file. */
export async function writeWav(
  path: string,
  samples: Int16Array,
  sampleRate: number,
): Promise<void> {
  const wav = new wavefile.WaveFile();
  wav.fromScratch(1, sampleRate, '16', samples);
  try {
    await writeFile(path, wav.toBuffer());
  } catch (err) {
    throw new CliError(
      'write_failed',
      `cannot write ${path}: ${(err as Error).message}`,
      EXIT.usage,
    );
  }
}
