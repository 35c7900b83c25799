import { assertPcm16, pcm16DurationMs } from '../../audio/pcm.ts';
import { toVoiceError, type VoiceError } from '../../errors.ts';
import type { VoiceErrorCode } from '../../errors.ts';
import { AsyncQueue } from '../../util/async-queue.ts';

/** What a recognition stream yields. Every `flush()` produces exactly one `final` or one `error`. */
export type STTEvent =
  | { type: 'partial'; text: string; language: string }
  | { type: 'final'; text: string; languages: string[]; durationMs: number }
  | { type: 'error'; code: VoiceErrorCode; message: string; recoverable: boolean };

/**
 * The recogniser's best reading of the open utterance at one moment (see
 * {@link STTStream.hypothesis}).
 */
export interface STTHypothesis {
  text: string;
  /** Locale of the text. */
  language: string;
  /**
   * True when it was decoded on request over all the audio pushed before the request; false
   * when the recogniser cannot decode on request and this is its last partial, which may lag
   * the audio by up to its partial interval.
   */
  current: boolean;
  /**
   * How sure the recogniser is of the last word (0–1), when it can say: PocketSphinx gives its
   * posterior probability on the word lattice. Absent otherwise.
   */
  confidence?: number;
  /**
   * The words with their times and confidences, when the recogniser can say (PocketSphinx, from
   * its lattice). A turn detector reads them to tell words spoken before the pause from noise
   * decoded in it, and a word left undecoded at the end. Empty when it gives them but could
   * not align any to this text.
   */
  words?: readonly HeardWord[];
}

/** One word of a hypothesis, see {@link STTHypothesis.words}. */
export interface HeardWord {
  text: string;
  /** How sure the recogniser is of it (0–1). */
  confidence: number;
  /**
   * Where it starts and ends, in ms before the end of the audio the recogniser had decoded
   * when it answered (which may trail the audio pushed by the recogniser's look-ahead).
   */
  startAgoMs: number;
  endAgoMs: number;
}

/** A vendor's answer to {@link BaseSTTStream.currentHypothesis}. */
export interface DecodedHypothesis {
  text: string;
  /** See {@link STTHypothesis.confidence}. */
  confidence?: number;
  /** See {@link STTHypothesis.words}. */
  words?: readonly HeardWord[];
}

/** Options of one recognition stream. */
export interface STTStreamOptions {
  /** Locales the session expects (`languages` of the session); a recogniser may support fewer. */
  languages?: readonly string[];
  /** Aborting closes the stream, like `close()`. */
  signal?: AbortSignal;
}

/**
 * One session's recognition: push PCM16LE 16 kHz mono, `flush()` at the end of each utterance,
 * read events with `for await`. `endInput()` finishes gracefully, `close()` at once.
 */
export interface STTStream extends AsyncIterable<STTEvent> {
  /** Adds audio to the current utterance (starting one if none is open). Throws `invalid_audio` on odd length. */
  pushAudio(pcm16k: Buffer): void;
  /** Ends the current utterance: its `final` follows. */
  flush(): void;
  /**
   * The best hypothesis of the open utterance now, without ending it: a turn detector asks
   * when a pause begins rather than wait for the next partial. A recogniser that cannot decode
   * on request answers with its last partial (`current: false`). Null when no utterance is
   * open, it has failed, or the stream closes first.
   */
  hypothesis(): Promise<STTHypothesis | null>;
  /** No more audio: flushes an open utterance, then the iteration ends. */
  endInput(): void;
  /** Stops now: no further events, the iteration ends, resources are released. */
  close(): void;
}

/** A speech recogniser: opens streams, one per session (or per utterance). */
export interface STT {
  readonly provider: string;
  /** Locales it can recognise. */
  readonly languages: readonly string[];
  /** Whether it emits `partial` events. */
  readonly partials: boolean;
  stream(options?: STTStreamOptions): STTStream;
  /** Releases models, workers and connections. */
  close(): Promise<void>;
}

interface Utterance {
  bytes: number;
  /** The last partial emitted for it: the answer of a recogniser that cannot decode on request. */
  lastPartial: { text: string; language: string };
  /** The first failure of the utterance; reported when it is flushed. */
  error: VoiceError | undefined;
}

/** Result of one utterance from a vendor. */
export interface UtteranceResult {
  text: string;
  /** Locales heard, in order; defaults to the stream's language when the text is not empty. */
  languages?: string[];
}

/**
 * The common work of an utterance-oriented recognition stream: input validation, ordering,
 * the flush/endInput/close life cycle, abort wiring and errors as events. A vendor implements
 * the four utterance hooks, which are called strictly one after another.
 */
export abstract class BaseSTTStream implements STTStream {
  private readonly events = new AsyncQueue<STTEvent>();
  private readonly controller = new AbortController();
  private chain: Promise<void> = Promise.resolve();
  private utterance: Utterance | undefined;
  private inputEnded = false;
  private closed = false;
  private disposed = false;
  /** Answers of `hypothesis()` still to come; settled with null if the stream closes first. */
  private readonly hypothesisWaiters = new Set<(h: STTHypothesis | null) => void>();

  constructor(
    /** Locale reported for results that do not say. */
    protected readonly language: string,
    options: STTStreamOptions = {},
  ) {
    const { signal } = options;
    if (signal?.aborted) queueMicrotask(() => this.close());
    else signal?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Aborted when the stream is closed. */
  protected get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Opens an utterance (e.g. takes a decoder); audio waits until it resolves. */
  protected abstract beginUtterance(signal: AbortSignal): Promise<void>;
  /** Feeds audio of the open utterance. */
  protected abstract writeAudio(pcm16k: Buffer): void | Promise<void>;
  /** Finishes the open utterance and returns its text. */
  protected abstract endUtterance(signal: AbortSignal): Promise<UtteranceResult>;
  /** Drops the open utterance, if any, at once (called on close; must be idempotent). */
  protected abstract cancelUtterance(): void;
  /**
   * The open utterance's best hypothesis over the audio written so far, decoded now; called in
   * order with the other hooks, and must not wait for later audio. Null (the default) means
   * the vendor cannot decode on request, and `hypothesis()` answers with the last partial.
   */
  protected currentHypothesis(_signal: AbortSignal): Promise<DecodedHypothesis | null> | null {
    return null;
  }
  /** Releases what the stream holds after its last event. */
  protected dispose(): void {}

  /** Vendors call this with interim hypotheses. */
  protected emitPartial(text: string, language = this.language): void {
    if (this.closed) return;
    if (this.utterance) this.utterance.lastPartial = { text, language };
    this.events.push({ type: 'partial', text, language });
  }

  pushAudio(pcm16k: Buffer): void {
    if (this.closed) return;
    if (this.inputEnded) throw new Error('pushAudio after endInput');
    assertPcm16(pcm16k);
    if (pcm16k.length === 0) return;
    let u = this.utterance;
    if (!u) {
      u = this.utterance = {
        bytes: 0,
        lastPartial: { text: '', language: this.language },
        error: undefined,
      };
      this.run(u, () => this.beginUtterance(this.signal));
    }
    u.bytes += pcm16k.length;
    // Hooks run later, so keep our own copy: callers may reuse their buffer.
    const copy = Buffer.from(pcm16k);
    this.run(u, () => this.writeAudio(copy));
  }

  flush(): void {
    if (this.closed || this.inputEnded) return;
    const u = this.utterance;
    this.utterance = undefined;
    if (!u) {
      this.enqueue(async () =>
        this.events.push({ type: 'final', text: '', languages: [], durationMs: 0 }),
      );
      return;
    }
    this.enqueue(async () => {
      if (!u.error) {
        try {
          const result = await this.endUtterance(this.signal);
          const text = result.text.trim();
          this.events.push({
            type: 'final',
            text,
            languages: result.languages ?? (text === '' ? [] : [this.language]),
            durationMs: Math.round(pcm16DurationMs(u.bytes)),
          });
          return;
        } catch (err) {
          if (this.closed) return;
          this.fail(u, err);
        }
      }
      const e = u.error!;
      this.events.push({
        type: 'error',
        code: e.code,
        message: e.message,
        recoverable: e.recoverable,
      });
    });
  }

  hypothesis(): Promise<STTHypothesis | null> {
    const u = this.utterance;
    if (this.closed || !u) return Promise.resolve(null);
    return new Promise<STTHypothesis | null>((resolve) => {
      const settle = (h: STTHypothesis | null) => {
        if (this.hypothesisWaiters.delete(settle)) resolve(h);
      };
      this.hypothesisWaiters.add(settle);
      // After the audio pushed so far; the answer is not awaited here, so audio pushed after
      // the request is not held up behind the decoder's reply.
      this.enqueue(async () => {
        if (u.error) {
          settle(null);
          return;
        }
        let answer: Promise<DecodedHypothesis | null> | null;
        try {
          answer = this.currentHypothesis(this.signal);
        } catch {
          answer = null;
        }
        const last = { ...u.lastPartial, current: false };
        if (!answer) {
          settle(last);
          return;
        }
        answer.then(
          (h) =>
            settle(
              h === null
                ? last
                : {
                    text: h.text,
                    language: this.language,
                    current: true,
                    ...(h.confidence === undefined ? {} : { confidence: h.confidence }),
                    ...(h.words === undefined ? {} : { words: h.words }),
                  },
            ),
          () => settle(null),
        );
      });
    });
  }

  endInput(): void {
    if (this.closed || this.inputEnded) return;
    if (this.utterance) this.flush();
    this.inputEnded = true;
    this.enqueue(async () => {
      this.events.end();
      this.disposeOnce();
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = this.inputEnded = true;
    this.utterance = undefined;
    this.controller.abort();
    this.events.end();
    for (const settle of [...this.hypothesisWaiters]) settle(null);
    try {
      this.cancelUtterance();
    } finally {
      this.disposeOnce();
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<STTEvent> {
    return this.events[Symbol.asyncIterator]();
  }

  // Runs a step of an utterance after the previous steps. The first failure is kept on the
  // utterance (its remaining steps are skipped) and reported as the error of its flush, so
  // every flush still yields exactly one final or one error.
  private run(u: Utterance, step: () => void | Promise<void>): void {
    this.enqueue(async () => {
      if (u.error) return;
      try {
        await step();
      } catch (err) {
        if (!this.closed) this.fail(u, err);
      }
    });
  }

  private fail(u: Utterance, err: unknown): void {
    u.error = toVoiceError(err, 'stt_unavailable');
    this.cancelUtterance();
  }

  private disposeOnce(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.dispose();
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(() => (this.closed ? undefined : step()));
  }
}
