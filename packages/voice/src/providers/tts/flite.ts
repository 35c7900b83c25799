import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWav } from '../../audio/wav.ts';
import { runProcess } from './process.ts';
import { SentenceTTS } from './tts.ts';
import type { EmbeddedEngineOptions, NativeAudio, SynthesizeOptions } from './tts.ts';

/** Voices built into Debian's `flite` (`flite -lv`); `kal` is 8 kHz, the others 16 kHz. */
export const FLITE_VOICES = ['slt', 'kal', 'kal16', 'awb', 'rms', 'awb_time'] as const;

/** Options of {@link FliteTTS}. */
export interface FliteTTSOptions extends EmbeddedEngineOptions {
  /** The `flite` executable. */
  command?: string;
  /** Voice when a synthesis names none. */
  defaultVoice?: string;
}

/**
 * English synthesis with Flite (Debian `flite`), resampled to 24 kHz. Flite cannot write a
 * WAV to a pipe (it opens the output path itself, and Node's stdio is a socket), so each
 * sentence goes through a temporary file; sentence splitting keeps the first chunk early.
 */
export class FliteTTS extends SentenceTTS {
  readonly provider = 'flite';
  private readonly command: string;
  private readonly defaultVoice: string;

  constructor(options: FliteTTSOptions = {}) {
    super(options);
    this.command = options.command ?? 'flite';
    this.defaultVoice = options.defaultVoice ?? 'slt';
  }

  protected async *render(
    sentence: string,
    options: SynthesizeOptions,
    signal: AbortSignal,
  ): AsyncIterable<NativeAudio> {
    const file = join(tmpdir(), `hikma-flite-${process.pid}-${randomUUID()}.wav`);
    const voice = options.voice ?? this.defaultVoice;
    try {
      for await (const _ of runProcess(
        this.command,
        ['-voice', voice, '-t', sentence, '-o', file],
        {
          signal,
          timeoutMs: this.timeoutMs,
        },
      )) {
        // flite prints nothing on stdout when writing to a file
      }
      if (signal.aborted) return;
      const { format, pcm } = parseWav(await readFile(file));
      yield { sampleRate: format.sampleRate, pcm };
    } finally {
      await rm(file, { force: true });
    }
  }
}
