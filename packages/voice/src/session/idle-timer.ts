/** What the idle timer reads of its session, and tells it. */
export interface IdleTimerDeps {
  /** `turn_detection.idle_timeout_ms` now; null: no timeout. */
  timeoutMs(): number | null;
  /**
   * Whether nobody has the floor: the assistant has finished a turn and no other is in
   * progress (nobody speaks, thinks or waits for a tool), and a client is there to hear.
   */
  idle(): boolean;
  /** Audio time received so far. */
  audioMs(): number;
  /** The silence lasted the timeout: the `count`th time in a row without the user. */
  timedOut(count: number, silence: { startMs: number; endMs: number; timeoutMs: number }): void;
}

/** What the turn-taking tells the idle timer. */
export interface IdleWatch {
  /** The session may have become idle, or stopped being so. */
  refresh(): void;
  /** The user spoke, or the client started a turn: the count of timeouts starts over. */
  userActive(): void;
}

/**
 * The idle timeout of a session: it runs only while the session is idle (see
 * {@link IdleTimerDeps.idle}), stops whenever it is not, and starts from zero when it is again;
 * timeouts are counted until the user does something.
 */
export class IdleTimer implements IdleWatch {
  private timer: NodeJS.Timeout | null = null;
  private armed: { timeoutMs: number; audioMs: number } | null = null;
  private count = 0;
  private closed = false;

  constructor(private readonly deps: IdleTimerDeps) {}

  refresh(): void {
    const timeoutMs = this.deps.timeoutMs();
    if (this.closed || timeoutMs === null || !this.deps.idle()) {
      this.stop();
      return;
    }
    if (this.armed?.timeoutMs === timeoutMs) return; // already counting
    this.stop();
    this.armed = { timeoutMs, audioMs: this.deps.audioMs() };
    this.timer = setTimeout(() => this.fire(), timeoutMs);
    this.timer.unref();
  }

  userActive(): void {
    this.count = 0;
  }

  /** The session ended. */
  close(): void {
    this.closed = true;
    this.stop();
  }

  private fire(): void {
    const armed = this.armed;
    this.timer = null;
    this.armed = null;
    if (!armed || this.closed || !this.deps.idle()) return; // a turn began meanwhile
    this.count++;
    this.deps.timedOut(this.count, {
      startMs: armed.audioMs,
      endMs: this.deps.audioMs(),
      timeoutMs: armed.timeoutMs,
    });
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armed = null;
  }
}

/** "Are you still there?" by language (the locale's first part). */
export const STILL_THERE: Readonly<Record<string, string>> = {
  en: 'Are you still there?',
  ar: 'هل ما زلت هنا؟',
  fr: 'Êtes-vous toujours là ?',
  es: '¿Sigues ahí?',
  de: 'Sind Sie noch da?',
};

/**
 * The re-prompt in the language the user last spoke (when it is one of the session's), else
 * in the session's first language that has one, else in English.
 */
export function stillTherePrompt(languages: readonly string[], lastSpoken?: string): string {
  const base = (locale: string) => (locale.split('-')[0] ?? '').toLowerCase();
  const candidates = lastSpoken && languages.includes(lastSpoken) ? [lastSpoken] : [];
  for (const locale of [...candidates, ...languages]) {
    const prompt = STILL_THERE[base(locale)];
    if (prompt) return prompt;
  }
  return STILL_THERE.en!;
}
