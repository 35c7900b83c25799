import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { VoiceError } from '../../errors.ts';
import type { VoiceErrorCode } from '../../errors.ts';
import { Pool, PoolTimeoutError } from '../../util/pool.ts';
import type { PocketSphinxModelConfig } from './pocketsphinx-ffi.ts';
import type { FromWorker, ToWorker, WorkerInit } from './pocketsphinx-protocol.ts';
import { BaseSTTStream } from './stt.ts';
import type {
  DecodedHypothesis,
  STT,
  STTStream,
  STTStreamOptions,
  UtteranceResult,
} from './stt.ts';

/** Options of the embedded PocketSphinx recogniser. */
export interface PocketSphinxSTTOptions {
  model?: PocketSphinxModelConfig;
  /** Most decoders (one worker thread each) alive at once; each holds ~40 MB. */
  maxDecoders?: number;
  /** How long an utterance waits for a free decoder before `speech_capacity_exceeded`. */
  acquireTimeoutMs?: number;
  /** Audio between partial hypotheses; 0 turns partials off. */
  partialIntervalMs?: number;
  /** Locale reported for results. */
  language?: string;
}

interface Decoded {
  text: string;
  audioMs: number;
  decodeMs: number;
}

interface Pending {
  utt: number;
  onPartial: (text: string) => void;
  /** Hypotheses asked for and not yet answered, by request id. */
  hypotheses: Map<number, (h: DecodedHypothesis | null) => void>;
  resolve: (r: Decoded) => void;
  reject: (err: unknown) => void;
  ending: boolean;
}

/** Answers the hypotheses still asked of an utterance that has ended: there are none. */
function settleHypotheses(p: Pending): void {
  for (const resolve of p.hypotheses.values()) resolve(null);
  p.hypotheses.clear();
}

/** One decoder in its own worker thread (the C calls are synchronous and CPU-bound). */
class DecoderWorker {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private nextUtt = 0;
  private nextHypothesis = 0;
  private current: Pending | undefined;
  private failure: VoiceError | undefined;

  constructor(init: WorkerInit) {
    this.worker = new Worker(new URL('./pocketsphinx-worker.mjs', import.meta.url), {
      workerData: init,
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          this.worker.unref();
          resolve();
        } else if (m.type === 'error' && m.utt === null) {
          this.fail(new VoiceError(m.code as VoiceErrorCode, m.message));
          reject(this.failure);
        } else {
          this.onMessage(m);
        }
      });
      this.worker.on('error', (err) => {
        this.fail(
          new VoiceError('stt_unavailable', `PocketSphinx worker crashed: ${err.message}`, {
            cause: err,
          }),
        );
        reject(this.failure);
      });
      this.worker.on('exit', (code) => {
        this.fail(new VoiceError('stt_unavailable', `PocketSphinx worker exited (code ${code})`));
        reject(this.failure);
      });
    });
    this.ready.catch(() => undefined);
  }

  get healthy(): boolean {
    return this.failure === undefined;
  }

  /** Opens an utterance; partial hypotheses go to `onPartial`. */
  begin(onPartial: (text: string) => void): void {
    if (this.failure) throw this.failure;
    if (this.current) throw new Error('decoder is busy');
    const utt = ++this.nextUtt;
    this.current = {
      utt,
      onPartial,
      hypotheses: new Map(),
      resolve: () => {},
      reject: () => {},
      ending: false,
    };
    // Busy workers keep the process alive; idle ones do not.
    this.worker.ref();
    this.post({ type: 'start', utt });
  }

  audio(pcm: Buffer): void {
    if (this.failure) throw this.failure;
    const cur = this.current;
    if (!cur || cur.ending) throw new Error('no utterance is open');
    // Cloning a Buffer would copy its whole backing store (often a shared pool or a larger
    // recording); copy just these bytes and hand the copy over without a second clone.
    const bytes = new Uint8Array(pcm);
    this.worker.postMessage({ type: 'audio', utt: cur.utt, pcm: bytes } satisfies ToWorker, [
      bytes.buffer,
    ]);
  }

  /**
   * The best hypothesis over the audio sent so far, decoded after that audio; null if the
   * utterance ends or fails first.
   */
  hypothesis(): Promise<DecodedHypothesis | null> {
    const cur = this.current;
    if (this.failure || !cur || cur.ending) return Promise.resolve(null);
    const id = ++this.nextHypothesis;
    return new Promise<DecodedHypothesis | null>((resolve) => {
      cur.hypotheses.set(id, resolve);
      this.post({ type: 'hypothesis', utt: cur.utt, id });
    });
  }

  /** Ends the utterance; resolves with its final text. */
  finish(): Promise<Decoded> {
    const cur = this.current;
    if (this.failure) return Promise.reject(this.failure);
    if (!cur || cur.ending) return Promise.reject(new Error('no utterance is open'));
    cur.ending = true;
    return new Promise<Decoded>((resolve, reject) => {
      cur.resolve = resolve;
      cur.reject = reject;
      this.post({ type: 'end', utt: cur.utt });
    });
  }

  /** Drops the open utterance; a pending `finish()` rejects. */
  cancel(): void {
    const cur = this.current;
    if (!cur) return;
    this.current = undefined;
    this.worker.unref();
    if (this.healthy) this.post({ type: 'cancel', utt: cur.utt });
    settleHypotheses(cur);
    cur.reject(new VoiceError('stt_unavailable', 'recognition cancelled'));
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }

  private onMessage(m: FromWorker): void {
    const cur = this.current;
    if (!cur || m.type === 'ready' || m.utt !== cur.utt) return;
    if (m.type === 'partial') {
      cur.onPartial(m.text);
    } else if (m.type === 'hypothesis') {
      const resolve = cur.hypotheses.get(m.id);
      cur.hypotheses.delete(m.id);
      const confidence = m.words?.at(-1)?.confidence;
      resolve?.({
        text: m.text,
        ...(confidence === undefined ? {} : { confidence }),
        ...(m.words === null ? {} : { words: m.words }),
      });
    } else if (m.type === 'final') {
      this.current = undefined;
      this.worker.unref();
      settleHypotheses(cur);
      cur.resolve({ text: m.text, audioMs: m.audioMs, decodeMs: m.decodeMs });
    } else {
      this.current = undefined;
      this.worker.unref();
      settleHypotheses(cur);
      cur.reject(new VoiceError(m.code as VoiceErrorCode, m.message));
    }
  }

  private fail(err: VoiceError): void {
    if (this.failure) return;
    this.failure = err;
    const cur = this.current;
    this.current = undefined;
    if (cur) settleHypotheses(cur);
    cur?.reject(err);
  }

  private post(m: ToWorker): void {
    this.worker.postMessage(m);
  }
}

/**
 * Embedded English recognition with PocketSphinx (Debian `pocketsphinx` + `pocketsphinx-en-us`)
 * through its C library. Decoders live in worker threads and are pooled: an utterance takes one
 * at its first audio and returns it at its final, so a few decoders serve many sessions.
 * Partial hypotheses arrive every `partialIntervalMs` of audio.
 */
export class PocketSphinxSTT implements STT {
  readonly provider = 'pocketsphinx';
  readonly languages: readonly string[];
  readonly partials: boolean;
  /** Utterances decoded, their audio and the decoder time they took (real-time factor = decodeMs / audioMs). */
  readonly stats = { utterances: 0, audioMs: 0, decodeMs: 0 };
  private readonly pool: Pool<DecoderWorker>;
  private readonly acquireTimeoutMs: number;
  private readonly language: string;

  constructor(options: PocketSphinxSTTOptions = {}) {
    this.language = options.language ?? 'en-US';
    this.languages = [this.language];
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 3000;
    const init: WorkerInit = {
      model: options.model ?? {},
      partialIntervalMs: options.partialIntervalMs ?? 300,
    };
    this.partials = init.partialIntervalMs > 0;
    this.pool = new Pool<DecoderWorker>({
      max: options.maxDecoders ?? Math.max(2, availableParallelism()),
      create: async () => {
        const w = new DecoderWorker(init);
        try {
          await w.ready;
        } catch (err) {
          void w.terminate();
          throw err;
        }
        return w;
      },
      destroy: (w) => w.terminate(),
    });
  }

  /** Decoders alive, idle and utterances waiting for one. */
  get poolStats(): { alive: number; idle: number; waiting: number; max: number } {
    return this.pool.stats;
  }

  /** Loads `count` decoders ahead of time (loading one takes about 0.3 s). */
  warmup(count = 1): Promise<void> {
    return this.pool.warm(count);
  }

  stream(options: STTStreamOptions = {}): STTStream {
    return new PocketSphinxStream(this, this.language, options);
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  /** @internal Takes a decoder for one utterance. */
  async acquire(signal: AbortSignal): Promise<DecoderWorker> {
    try {
      return await this.pool.acquire(this.acquireTimeoutMs, signal);
    } catch (err) {
      if (err instanceof PoolTimeoutError) {
        throw new VoiceError(
          'speech_capacity_exceeded',
          `no speech recogniser free within ${this.acquireTimeoutMs} ms`,
        );
      }
      throw err;
    }
  }

  /** @internal Returns a decoder after an utterance. */
  giveBack(worker: DecoderWorker, result?: Decoded): void {
    if (result) {
      this.stats.utterances++;
      this.stats.audioMs += result.audioMs;
      this.stats.decodeMs += result.decodeMs;
    }
    if (worker.healthy) this.pool.release(worker);
    else this.pool.discard(worker);
  }
}

class PocketSphinxStream extends BaseSTTStream {
  private worker: DecoderWorker | undefined;

  constructor(
    private readonly stt: PocketSphinxSTT,
    language: string,
    options: STTStreamOptions,
  ) {
    super(language, options);
  }

  protected async beginUtterance(signal: AbortSignal): Promise<void> {
    const worker = await this.stt.acquire(signal);
    if (signal.aborted) {
      this.stt.giveBack(worker);
      return;
    }
    this.worker = worker;
    worker.begin((text) => this.emitPartial(text));
  }

  protected writeAudio(pcm16k: Buffer): void {
    this.worker?.audio(pcm16k);
  }

  protected override currentHypothesis(): Promise<DecodedHypothesis | null> | null {
    return this.worker ? this.worker.hypothesis() : null;
  }

  protected async endUtterance(): Promise<UtteranceResult> {
    const worker = this.worker;
    if (!worker) return { text: '' };
    const result = await worker.finish();
    // close() may have taken the worker back while we waited.
    if (this.worker === worker) {
      this.worker = undefined;
      this.stt.giveBack(worker, result);
    }
    return { text: result.text };
  }

  protected cancelUtterance(): void {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    worker.cancel();
    this.stt.giveBack(worker);
  }
}
