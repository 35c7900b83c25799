/** Speaking rate assumed before any sentence is complete (about 14 characters a second). */
const DEFAULT_MS_PER_CHAR = 70;

/**
 * Models the client's playback of one response: audio plays at real time from when it
 * arrives, stalling when the buffer runs dry. Used to pace sending (stay at most `leadMs`
 * ahead of the playhead) and to know how much was heard when the user barges in.
 */
export class PlaybackClock {
  private sentMs = 0;
  /** Wall time at which everything sent so far will have finished playing. */
  private playEndAt = 0;
  /** Text segments in order, each with the audio sent for it. */
  private readonly segments: {
    chars: number;
    audioMs: number;
    complete: boolean;
    /** Word ends reported by the engine: audio time in the segment → characters spoken. */
    words: { atMs: number; chars: number }[];
  }[] = [];

  constructor(
    private readonly leadMs = 300,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Starts a text segment (a sentence) whose audio follows. */
  beginSegment(chars: number): void {
    this.segments.push({ chars, audioMs: 0, complete: false, words: [] });
  }

  /** Records that the current segment's first `chars` characters end at `atMs` of its audio. */
  wordBoundary(atMs: number, chars: number): void {
    this.segments.at(-1)?.words.push({ atMs, chars });
  }

  /** Marks the current segment's audio as complete. */
  endSegment(): void {
    const last = this.segments.at(-1);
    if (last) last.complete = true;
  }

  /** How long to wait before the next chunk may be sent. */
  waitBeforeSendMs(): number {
    return Math.max(0, this.playEndAt - this.now() - this.leadMs);
  }

  /** Records a chunk of `ms` audio sent now for the current segment. */
  sent(ms: number): void {
    const t = this.now();
    this.playEndAt = Math.max(this.playEndAt, t) + ms;
    this.sentMs += ms;
    const last = this.segments.at(-1);
    if (last) last.audioMs += ms;
  }

  /** Audio played so far. */
  playedMs(): number {
    return Math.max(0, this.sentMs - Math.max(0, this.playEndAt - this.now()));
  }

  /** Milliseconds until everything sent has been played. */
  remainingMs(): number {
    return Math.max(0, this.playEndAt - this.now());
  }

  /**
   * Characters of text heard so far: whole segments played, plus the played share of the
   * segment in progress. A segment still being synthesised has an unknown length, so its
   * duration is estimated from the speaking rate of the finished ones.
   */
  spokenChars(): number {
    let played = this.playedMs();
    let chars = 0;
    for (const s of this.segments) {
      if (played <= 0) break;
      const total = s.complete ? s.audioMs : Math.max(s.audioMs, s.chars * this.msPerChar());
      if (played >= total) {
        chars += s.chars;
        played -= total;
        continue;
      }
      // Word boundaries say exactly what was heard; otherwise assume an even speaking rate.
      if (s.words.length > 0) {
        chars += s.words.reduce(
          (best, w) => (w.atMs <= played ? Math.max(best, w.chars) : best),
          0,
        );
      } else if (total > 0) chars += Math.floor((s.chars * played) / total);
      break;
    }
    return chars;
  }

  private msPerChar(): number {
    let ms = 0;
    let chars = 0;
    for (const s of this.segments) {
      if (!s.complete) continue;
      ms += s.audioMs;
      chars += s.chars;
    }
    return chars > 0 ? ms / chars : DEFAULT_MS_PER_CHAR;
  }
}
