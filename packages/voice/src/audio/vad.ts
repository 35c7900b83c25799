import type { SilencePolicy, VADSegmentEvent, VADSegmenterOptions } from './vad-segmenter.ts';

export { SileroVAD, SILERO_DEFAULTS, defaultSileroModelPath } from './silero-vad.ts';
export type { SileroVADOptions } from './silero-vad.ts';
export { SileroStream } from './silero-stream.ts';
export type { SileroListener } from './silero-stream.ts';
export { VAD_FRAME_MS, VAD_FRAME_SAMPLES, VAD_SAMPLE_RATE } from './silero-inference.ts';
export { VADStream } from './vad-stream.ts';
export { VADSegmenter, DEFAULT_SEGMENTER_OPTIONS } from './vad-segmenter.ts';
export type { SilencePolicy, VADSegmentEvent, VADSegmenterOptions } from './vad-segmenter.ts';

/**
 * What a {@link VoiceActivityStream} yields: speech boundaries; `vad_overloaded` when windows
 * were skipped because the model fell behind (the stream goes on); or `vad_unavailable` when
 * the model failed (the stream ends).
 */
export type VADEvent =
  | VADSegmentEvent
  | { type: 'error'; code: 'vad_overloaded'; message: string; recoverable: true }
  | { type: 'error'; code: 'vad_unavailable'; message: string; recoverable: false };

/** Options of a VAD stream: the segmenter's tuning (frame size is fixed by the model). */
export type VADStreamOptions = Omit<VADSegmenterOptions, 'frameMs'> & {
  /** Called with every frame's speech probability (0 for a quiet window not analysed), for diagnostics. */
  onProbability?: (probability: number, frameStartMs: number) => void;
  /**
   * Windows as quiet as the room, while neither speech nor a start is in progress, are not
   * analysed (default false). The model's recurrent state then misses them, which moves some
   * boundaries by a window or two, so it is off unless cost matters more than that.
   */
  skipQuiet?: boolean;
};

/**
 * Voice activity for one session: push PCM16LE 16 kHz mono of any length, read speech
 * start/stop events with `for await`.
 */
export interface VoiceActivityStream extends AsyncIterable<VADEvent> {
  /** True while speech is in progress. */
  readonly inSpeech: boolean;
  /** Audio time analysed (or skipped) so far. */
  readonly processedMs: number;
  pushAudio(pcm16k: Buffer): void;
  /** Changes the turn-detection tuning mid-stream. */
  update(options: Omit<VADSegmenterOptions, 'frameMs'>): void;
  /** Lets a semantic turn detector decide the silence that ends speech (null: `silenceMs`). */
  setSilencePolicy?(policy: SilencePolicy | null): void;
  /**
   * The assistant's audio (PCM16LE 24 kHz mono) was sent to the client now, to be played; a VAD
   * that hears levels keeps its echo in the input from counting as the user's speech.
   */
  playback?(pcm24k: Buffer): void;
  /** The assistant's reply was cut off: what was sent ahead will not be played. */
  playbackStopped?(): void;
  /** Stops at once; the iteration ends. */
  close(): void;
}

/** A voice activity detector serving the sessions of an instance, one stream each. */
export interface VAD {
  /** Name for health output, e.g. `silero-v5`. */
  readonly provider: string;
  stream(options?: VADStreamOptions): VoiceActivityStream;
}
