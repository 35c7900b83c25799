import {
  ResultReason,
  SpeechSynthesisBoundaryType,
  SpeechSynthesisOutputFormat,
  SpeechSynthesizer,
} from 'microsoft-cognitiveservices-speech-sdk';
import type {
  SpeechConfig,
  SpeechSynthesisEventArgs,
  SpeechSynthesisResult,
  SpeechSynthesisWordBoundaryEventArgs,
} from 'microsoft-cognitiveservices-speech-sdk';
import { Pcm16Aligner, pcm16BytesForMs } from '../../audio/pcm.ts';
import { VoiceError, toVoiceError } from '../../errors.ts';
import { AsyncQueue } from '../../util/async-queue.ts';
import { TTS_SAMPLE_RATE } from '../tts/tts.ts';
import type { SynthesizeOptions, TTS } from '../tts/tts.ts';
import type { SdkHandler } from './azure-stt.ts';
import { createSpeechConfig, resolveSpeechConnection } from './speech-config.ts';
import type { AzureSpeechConnectionOptions, SpeechConnection } from './speech-config.ts';
import { buildSsml, planSpeech } from './ssml.ts';
import type { SpeechPlan, VoiceTable } from './ssml.ts';

/** The part of the SDK's `SpeechSynthesizer` this adapter uses (the seam for test doubles). */
export interface SpeechSynthesizerLike {
  synthesizing?: SdkHandler<SpeechSynthesisEventArgs>;
  wordBoundary?: SdkHandler<SpeechSynthesisWordBoundaryEventArgs>;
  authorizationToken: string;
  speakSsmlAsync(
    ssml: string,
    cb?: (result: SpeechSynthesisResult) => void,
    err?: (e: string) => void,
  ): void;
  close(cb?: () => void, err?: (e: string) => void): void;
}

/** Builds a synthesizer; the default is the SDK's own, with no audio output device. */
export type SynthesizerFactory = (speechConfig: SpeechConfig) => SpeechSynthesizerLike;

/** The real SDK synthesizer; audio only reaches us through `synthesizing` events. */
export const createSdkSynthesizer: SynthesizerFactory = (speechConfig) =>
  new SpeechSynthesizer(speechConfig, null);

/** A word (or punctuation) the voice reaches, for computing how much of a text was heard. */
export interface WordBoundary {
  /** The word as the service reports it. */
  text: string;
  /** Offset of the word in the text given to `synthesize`, in UTF-16 code units. */
  textOffset: number;
  wordLength: number;
  /** Where the word starts in this synthesis's audio. */
  audioOffsetMs: number;
  durationMs: number;
  boundaryType: 'word' | 'punctuation' | 'sentence';
}

/**
 * `SynthesizeOptions` whose word-boundary callback receives Azure's full boundary (the
 * `TTS` contract's fields plus the word, its duration and kind).
 */
export type AzureSynthesizeOptions = Omit<SynthesizeOptions, 'onWordBoundary'> & {
  /** Called for each word as its audio position becomes known (often before the audio arrives). */
  onWordBoundary?: (e: WordBoundary) => void;
};

/** Options of {@link AzureSpeechTTS}. */
export interface AzureSpeechTTSOptions extends AzureSpeechConnectionOptions, VoiceTable {
  /** Largest chunk yielded, in ms of audio (chunks are yielded as they arrive, never held back). */
  chunkMs?: number;
  /** Longest silence from the service (before the first audio or between chunks) before `tts_unavailable`. */
  timeoutMs?: number;
  /** Idle synthesizers (open connections) kept for the next sentence. */
  maxIdleSynthesizers?: number;
  /** How long an idle synthesizer is kept. */
  idleTimeoutMs?: number;
  /** Builds synthesizers (tests inject doubles); default: the SDK's `SpeechSynthesizer`. */
  createSynthesizer?: SynthesizerFactory;
}

// SDK audio offsets and durations are in 100-ns ticks.
const TICKS_PER_MS = 10_000;
const BOUNDARY_TYPES: Record<string, WordBoundary['boundaryType']> = {
  [SpeechSynthesisBoundaryType.Word]: 'word',
  [SpeechSynthesisBoundaryType.Punctuation]: 'punctuation',
  [SpeechSynthesisBoundaryType.Sentence]: 'sentence',
};

/**
 * Speech synthesis with the Azure Speech SDK: SSML in, raw 24 kHz 16-bit mono PCM out, streamed
 * as the service produces it (`synthesizing` events). The voice comes from {@link planSpeech}.
 * Synthesizers keep their connection and are reused for the next sentence; one that was
 * aborted or failed is closed instead.
 */
export class AzureSpeechTTS implements TTS {
  readonly provider = 'azure';
  private readonly connection: SpeechConnection;
  private readonly pool: SynthesizerPool;
  private readonly table: VoiceTable;
  private readonly chunkBytes: number;
  private readonly timeoutMs: number;

  constructor(options: AzureSpeechTTSOptions) {
    this.connection = resolveSpeechConnection(options);
    this.table = {
      ...(options.voices ? { voices: options.voices } : {}),
      ...(options.multilingualVoice ? { multilingualVoice: options.multilingualVoice } : {}),
    };
    this.chunkBytes = pcm16BytesForMs(options.chunkMs ?? 100, TTS_SAMPLE_RATE);
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.pool = new SynthesizerPool(
      this.connection,
      options.createSynthesizer ?? createSdkSynthesizer,
      options.maxIdleSynthesizers ?? 8,
      options.idleTimeoutMs ?? 60_000,
    );
  }

  /** The voice, locale and SSML a text would be spoken with. */
  plan(text: string, options: SynthesizeOptions = {}): SpeechPlan & { ssml: string } {
    const plan = planSpeech(text, options, this.table);
    return { ...plan, ssml: buildSsml(plan) };
  }

  async *synthesize(text: string, options: AzureSynthesizeOptions = {}): AsyncIterable<Buffer> {
    const outer = options.signal;
    if (outer?.aborted || text.trim() === '') return;
    const { voice, language, languages } = options;
    const { ssml } = this.plan(text, { voice, language, languages });
    let token: string;
    try {
      token = await this.connection.tokens.getToken({
        errorCode: 'tts_unavailable',
        signal: outer,
      });
    } catch (err) {
      if (outer?.aborted) return;
      throw err;
    }
    if (outer?.aborted) return;
    // A pooled synthesizer whose connection went stale fails before any audio: once, the
    // sentence is tried again on a new one.
    for (let attempt = 1; ; attempt++) {
      let lease: { synth: SpeechSynthesizerLike; reused: boolean };
      try {
        lease = this.pool.acquire(token);
      } catch (err) {
        throw toVoiceError(err, 'tts_unavailable');
      }
      let yielded = false;
      try {
        for await (const chunk of this.run(lease.synth, text, ssml, options)) {
          yielded = true;
          yield chunk;
        }
        return;
      } catch (err) {
        if (lease.reused && !yielded && attempt === 1 && !outer?.aborted) continue;
        throw err;
      }
    }
  }

  // One synthesis on one synthesizer; the synthesizer goes back to the pool only if it finished.
  private async *run(
    synth: SpeechSynthesizerLike,
    text: string,
    ssml: string,
    options: AzureSynthesizeOptions,
  ): AsyncIterable<Buffer> {
    const outer = options.signal;
    const run = new SynthesisRun(
      synth,
      text,
      this.chunkBytes,
      this.timeoutMs,
      options.onWordBoundary,
    );
    const onAbort = () => run.stop();
    outer?.addEventListener('abort', onAbort, { once: true });
    let reusable = false;
    try {
      run.start(ssml);
      for await (const chunk of run.chunks) {
        if (outer?.aborted) return;
        yield chunk;
        if (outer?.aborted) return;
      }
      reusable = run.completed;
    } finally {
      outer?.removeEventListener('abort', onAbort);
      run.stop();
      if (reusable) this.pool.release(synth);
      else this.pool.destroy(synth);
    }
  }

  /** Closes idle synthesizers (and the token provider the adapter built). */
  async close(): Promise<void> {
    this.pool.close();
    this.connection.ownsTokens?.close();
  }
}

/** One synthesis on one synthesizer: its audio as a queue of chunks. */
class SynthesisRun {
  readonly chunks = new AsyncQueue<Buffer>();
  completed = false;
  private readonly aligner = new Pcm16Aligner();
  private timer: NodeJS.Timeout | undefined;
  private cursor = 0;
  private done = false;

  constructor(
    private readonly synth: SpeechSynthesizerLike,
    private readonly text: string,
    private readonly chunkBytes: number,
    private readonly timeoutMs: number,
    private readonly onWordBoundary: ((e: WordBoundary) => void) | undefined,
  ) {}

  start(ssml: string): void {
    const synth = this.synth;
    synth.synthesizing = (_s, e) => this.onAudio(e.result.audioData);
    // Set per request: the SDK asks the service for boundaries only when a handler is set.
    synth.wordBoundary = this.onWordBoundary ? (_s, e) => this.onBoundary(e) : undefined;
    this.arm();
    try {
      synth.speakSsmlAsync(
        ssml,
        (result) => {
          if (result.reason === ResultReason.Canceled) {
            this.fail(`synthesis cancelled: ${result.errorDetails || 'no details'}`);
          } else {
            this.completed = !this.done;
            this.finish();
          }
        },
        (e) => this.fail(e),
      );
    } catch (err) {
      this.fail(err instanceof Error ? err.message : String(err));
    }
  }

  /** Ends the chunk stream now (abort, or the reader left). */
  stop(): void {
    this.finish();
  }

  private onAudio(data: ArrayBuffer): void {
    if (this.done || data.byteLength === 0) return;
    this.arm();
    const pcm = this.aligner.push(Buffer.from(data));
    for (let i = 0; i < pcm.length; i += this.chunkBytes) {
      this.chunks.push(pcm.subarray(i, i + this.chunkBytes));
    }
  }

  private onBoundary(e: SpeechSynthesisWordBoundaryEventArgs): void {
    if (this.done || !this.onWordBoundary) return;
    // The SDK's textOffset indexes the SSML (escaped, with markup); find the word in our text.
    const at = e.text ? this.text.indexOf(e.text, this.cursor) : -1;
    if (at < 0) return;
    this.cursor = at + e.text.length;
    this.onWordBoundary({
      text: e.text,
      textOffset: at,
      wordLength: e.text.length,
      audioOffsetMs: e.audioOffset / TICKS_PER_MS,
      durationMs: e.duration / TICKS_PER_MS,
      boundaryType: BOUNDARY_TYPES[e.boundaryType] ?? 'word',
    });
  }

  // Inactivity timeout: the service must keep producing audio.
  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => this.fail(`no audio from the service for ${this.timeoutMs} ms`),
      this.timeoutMs,
    );
  }

  private fail(message: string): void {
    if (this.done) return;
    this.done = true;
    this.clear();
    this.chunks.fail(new VoiceError('tts_unavailable', `Azure Speech ${message}`));
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.clear();
    this.chunks.end();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.synth.synthesizing = undefined;
    this.synth.wordBoundary = undefined;
  }
}

interface PooledEntry {
  detachToken: () => void;
  idleTimer?: NodeJS.Timeout;
}

/** Synthesizers with open connections, reused so a sentence does not wait for a new one. */
class SynthesizerPool {
  private readonly idle: SpeechSynthesizerLike[] = [];
  private readonly entries = new Map<SpeechSynthesizerLike, PooledEntry>();
  private closed = false;

  constructor(
    private readonly connection: SpeechConnection,
    private readonly create: SynthesizerFactory,
    private readonly maxIdle: number,
    private readonly idleTimeoutMs: number,
  ) {}

  /** An idle synthesizer given `token`, or a new one. */
  acquire(token: string): { synth: SpeechSynthesizerLike; reused: boolean } {
    const synth = this.idle.pop();
    if (synth) {
      const entry = this.entries.get(synth);
      if (entry?.idleTimer) clearTimeout(entry.idleTimer);
      if (synth.authorizationToken !== token) synth.authorizationToken = token;
      return { synth, reused: true };
    }
    const config = createSpeechConfig(this.connection, token);
    config.speechSynthesisOutputFormat = SpeechSynthesisOutputFormat.Raw24Khz16BitMonoPcm;
    const created = this.create(config);
    this.entries.set(created, { detachToken: this.connection.tokens.attach(created) });
    return { synth: created, reused: false };
  }

  /** Keeps a synthesizer that finished cleanly, or closes it when enough are idle. */
  release(synth: SpeechSynthesizerLike): void {
    const entry = this.entries.get(synth);
    if (!entry || this.closed || this.idle.length >= this.maxIdle) {
      this.destroy(synth);
      return;
    }
    entry.idleTimer = setTimeout(() => {
      const i = this.idle.indexOf(synth);
      if (i >= 0) this.idle.splice(i, 1);
      this.destroy(synth);
    }, this.idleTimeoutMs);
    entry.idleTimer.unref();
    this.idle.push(synth);
  }

  /** Closes a synthesizer (stops a synthesis in progress). */
  destroy(synth: SpeechSynthesizerLike): void {
    const entry = this.entries.get(synth);
    this.entries.delete(synth);
    if (entry?.idleTimer) clearTimeout(entry.idleTimer);
    entry?.detachToken();
    synth.synthesizing = undefined;
    synth.wordBoundary = undefined;
    try {
      synth.close(undefined, () => {});
    } catch {
      // already closed
    }
  }

  close(): void {
    this.closed = true;
    for (const synth of this.idle.splice(0)) this.destroy(synth);
  }
}
