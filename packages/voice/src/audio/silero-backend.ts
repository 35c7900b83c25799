import { Worker } from 'node:worker_threads';
import type ort from 'onnxruntime-node';
import { VoiceError } from '../errors.ts';
import { openSileroSession, runSilero } from './silero-inference.ts';
import type { SileroBatch, SileroOutput } from './silero-inference.ts';
import type { FromSileroWorker, SileroWorkerInit, ToSileroWorker } from './silero-protocol.ts';

/**
 * Where batched Silero inference runs. `run` takes ownership of the batch's arrays (they may
 * be transferred to another thread). Calls run one after another in the order they were made;
 * several may be waiting, but the caller must not put a stream in two of them.
 */
export interface SileroBackend {
  run(batch: SileroBatch): Promise<SileroOutput>;
  /** Input arrays handed back by the last call, free for the next batch (or undefined). */
  takeSpare(): SileroBatch | undefined;
  close(): Promise<void>;
}

/** How a backend is watched: a call running past `hangMs`, or a dead worker, calls `onFailure` once. */
export interface BackendSupervision {
  hangMs: number;
  onFailure: (err: VoiceError) => void;
}

/** Inference on the calling thread: simplest, but it blocks the event loop while it runs. */
export class MainThreadBackend implements SileroBackend {
  private constructor(private readonly session: ort.InferenceSession) {}

  static async open(init: SileroWorkerInit): Promise<MainThreadBackend> {
    return new MainThreadBackend(await openSileroSession(init.modelPath, init.intraOpNumThreads));
  }

  async run(batch: SileroBatch): Promise<SileroOutput> {
    try {
      return await runSilero(this.session, batch);
    } catch (err) {
      throw new VoiceError('vad_unavailable', `Silero VAD inference failed: ${String(err)}`, {
        cause: err,
      });
    }
  }

  takeSpare(): undefined {
    return undefined;
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

interface InFlight {
  /** When the worker could start this call (the previous one had ended), or Infinity. */
  since: number;
  resolve: (out: SileroOutput) => void;
  reject: (err: unknown) => void;
}

/**
 * Inference in a worker thread that owns the onnxruntime session, so that it uses another core
 * and the main thread stays free for the sockets. Each batch's input and state are transferred
 * there and the probabilities and new state come back in one message. The worker runs calls in
 * order, so a call sent while another runs starts as soon as that one ends, however busy the
 * main thread is. If the worker dies, or a call takes longer than `hangMs`, every call in
 * flight rejects and `onFailure` is called once.
 */
export class WorkerBackend implements SileroBackend {
  private nextId = 0;
  private readonly inFlight = new Map<number, InFlight>();
  private readonly spares: SileroBatch[] = [];
  private failure: VoiceError | undefined;
  private closing = false;
  private readonly watchdog: NodeJS.Timeout;

  private constructor(
    private readonly worker: Worker,
    private readonly hangMs: number,
    private readonly onFailure: (err: VoiceError) => void,
  ) {
    worker.on('message', (m: FromSileroWorker) => this.onMessage(m));
    worker.on('error', (err) =>
      this.fail(new VoiceError('vad_unavailable', `the VAD worker crashed: ${err.message}`)),
    );
    worker.on('exit', (code) =>
      this.fail(new VoiceError('vad_unavailable', `the VAD worker exited (code ${code})`)),
    );
    // One coarse timer rather than one per batch: a stuck call is rare, and a second is plenty.
    this.watchdog = setInterval(
      () => {
        // Calls run in order, so the oldest one is the one that may be stuck.
        const oldest = this.inFlight.values().next().value;
        if (oldest && performance.now() - oldest.since > this.hangMs) {
          this.fail(new VoiceError('vad_unavailable', `VAD inference took over ${this.hangMs} ms`));
          void this.worker.terminate();
        }
      },
      Math.min(1000, hangMs),
    );
    this.watchdog.unref();
  }

  /**
   * Starts the worker and waits until it has loaded the model. `script` is the worker's entry
   * point: `silero-worker.mjs` unless another one wraps it.
   */
  static open(
    init: SileroWorkerInit,
    options: BackendSupervision & { script?: URL },
  ): Promise<WorkerBackend> {
    const script = options.script ?? new URL('./silero-worker.mjs', import.meta.url);
    const worker = new Worker(script, { workerData: init });
    return new Promise<WorkerBackend>((resolve, reject) => {
      const onMessage = (m: FromSileroWorker) => {
        done();
        if (m.type === 'ready') {
          const backend = new WorkerBackend(worker, options.hangMs, options.onFailure);
          // An idle worker does not keep the process alive; a busy one does (see run()). This
          // comes after the listeners above: adding a 'message' listener refs the worker again.
          worker.unref();
          resolve(backend);
        } else {
          void worker.terminate();
          reject(new Error(m.type === 'error' ? m.message : `unexpected ${m.type}`));
        }
      };
      const onError = (err: Error) => {
        done();
        reject(err);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`the VAD worker exited (code ${code}) while loading`));
      };
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
  }

  run(batch: SileroBatch): Promise<SileroOutput> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.nextId;
    return new Promise<SileroOutput>((resolve, reject) => {
      const since = this.inFlight.size === 0 ? performance.now() : Number.POSITIVE_INFINITY;
      this.inFlight.set(id, { since, resolve, reject });
      if (this.inFlight.size === 1) this.worker.ref();
      const transfer = [batch.input.buffer, batch.state.buffer] as ArrayBuffer[];
      this.worker.postMessage({ type: 'run', id, ...batch } satisfies ToSileroWorker, transfer);
    });
  }

  takeSpare(): SileroBatch | undefined {
    return this.spares.pop();
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.watchdog);
    this.fail(new VoiceError('vad_unavailable', 'the VAD model is closed'));
    await this.worker.terminate();
  }

  private onMessage(m: FromSileroWorker): void {
    if (m.type === 'ready' || m.id === null) return;
    const cur = this.inFlight.get(m.id);
    if (!cur) return;
    this.inFlight.delete(m.id);
    const next = this.inFlight.values().next().value;
    if (next) next.since = performance.now();
    else this.worker.unref();
    if (m.type === 'result') {
      if (this.spares.length < 2) this.spares.push({ batch: 0, input: m.input, state: m.state });
      cur.resolve({ output: m.output, stateN: m.stateN });
    } else {
      cur.reject(new VoiceError('vad_unavailable', `Silero VAD inference failed: ${m.message}`));
    }
  }

  private fail(err: VoiceError): void {
    if (this.failure) return;
    this.failure = err;
    clearInterval(this.watchdog);
    const calls = [...this.inFlight.values()];
    this.inFlight.clear();
    for (const call of calls) call.reject(err);
    if (!this.closing) this.onFailure(err);
  }
}
