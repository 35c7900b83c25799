import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { float32ToPcm16, pcm16ToFloat32 } from '../../src/audio/pcm.ts';
import { Resampler } from '../../src/audio/resample.ts';
import { fliteSpeech16k } from './audio.ts';
import type { VoiceClient } from './service.ts';

const RAW16K = ['-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer'];

/** Runs SoX with a raw 16 kHz PCM16LE result on stdout; `{in}`/`{out}` name temporary files. */
function sox(args: string[], inputs: Buffer[] = []): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'voice-room-'));
  try {
    const names = inputs.map((pcm, i) => {
      const name = join(dir, `in${i}.raw`);
      writeFileSync(name, pcm);
      return name;
    });
    const expanded = args.flatMap((a) =>
      a.startsWith('{in') ? ['-t', 'raw', ...RAW16K, names[Number(a.slice(3, -1))] as string] : [a],
    );
    return execFileSync('sox', ['-V1', ...expanded], { maxBuffer: 64 * 1024 * 1024 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Steady noise from SoX (`pinknoise`, `brownnoise`, `whitenoise`) at `vol` (0..1). */
export function soxNoise16k(kind: string, ms: number, vol: number): Buffer {
  return sox([
    '-n',
    ...RAW16K,
    '-t',
    'raw',
    '-',
    'synth',
    String(ms / 1000),
    kind,
    'vol',
    `${vol}`,
  ]);
}

/** A fan or mains hum: a fundamental and its harmonics. */
export function hum16k(fundamentalHz: number, ms: number, vol: number): Buffer {
  const tones = [1, 2, 3, 4, 5].flatMap((k) => ['sine', String(fundamentalHz * k)]);
  return sox([
    '-n',
    ...RAW16K,
    '-t',
    'raw',
    '-',
    'synth',
    String(ms / 1000),
    ...tones,
    'remix',
    '-',
    'vol',
    `${vol}`,
  ]);
}

/** Typing: 10 ms decaying clicks every 90–260 ms (reproducible from `seed`). */
export function keyboard16k(ms: number, seed = 3): Buffer {
  const out = new Float32Array((16 * ms) | 0);
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  for (let t = 1600; t < out.length - 200; t += Math.round((0.09 + 0.17 * rand()) * 16000)) {
    const amp = 0.2 + 0.3 * rand();
    for (let k = 0; k < 160; k++) out[t + k] = amp * (2 * rand() - 1) * Math.exp(-k / 40);
  }
  return float32ToPcm16(out);
}

/** Speech from Flite (`voice`) or eSpeak NG (`espeak:<voice>`) as raw 16 kHz PCM. */
export function voice16k(voice: string, text: string): Buffer {
  if (!voice.startsWith('espeak:')) return fliteSpeech16k(text, voice);
  const dir = mkdtempSync(join(tmpdir(), 'voice-room-'));
  try {
    const wav = join(dir, 'speech.wav');
    execFileSync('espeak-ng', ['-v', voice.slice(7), '-w', wav, text]);
    return execFileSync('sox', [wav, ...RAW16K, '-t', 'raw', '-'], { maxBuffer: 64 << 20 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Far-away babble: Flite and eSpeak NG voices (English and Arabic) talking at once, each looped
 * from its own offset so that the murmur never stops, low-passed and reverberated as across a
 * room, `downDb` below full scale speech.
 */
export function babble16k(ms: number, downDb = 25): Buffer {
  const voices: [string, string][] = [
    ['slt', 'the quarterly numbers look fine but we should talk about the budget for next year'],
    ['awb', 'I will take the train in the morning and call you when I arrive at the station'],
    ['rms', 'could you pass me the salt and the pepper please and maybe some bread as well'],
    ['kal', 'the meeting was moved to thursday afternoon because of the holiday'],
    ['espeak:en-us', 'we sold more coffee this week than in the whole of last month'],
    ['espeak:ar', 'مرحبا كيف حالك اليوم هل تريد أن نذهب إلى السوق بعد الظهر'],
  ];
  const n = 16 * ms;
  const mix = new Float32Array(n);
  voices.forEach(([voice, text], v) => {
    const speech = pcm16ToFloat32(voice16k(voice, text));
    const offset = Math.round(speech.length * ((v * 0.37) % 1));
    for (let i = 0; i < n; i++)
      mix[i] = (mix[i] as number) + (speech[(i + offset) % speech.length] as number);
  });
  let peak = 0;
  for (const x of mix) peak = Math.max(peak, Math.abs(x));
  for (let i = 0; i < n; i++) mix[i] = ((mix[i] as number) / peak) * 0.7;
  return sox(
    [
      '{in0}',
      '-t',
      'raw',
      '-',
      'lowpass',
      '2000',
      'reverb',
      '70',
      '50',
      '100',
      'remix',
      '1',
      'norm',
      '-3',
      'vol',
      `-${downDb}dB`,
      'trim',
      '0',
      String(ms / 1000),
    ],
    [float32ToPcm16(mix)],
  );
}

/** Adds `b` × 10^(gainDb/20) into `a` (as long as `a`). */
export function mixInto(a: Buffer, b: Buffer, gainDb = 0, atMs = 0): Buffer {
  const out = Buffer.from(a);
  const gain = 10 ** (gainDb / 20);
  const from = 16 * atMs;
  for (let i = 0; i < b.length >> 1 && (from + i) * 2 < out.length; i++) {
    const x = out.readInt16LE((from + i) * 2) + gain * b.readInt16LE(i * 2);
    out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(x))), (from + i) * 2);
  }
  return out;
}

/**
 * A device without an echo canceller: a loudspeaker that plays the assistant's audio as it
 * arrives (back to back, at real time) and a microphone that hears it `echoDb` down, plus the
 * room and whatever the user says. `run()` streams the microphone in 20 ms frames at real time.
 */
export class EchoingDevice {
  private speaker: Float32Array[] = [];
  private speakerAt = 0;
  private readonly resampler = new Resampler(24000, 16000);
  private heard = 0;

  constructor(
    private readonly client: VoiceClient,
    private readonly echoDb = -20,
  ) {
    client.ws.on('message', (data, isBinary) => {
      if (!isBinary) return;
      const buf = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      const pcm = this.resampler.push(buf.subarray(4));
      this.speaker.push(pcm16ToFloat32(pcm));
      this.heard += pcm.length / 32;
    });
  }

  /** Milliseconds of the assistant's audio the loudspeaker has been given so far. */
  get assistantMs(): number {
    return this.heard;
  }

  /** Streams `room` (with the user's speech mixed in by the caller) plus the echo, at real time. */
  async run(room: Buffer, stop: () => boolean = () => false): Promise<void> {
    const frame = 320;
    const gain = 10 ** (this.echoDb / 20);
    const start = performance.now();
    const mic = pcm16ToFloat32(room);
    for (let n = 0; n * frame < mic.length; n++) {
      if (stop() || this.client.ws.readyState !== this.client.ws.OPEN) return;
      const out = mic.slice(n * frame, (n + 1) * frame);
      for (let k = 0; k < out.length; k++)
        out[k] = (out[k] as number) + gain * this.nextSpeakerSample();
      this.client.sendAudio(float32ToPcm16(out));
      const wait = start + (n + 1) * 20 - performance.now();
      if (wait > 0) await sleep(wait);
    }
  }

  private nextSpeakerSample(): number {
    const head = this.speaker[0];
    if (!head) return 0;
    const x = head[this.speakerAt++] as number;
    if (this.speakerAt >= head.length) {
      this.speaker.shift();
      this.speakerAt = 0;
    }
    return x;
  }
}
