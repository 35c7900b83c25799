import { NO_EVIDENCE_PROBABILITY, type EndOfTurnModel } from '../turn/end-of-turn.ts';
import type { Eagerness } from '../protocol/session-config.ts';
import type { STTHypothesis } from '../providers/stt/stt.ts';

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
 * How the wait falls with the probability that the user has finished:
 * `max − p^k × (max − min)`. With k above 1 it falls to the shortest only when the model is
 * sure (p 0.99 waits 339 ms at medium, 0.9 waits 652 ms, 0.5 waits 1438 ms), because cutting
 * a request costs the user more than an answer a few hundred ms later. Chosen on
 * bench/voice-turn-end/tuning.txt.
 */
export const WAIT_EXPONENT = 3;

/**
 * The least silence, by eagerness, until the words at the pause are known: the recogniser may
 * not have decoded the last word yet ("what's the weather" before "in"), and a decision on
 * that stale transcript would end the turn early. It holds while the recogniser's hypothesis
 * at the pause is awaited, and, with a recogniser that cannot give one, until new words arrive
 * in the pause.
 */
export const STALE_FLOOR_MS: Readonly<Record<Eagerness, number>> = {
  high: 350,
  medium: 500,
  auto: 500,
  low: 700,
};

/**
 * Audio after the VAD's first silent frame before the recogniser is asked for its hypothesis
 * at the pause, so that the last word is decoded.
 */
export const HYPOTHESIS_DELAY_MS = 100;

/**
 * A hypothesis at the pause whose last word the recogniser is less sure of than this (its
 * posterior probability, when the recogniser gives one) is not trusted to read as finished:
 * it counts as no evidence either way at most. Noise at the end of speech decoded into a word
 * ("my subscription to" → "my subscription ten") scores far below it; chosen on
 * bench/voice-turn-end/tuning.txt, never on the benchmark's requests.
 */
export const DISTRUST_BELOW = 0.3;

/**
 * A word the recogniser dates as starting less than this before the VAD's end of speech, or
 * after it, is noise of the pause decoded as a word ("read me the latest stories of" + "the
 * vote"): it is left out of the words the model reads. On the tuning set, words spoken before
 * the pause start 100 ms or more before it (the recogniser's clock trails the audio by its
 * look-ahead, so these times are relative).
 */
export const NOISE_ONSET_MS = 60;

/**
 * The recogniser's last word ending more than this before the VAD's end of speech means speech
 * it has not decoded as a word ("remind me to ring the dentist" with "on" still to come): the
 * text is then no evidence of a finished turn. On the tuning set, words that end a request end
 * between 110 ms before and 50 ms after that point; a dropped "of" left 218 ms.
 */
export const UNDECODED_TAIL_MS = 150;

/**
 * What a hypothesis at the pause says was spoken before it, and whether that text can be
 * trusted to read as finished. With word times, words begun in the pause are dropped, and an
 * unsure last word or undecoded speech after it is doubt; a recogniser that gives word times
 * but could not align any to a non-empty text is doubt too. Without, only the last word's
 * confidence counts.
 */
export function spokenBeforePause(
  hypothesis: Pick<STTHypothesis, 'text' | 'confidence' | 'words'>,
  silenceMs: number | undefined,
): { text: string; doubt: boolean } {
  const { text, confidence, words } = hypothesis;
  if (!words || silenceMs === undefined)
    return { text, doubt: confidence !== undefined && confidence < DISTRUST_BELOW };
  if (words.length === 0) return { text, doubt: text.trim() !== '' };
  const spoken = words.filter((w) => w.startAgoMs - silenceMs >= NOISE_ONSET_MS);
  const last = spoken.at(-1);
  return {
    text: spoken.length === words.length ? text : spoken.map((w) => w.text).join(' '),
    doubt:
      last !== undefined &&
      (last.confidence < DISTRUST_BELOW || last.endAgoMs - silenceMs > UNDECODED_TAIL_MS),
  };
}

/** One decision of the detector, for the client and the console. */
export interface SemanticDecision {
  /**
   * The probability that the transcript is a finished turn: the model's, or at most 0.5 when
   * the recogniser was unsure of its last word.
   */
  probability: number;
  /** The silence in force: the one that ends the turn if nothing changes. */
  silenceMs: number;
  transcript: string;
}

/** What the detector knows of the pause in progress. */
interface Pause {
  seq: number;
  /**
   * `asking`: the recogniser's hypothesis at the pause is awaited; `anchored`: it arrived; in
   * both, words decoded in the pause may lengthen the wait but not shorten it. `partials`: the
   * recogniser cannot decode on request, so partials decide as they arrive.
   */
  basis: 'asking' | 'anchored' | 'partials';
  /** New words were heard since the pause began. */
  fresh: boolean;
  /** The longest wait asked for by words decoded in this pause (asking or anchored). */
  heldMs: number;
}

/**
 * The semantic end of turn of one session: the words heard go through the end-of-turn model,
 * and the silence that ends the turn moves between the eagerness's bounds with the probability
 * that the user has finished.
 *
 * When a pause begins, `onPause` asks the recogniser for its hypothesis over the speech just
 * ended ({@link atPause}); that decides the wait. Nothing decoded after the speech stopped may
 * shorten the wait again, only lengthen it (a partial that came in the pause before the
 * hypothesis, or after it): a recogniser that goes on decoding a noisy pause turns the noise
 * into words, and half a request ("switch off every lamp in") then reads as a finished one
 * ("… every limb p"). When the recogniser says how sure it is of the last word,
 * an unsure one makes the text no evidence of a finished turn ({@link DISTRUST_BELOW}). The
 * probability is cached per transcript: the VAD asks at every silent frame.
 */
export class SemanticSilence {
  private transcript = '';
  private reading: { probability: number; silenceMs: number; transcript: string } | null = null;
  private reported: SemanticDecision | null = null;
  /** Silence so far at the last ask; a smaller value means a new pause began. */
  private lastSilenceMs = 0;
  private pause: Pause | null = null;
  private pauses = 0;
  /** A transcript whose last word the recogniser was unsure of. */
  private doubted: string | null = null;

  /**
   * @param onDecision told when the transcript or the silence in force changes
   * @param onPause told when a pause begins: answer with {@link atPause}; without it, partials
   *   decide as they arrive
   */
  constructor(
    private readonly model: EndOfTurnModel,
    private eagerness: Eagerness,
    private readonly onDecision: (decision: SemanticDecision) => void = () => {},
    private readonly onPause?: (pause: number, silenceSoFarMs: number) => void,
  ) {}

  setEagerness(eagerness: Eagerness): void {
    if (eagerness === this.eagerness) return;
    this.eagerness = eagerness;
    this.reading = null;
    if (this.pause) this.pause.heldMs = 0;
  }

  /** The words heard so far in this utterance (a partial transcript). */
  heard(transcript: string): void {
    if (transcript === this.transcript) return;
    this.transcript = transcript;
    this.reading = null;
    if (this.pause) this.pause.fresh = true;
  }

  /**
   * The recogniser's hypothesis for pause number `pause` (from `onPause`). A current one
   * anchors the pause's decision; a last partial or none leaves the partials to decide.
   * `silenceMs`: how long before the audio the hypothesis covers the VAD heard the speech end,
   * to place the recogniser's word times against it.
   */
  atPause(pause: number, hypothesis: STTHypothesis | null, silenceMs?: number): void {
    const p = this.pause;
    if (!p || p.seq !== pause || p.basis !== 'asking') return;
    if (!hypothesis?.current) {
      p.basis = 'partials';
      return;
    }
    const { text, doubt } = spokenBeforePause(hypothesis, silenceMs);
    if (text.trim() !== '') this.heard(text);
    if (doubt) {
      this.doubted = this.transcript;
      this.reading = null;
    }
    p.basis = 'anchored';
  }

  /** A new utterance starts: nothing is heard of it yet. */
  reset(): void {
    this.transcript = '';
    this.reading = null;
    this.reported = null;
    this.lastSilenceMs = 0;
    this.pause = null;
    this.doubted = null;
  }

  /** The silence that ends the turn now, given the silence so far (a {@link SilencePolicy}). */
  readonly silenceMs = (silenceSoFarMs = 0): number => {
    if (silenceSoFarMs > 0) {
      if (this.lastSilenceMs === 0 || silenceSoFarMs <= this.lastSilenceMs)
        this.beginPause(silenceSoFarMs);
      this.lastSilenceMs = silenceSoFarMs;
    }
    const reading = this.read();
    let wait = reading.silenceMs;
    const p = this.pause;
    if (p?.basis === 'anchored') {
      p.heldMs = Math.max(p.heldMs, wait);
      wait = p.heldMs;
    } else if (p?.basis === 'asking') {
      // Words decoded after the speech stopped count already: the hypothesis may only lengthen.
      if (p.fresh) p.heldMs = Math.max(p.heldMs, wait);
      wait = Math.max(wait, p.heldMs, STALE_FLOOR_MS[this.eagerness]);
    } else if (p && !p.fresh) {
      wait = Math.max(wait, STALE_FLOOR_MS[this.eagerness]);
    }
    this.report(reading, wait);
    return wait;
  };

  private beginPause(silenceSoFarMs: number): void {
    const seq = ++this.pauses;
    this.pause = { seq, basis: this.onPause ? 'asking' : 'partials', fresh: false, heldMs: 0 };
    this.onPause?.(seq, silenceSoFarMs);
  }

  private read(): { probability: number; silenceMs: number; transcript: string } {
    if (!this.reading) {
      const { min, max } = SILENCE_BOUNDS_MS[this.eagerness];
      let probability = this.model.probabilityFinished(this.transcript);
      if (this.transcript === this.doubted)
        probability = Math.min(probability, NO_EVIDENCE_PROBABILITY);
      const silenceMs = Math.round(max - probability ** WAIT_EXPONENT * (max - min));
      this.reading = { probability, silenceMs, transcript: this.transcript };
    }
    return this.reading;
  }

  private report(reading: { probability: number; transcript: string }, silenceMs: number): void {
    const last = this.reported;
    if (last && last.transcript === reading.transcript && last.silenceMs === silenceMs) return;
    this.reported = { probability: reading.probability, silenceMs, transcript: reading.transcript };
    this.onDecision(this.reported);
  }
}
