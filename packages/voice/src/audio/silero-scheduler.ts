import { VoiceError, toVoiceError } from '../errors.ts';
import type { SileroBackend } from './silero-backend.ts';
import { INPUT_SAMPLES, STATE_SIZE } from './silero-inference.ts';
import type { SileroBatch } from './silero-inference.ts';
import type { SileroStream, WindowScheduler } from './silero-stream.ts';
import type { WorkerSupervisor } from './silero-supervisor.ts';

/** Calls sent to the model at once: while one runs, the next already waits in the worker. */
const MAX_CALLS_IN_FLIGHT = 2;

/** Inference calls, windows analysed, skipped and passed, and the wall time calls were in flight. */
export interface SileroStats {
  runs: number;
  frames: number;
  skipped: number;
  /** Windows not analysed because they were quiet while nothing was in progress. */
  quiet: number;
  /** In the worker: its busy time, message passing included. */
  inferenceMs: number;
}

/** How calls are formed: see {@link SileroVADOptions}. */
export interface SchedulerTuning {
  maxBatch: number;
  gatherMs: number;
  gatherWindows: number;
  maxLagMs: number;
}

/**
 * Forms inference calls from the streams' queued windows: one call takes the oldest window of
 * every ready stream (a stream's state depends on its previous window, so a stream is never
 * twice in one call, nor in two calls at once). When every stream is caught up, the first
 * queued window waits up to `gatherMs` (or `gatherWindows` windows) for others to join its
 * call; a backlog runs calls back to back, two in flight.
 */
export class BatchScheduler implements WindowScheduler {
  readonly stats: SileroStats = { runs: 0, frames: 0, skipped: 0, quiet: 0, inferenceMs: 0 };
  readonly maxLagMs: number;
  private ready: SileroStream[] = [];
  private readonly inReady = new Set<SileroStream>();
  /** Windows queued in all streams, not yet in a call. */
  private queued = 0;
  /** When the gather wait of the queued windows began. */
  private oldestAt = 0;
  /** Some stream is more than one window behind: run the next call without gathering. */
  private backlogged = false;
  private callsInFlight = 0;
  /** Since when a call has been in flight (for `stats.inferenceMs`). */
  private busySince = 0;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private closed = false;

  constructor(
    private readonly supervisor: WorkerSupervisor,
    private readonly tuning: SchedulerTuning,
  ) {
    this.maxLagMs = tuning.maxLagMs;
  }

  windowQueued(stream: SileroStream): void {
    if (this.queued++ === 0 && !this.backlogged) this.oldestAt = performance.now();
    const err = this.supervisor.errorFor(stream.generation);
    if (err) {
      stream.fail(err);
      return;
    }
    if (!stream.inCall) this.markReady(stream);
    this.schedule();
  }

  windowsRemoved(count: number, skipped = false): void {
    this.queued -= count;
    if (skipped) this.stats.skipped += count;
  }

  windowPassed(): void {
    this.stats.quiet++;
  }

  /** A call may be possible: start it now or when the gather wait ends. */
  schedule(): void {
    if (
      this.callsInFlight >= MAX_CALLS_IN_FLIGHT ||
      this.immediate !== undefined ||
      this.queued === 0 ||
      this.ready.length === 0 ||
      !this.supervisor.backend
    )
      return;
    const wait =
      this.backlogged || this.queued >= this.tuning.gatherWindows
        ? 0
        : this.tuning.gatherMs - (performance.now() - this.oldestAt);
    if (wait <= 0) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
      // Waiting for the check phase lets every socket read in this turn join the batch.
      this.immediate = setImmediate(this.runNext);
    } else if (!this.timer) {
      this.timer = setTimeout(this.runNext, wait);
    }
  }

  /** Fails every stream waiting for a call (the backend crashed or the model closed). */
  failReady(err: VoiceError): void {
    const ready = this.ready;
    this.ready = [];
    this.inReady.clear();
    for (const s of ready) s.fail(err);
  }

  /** Stops scheduling; queued windows fail with `err`. */
  close(err: VoiceError): void {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.failReady(err);
  }

  private markReady(stream: SileroStream): void {
    if (this.inReady.has(stream)) return;
    this.inReady.add(stream);
    this.ready.push(stream);
  }

  private readonly runNext = (): void => {
    this.immediate = undefined;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.callsInFlight >= MAX_CALLS_IN_FLIGHT || this.closed) return;
    this.startCall();
    // A second call may go at once (the rest of a split backlog): it waits in the worker.
    this.schedule();
  };

  /** Builds and sends one call: the oldest window of each ready stream (up to maxBatch). */
  private startCall(): void {
    const backend = this.supervisor.backend;
    if (!backend) return;
    const now = performance.now();
    const { maxBatch, gatherWindows } = this.tuning;
    // With many streams behind and nothing running, send half now and half at once behind it:
    // afterwards the halves alternate, so the worker always has the next call while the main
    // thread handles the previous one's results.
    const limit =
      this.callsInFlight === 0 && this.ready.length >= 2 * gatherWindows
        ? Math.min(maxBatch, Math.ceil(this.ready.length / 2))
        : maxBatch;
    const candidates = this.ready.length <= limit ? this.ready : this.ready.splice(0, limit);
    if (candidates === this.ready) this.ready = [];
    const streams: SileroStream[] = [];
    for (const s of candidates) {
      this.inReady.delete(s);
      s.expire(now);
      const quiet = s.passQuiet();
      this.queued -= quiet;
      this.stats.quiet += quiet;
      if (s.queuedWindows > 0) streams.push(s);
    }
    const batch = streams.length;
    let behind = this.ready.length > 0;
    if (batch === 0) {
      this.backlogged = behind;
      return;
    }
    const arrays = allocateBatch(batch, backend);
    for (let b = 0; b < batch; b++) {
      const s = streams[b] as SileroStream;
      s.take(arrays, b);
      if (s.queuedWindows > 1) behind = true;
    }
    this.queued -= batch;
    // A stream with one window left (a frame that completed two windows) waits for the next
    // call like a window arriving now; one that is further behind needs calls back to back.
    this.backlogged = behind;
    if (this.queued > 0) this.oldestAt = now;
    if (this.callsInFlight++ === 0) this.busySince = now;
    const generation = this.supervisor.generation;
    backend
      .run(arrays)
      .then(
        ({ output, stateN }) => {
          this.stats.runs++;
          this.stats.frames += batch;
          for (let b = 0; b < batch; b++) {
            const s = streams[b] as SileroStream;
            if (s.generation !== generation) {
              s.leaveCall();
              continue;
            }
            s.deliver(output[b] as number, stateN, b, batch);
            if (s.queuedWindows > 0) this.markReady(s);
          }
        },
        (err: unknown) => {
          const e = toVoiceError(err, 'vad_unavailable');
          for (const s of streams) s.fail(e);
        },
      )
      .finally(() => {
        if (--this.callsInFlight === 0)
          this.stats.inferenceMs += performance.now() - this.busySince;
        this.schedule();
      });
  }
}

/** Input and state arrays for a call, reusing the ones the worker handed back if they fit. */
export function allocateBatch(batch: number, backend: SileroBackend): SileroBatch {
  const spare = backend.takeSpare();
  const inputLength = batch * INPUT_SAMPLES;
  const stateLength = 2 * batch * STATE_SIZE;
  if (spare && spare.input.buffer.byteLength >= inputLength * 4) {
    if (spare.state.buffer.byteLength >= stateLength * 4) {
      return {
        batch,
        input: new Float32Array(spare.input.buffer, 0, inputLength),
        state: new Float32Array(spare.state.buffer, 0, stateLength),
      };
    }
  }
  // Room for growth, so that a slowly growing batch does not allocate every call.
  const room = Math.ceil(batch * 1.25) + 8;
  return {
    batch,
    input: new Float32Array(new ArrayBuffer(room * INPUT_SAMPLES * 4), 0, inputLength),
    state: new Float32Array(new ArrayBuffer(2 * room * STATE_SIZE * 4), 0, stateLength),
  };
}
