/** What barge-in needs to know of the voice activity stream. */
export interface SpeechProgress {
  readonly inSpeech: boolean;
  /** Audio time analysed so far. */
  readonly processedMs: number;
}

/**
 * Speech heard while the assistant speaks is only a candidate: it becomes a barge-in once it
 * has lasted `minMs`, and is forgotten if it stops sooner (a cough, a click, an echo).
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
