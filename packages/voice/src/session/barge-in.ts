/** What barge-in needs to know of the voice activity stream, and what it tells it. */
export interface SpeechProgress {
  readonly inSpeech: boolean;
  /** Audio time analysed so far. */
  readonly processedMs: number;
  /** The assistant's audio (PCM16LE 24 kHz) went to the client: its echo is not the user. */
  playback?(pcm24k: Buffer): void;
  /** The reply was cut off: audio sent ahead of its playback will not play. */
  playbackStopped?(): void;
}

/**
 * Speech heard while the assistant speaks is only a candidate: it becomes a barge-in once it
 * has lasted `minMs`, and is forgotten if it stops sooner (a cough, a click).
 *
 * What counts as speech here is already guarded by the VAD: noise, hum and far-away babble do
 * not start speech, and neither does the assistant's own voice coming back through the
 * microphone, since the VAD is told what is played ({@link SpeechProgress.playback}) and a
 * start must be louder than that echo could be.
 */
export class BargeInDetector {
  private candidateStartMs: number | null = null;

  constructor(private readonly minMs: number) {}

  /** Speech started during the assistant's audio, at `startMs` of audio time. */
  heard(startMs: number): void {
    this.candidateStartMs = startMs;
  }

  /** Speech stopped: true when it was a candidate too short to interrupt. */
  dropShort(): boolean {
    const had = this.candidateStartMs !== null;
    this.candidateStartMs = null;
    return had;
  }

  /** Forgets the candidate (the assistant is no longer speaking). */
  reset(): void {
    this.candidateStartMs = null;
  }

  /** The start of the confirmed barge-in, or null while there is none (yet). */
  confirm(speech: SpeechProgress): number | null {
    const startMs = this.candidateStartMs;
    if (startMs === null || !speech.inSpeech || speech.processedMs < startMs + this.minMs)
      return null;
    this.candidateStartMs = null;
    return startMs;
  }

  get pending(): boolean {
    return this.candidateStartMs !== null;
  }
}
