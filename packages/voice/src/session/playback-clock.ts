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
  private readonly segments: { chars: number; audioMs: number; complete: boolean }[] = [];

  constructor(
    private readonly leadMs = 300,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Starts a text segment (a sentence) whose audio follows. */
  beginSegment(chars: number): void {
    this.segments.push({ chars, audioMs: 0, complete: false });
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
   * segment in progress (by its audio; an incomplete segment counts only audio sent).
   */
  spokenChars(): number {
    let played = this.playedMs();
    let chars = 0;
    for (const s of this.segments) {
      if (played <= 0) break;
      if (played >= s.audioMs && s.complete) {
        chars += s.chars;
        played -= s.audioMs;
        continue;
      }
      if (s.audioMs > 0) chars += Math.floor(s.chars * Math.min(1, played / s.audioMs) * (s.complete ? 1 : 0.999));
      break;
    }
    return chars;
  }
}
