import { Worker } from 'node:worker_threads';
import type ort from 'onnxruntime-node';
import { VoiceError } from '../errors.ts';
import { openSileroSession, runSilero } from './silero-inference.ts';
import type { SileroBatch, SileroOutput } from './silero-inference.ts';
import type { FromSileroWorker, SileroWorkerInit, ToSileroWorker } from './silero-protocol.ts';

/**
 * Where batched Silero inference runs. `run` takes ownership of the batch's arrays (they may
 * be transferred to another thread); one call is in flight at a time.
 */
export interface SileroBackend {
  run(batch: SileroBatch): Promise<SileroOutput>;
  /** Input arrays handed back by the last call, free for the next batch (or undefined). */
  takeSpare(): SileroBatch | undefined;
  close(): Promise<void>;
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
  id: number;
  since: number;
  resolve: (out: SileroOutput) => void;
  reject: (err: unknown) => void;
}

/**
 * Inference in a worker thread that owns the onnxruntime session, so that it uses another core
 * and the main thread stays free for the sockets. Each batch's input and state are transferred
 * there and the probabilities and new state come back in one message. If the worker dies, or a
 * call takes longer than `hangMs`, the in-flight call rejects and `onFailure` is called once.
 */
export class WorkerBackend implements SileroBackend {
  private nextId = 0;
  private current: InFlight | undefined;
  private spare: SileroBatch | undefined;
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
        const cur = this.current;
        if (cur && performance.now() - cur.since > this.hangMs) {
          this.fail(new VoiceError('vad_unavailable', `VAD inference took over ${this.hangMs} ms`));
          void this.worker.terminate();
        }
      },
      Math.min(1000, hangMs),
    );
    this.watchdog.unref();
  }

  /** Starts the worker and waits until it has loaded the model. */
  static open(
    init: SileroWorkerInit,
    options: { hangMs: number; onFailure: (err: VoiceError) => void },
  ): Promise<WorkerBackend> {
    const worker = new Worker(new URL('./silero-worker.mjs', import.meta.url), {
      workerData: init,
    });
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
    if (this.current) return Promise.reject(new Error('one VAD batch at a time'));
    const id = ++this.nextId;
    return new Promise<SileroOutput>((resolve, reject) => {
      this.current = { id, since: performance.now(), resolve, reject };
      this.worker.ref();
      const transfer = [batch.input.buffer, batch.state.buffer] as ArrayBuffer[];
      this.worker.postMessage({ type: 'run', id, ...batch } satisfies ToSileroWorker, transfer);
    });
  }

  takeSpare(): SileroBatch | undefined {
    const spare = this.spare;
    this.spare = undefined;
    return spare;
  }

  /** Makes the worker crash as an uncaught error would (for tests). */
  crashForTesting(): void {
    this.worker.postMessage({ type: 'crash' } satisfies ToSileroWorker);
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.watchdog);
    this.fail(new VoiceError('vad_unavailable', 'the VAD model is closed'));
    await this.worker.terminate();
  }

  private onMessage(m: FromSileroWorker): void {
    const cur = this.current;
    if (m.type === 'ready' || !cur || m.id !== cur.id) return;
    this.current = undefined;
    this.worker.unref();
    if (m.type === 'result') {
      this.spare = { batch: 0, input: m.input, state: m.state };
      cur.resolve({ output: m.output, stateN: m.stateN });
    } else {
      cur.reject(new VoiceError('vad_unavailable', `Silero VAD inference failed: ${m.message}`));
    }
  }

  private fail(err: VoiceError): void {
    if (this.failure) return;
    this.failure = err;
    clearInterval(this.watchdog);
    const cur = this.current;
    this.current = undefined;
    cur?.reject(err);
    if (!this.closing) this.onFailure(err);
  }
}
