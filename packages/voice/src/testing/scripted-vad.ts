import { pcm16DurationMs } from '../audio/pcm.ts';
import type { VAD, VADEvent, VADStreamOptions, VoiceActivityStream } from '../audio/vad.ts';
import { DEFAULT_SEGMENTER_OPTIONS } from '../audio/vad-segmenter.ts';
import { AsyncQueue } from '../util/async-queue.ts';

/** A scripted stretch of speech, in milliseconds of audio time since the stream began. */
export interface ScriptedSpeech {
  startMs: number;
  endMs: number;
}

/**
 * A voice activity detector for tests: whatever the audio, each stream reports the scripted
 * speech as the audio clock passes it. A start is confirmed `minSpeechMs` after it begins
 * (then `inSpeech` is true); it stops once the audio has passed its end by the stream's
 * `silenceMs`, as Silero's segmenter would decide it.
 */
export class ScriptedVAD implements VAD {
  readonly provider = 'scripted';
  /** Every stream opened, in order. */
  readonly streams: ScriptedVADStream[] = [];

  constructor(
    private readonly script: readonly ScriptedSpeech[],
    private readonly minSpeechMs = DEFAULT_SEGMENTER_OPTIONS.minSpeechMs,
  ) {}

  stream(options: VADStreamOptions = {}): ScriptedVADStream {
    const stream = new ScriptedVADStream(
      this.script,
      this.minSpeechMs,
      options.silenceMs ?? DEFAULT_SEGMENTER_OPTIONS.silenceMs,
    );
    this.streams.push(stream);
    return stream;
  }
}

/** One session's stream of a {@link ScriptedVAD}. */
export class ScriptedVADStream implements VoiceActivityStream {
  private readonly events = new AsyncQueue<VADEvent>();
  private readonly pending: ScriptedSpeech[];
  private speaking: ScriptedSpeech | null = null;
  private timeMs = 0;
  private closed = false;

  constructor(
    script: readonly ScriptedSpeech[],
    private readonly minSpeechMs: number,
    private silenceMs: number,
  ) {
    this.pending = [...script].sort((a, b) => a.startMs - b.startMs);
  }

  get inSpeech(): boolean {
    return this.speaking !== null;
  }

  get processedMs(): number {
    return this.timeMs;
  }

  pushAudio(pcm16k: Buffer): void {
    if (this.closed) return;
    this.timeMs += pcm16DurationMs(pcm16k.length);
    for (;;) {
      const speech = this.speaking;
      if (speech && this.timeMs >= speech.endMs + this.silenceMs) {
        this.speaking = null;
        this.events.push({ type: 'speech_stopped', ...speech, atMs: this.timeMs });
        continue;
      }
      const next = this.pending[0];
      if (!speech && next && this.timeMs >= next.startMs + this.minSpeechMs) {
        this.pending.shift();
        this.speaking = next;
        this.events.push({ type: 'speech_started', startMs: next.startMs, atMs: this.timeMs });
        continue;
      }
      return;
    }
  }

  update(options: { silenceMs?: number }): void {
    if (options.silenceMs !== undefined) this.silenceMs = options.silenceMs;
  }

  close(): void {
    this.closed = true;
    this.events.end();
  }

  [Symbol.asyncIterator](): AsyncIterator<VADEvent> {
    return this.events[Symbol.asyncIterator]();
  }
}
