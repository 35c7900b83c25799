import { VoiceError } from '../errors.ts';
import type { SileroBackend } from './silero-backend.ts';

/** Opens a backend; `onFailure` is called once if it dies (a worker crash or hang). */
export type OpenBackend = (onFailure: (err: VoiceError) => void) => Promise<SileroBackend>;

/** Worker restarts allowed within a minute before the model gives up. */
const MAX_CRASHES_PER_MINUTE = 3;

/**
 * Keeps an inference backend alive. When it crashes, the streams that were using it are failed
 * (they have lost their place) and a new one is opened for the streams that start later, up to
 * three crashes a minute; after that, or if a restart fails, the model is unavailable for good.
 * Each backend is a generation: a stream belongs to the generation it started in.
 */
export class WorkerSupervisor {
  private current: SileroBackend | undefined;
  private gen = 0;
  private crashError: VoiceError | undefined;
  private fatal: VoiceError | undefined;
  private crashes: number[] = [];
  private closed = false;

  constructor(
    private readonly open: OpenBackend,
    private readonly events: {
      /** A backend died: every stream waiting on it must fail with `err`. */
      onCrash(err: VoiceError): void;
      /** A new backend is ready after a crash. */
      onRestarted(): void;
    },
  ) {}

  /** Opens the first backend; rejects if it cannot be opened. */
  async start(): Promise<void> {
    this.current = await this.open((err) => this.crashed(err));
  }

  /** The backend now, or undefined while one is being restarted. */
  get backend(): SileroBackend | undefined {
    return this.current;
  }

  /** The generation streams created now belong to. */
  get generation(): number {
    return this.gen;
  }

  /** Set once the model cannot serve anything any more. */
  get failure(): VoiceError | undefined {
    return this.fatal;
  }

  /** Why a stream of `generation` can no longer be served, or undefined. */
  errorFor(generation: number): VoiceError | undefined {
    return this.fatal ?? (generation !== this.gen ? this.crashError : undefined);
  }

  /** The backend for an explicit call; throws `vad_unavailable` while there is none. */
  usable(): SileroBackend {
    if (this.fatal) throw this.fatal;
    if (!this.current)
      throw new VoiceError('vad_unavailable', 'the VAD worker is restarting after a crash');
    return this.current;
  }

  /** Stops for good: nothing is restarted any more. Returns the error streams now get. */
  stop(): VoiceError {
    this.closed = true;
    this.fatal = new VoiceError('vad_unavailable', 'the VAD model is closed');
    return this.fatal;
  }

  /** Closes the backend in use (after `stop()`). */
  async closeBackend(): Promise<void> {
    await this.current?.close();
  }

  private crashed(err: VoiceError): void {
    this.gen++;
    this.crashError = err;
    this.current = undefined;
    this.events.onCrash(err);
    if (this.closed) return;
    const now = performance.now();
    this.crashes = this.crashes.filter((t) => now - t < 60_000);
    this.crashes.push(now);
    if (this.crashes.length > MAX_CRASHES_PER_MINUTE) {
      this.fatal = new VoiceError(
        'vad_unavailable',
        `the VAD worker crashed ${this.crashes.length} times in a minute: ${err.message}`,
      );
      return;
    }
    // Sessions from before the crash are told; new sessions get a fresh worker.
    this.open((e) => this.crashed(e)).then(
      (backend) => {
        if (this.closed) {
          void backend.close();
          return;
        }
        this.current = backend;
        this.events.onRestarted();
      },
      (e: unknown) => {
        this.fatal = new VoiceError(
          'vad_unavailable',
          `cannot restart the VAD worker: ${String(e)}`,
        );
        this.events.onCrash(this.fatal);
      },
    );
  }
}
