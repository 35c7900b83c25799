import type { EndOfTurnModel } from '../turn/end-of-turn.ts';
import type { Eagerness } from '../protocol/session-config.ts';

/**
 * The silence (ms) a semantic turn detector waits for, by eagerness: the shortest when the
 * transcript reads as finished, the longest when it reads as cut off. `auto` is `medium`.
 * The shortest medium wait (300 ms plus a tenth of the span) stays under server_vad's
 * 500 ms on complete requests; the longest outlasts a 900 ms pause in mid-sentence.
 */
export const SILENCE_BOUNDS_MS: Readonly<Record<Eagerness, { min: number; max: number }>> = {
  high: { min: 200, max: 1000 },
  medium: { min: 300, max: 1600 },
  auto: { min: 300, max: 1600 },
  low: { min: 500, max: 2500 },
};

/**
 * The least silence, by eagerness, while no new words were heard since the pause began: the
 * recogniser may not have decoded the last word yet ("what's the weather" before "in"), and
 * a decision on that stale transcript would end the turn early. Complete requests whose
 * words all arrived before the pause wait this long, as server_vad's 500 ms would.
 */
export const STALE_FLOOR_MS: Readonly<Record<Eagerness, number>> = {
  high: 350,
  medium: 500,
  auto: 500,
  low: 700,
};

/** One decision of the detector, for the client and the console. */
export interface SemanticDecision {
  probability: number;
  silenceMs: number;
  transcript: string;
}

/**
 * The semantic end of turn of one session: the latest words heard (partial transcripts as
 * they arrive) go through the end-of-turn model, and the silence that ends the turn moves
 * between the eagerness's bounds with the probability that the user has finished.
 * The probability is cached per transcript: the VAD asks at every silent frame.
 */
export class SemanticSilence {
  private transcript = '';
  private decided: SemanticDecision | null = null;
  /** Silence so far at the last ask; a smaller value means a new pause began. */
  private lastSilenceMs = 0;
  /** Whether the words changed since the current pause began. */
  private freshInPause = false;

  constructor(
    private readonly model: EndOfTurnModel,
    private eagerness: Eagerness,
    private readonly onDecision: (decision: SemanticDecision) => void = () => {},
  ) {}

  setEagerness(eagerness: Eagerness): void {
    if (eagerness === this.eagerness) return;
    this.eagerness = eagerness;
    this.decided = null;
  }

  /** The words heard so far in this utterance (a partial transcript). */
  heard(transcript: string): void {
    if (transcript === this.transcript) return;
    this.transcript = transcript;
    this.decided = null;
    this.freshInPause = true;
  }

  /** A new utterance starts: nothing is heard of it yet. */
  reset(): void {
    this.transcript = '';
    this.decided = null;
    this.lastSilenceMs = 0;
    this.freshInPause = false;
  }

  /** The silence that ends the turn now, given the silence so far (a {@link SilencePolicy}). */
  readonly silenceMs = (silenceSoFarMs = 0): number => {
    if (silenceSoFarMs > 0) {
      // A new pause: what was heard before it may lag the speech.
      if (this.lastSilenceMs === 0 || silenceSoFarMs <= this.lastSilenceMs)
        this.freshInPause = false;
      this.lastSilenceMs = silenceSoFarMs;
    }
    const decided = this.decision();
    return this.freshInPause
      ? decided.silenceMs
      : Math.max(decided.silenceMs, STALE_FLOOR_MS[this.eagerness]);
  };

  private decision(): SemanticDecision {
    if (!this.decided) {
      const { min, max } = SILENCE_BOUNDS_MS[this.eagerness];
      const probability = this.model.probabilityFinished(this.transcript);
      const silenceMs = Math.round(max - probability * (max - min));
      this.decided = { probability, silenceMs, transcript: this.transcript };
      this.onDecision(this.decided);
    }
    return this.decided;
  }
}
