import type { Span } from '@opentelemetry/api';
import { NoiseSuppressor } from '../audio/noise-suppression.ts';
import type { VoiceActivityStream } from '../audio/vad.ts';
import type { STTEvent, STTStream } from '../providers/stt/stt.ts';
import { AudioHistory } from './audio-history.ts';
import type { SpeechProgress } from './barge-in.ts';
import type { SessionEngines } from './engines.ts';
import { endsTurnsByVoice, type SessionConfig } from '../protocol/session-config.ts';
import { EndOfTurnModel } from '../turn/end-of-turn.ts';
import { HYPOTHESIS_DELAY_MS, SemanticSilence, SILENCE_BOUNDS_MS } from './semantic-silence.ts';
import type { SessionOutput } from './transport.ts';

/** The recogniser's answer for one utterance. */
export interface Recognised {
  text: string;
  languages: string[];
  durationMs: number;
  failed: boolean;
}

/** Where the voice activity of the session goes (the turn-taking). */
export interface SpeechListener {
  /** The VAD confirmed speech that began at `startMs` of audio time. */
  speechStarted(startMs: number): void;
  speechStopped(): void;
  /** Audio was fed to the VAD (a pending barge-in may now be long enough). */
  audioFed(): void;
}

/** Wall-clock allowance beyond `silence_ms` before missing audio counts as silence. */
const STALL_GRACE_MS = 400;

const FAILED: Recognised = Object.freeze({ text: '', languages: [], durationMs: 0, failed: true });

/**
 * The session's input side: denoises the input when the session asks for it, keeps the recent
 * audio, feeds the VAD and reports its speech events, and feeds the recogniser the audio of the
 * utterance being recorded (from `prefix_padding_ms` before where the VAD dates its start, or
 * everything since the last turn on a commit), under the instance's recognition quota.
 */
export class RecognitionFeed {
  private readonly audio = new AudioHistory();
  private readonly vad: VoiceActivityStream | null;
  private readonly stt: STTStream;
  private recording: { release: (() => void) | null; failed: boolean } | null = null;
  private readonly resultWaiters: ((r: Recognised) => void)[] = [];
  private lastPartial = '';
  private stallTimer: NodeJS.Timeout | null = null;
  /** Only sessions with `input_audio_noise_reduction` have one (and an RNNoise state). */
  private denoiser: NoiseSuppressor | null = null;
  private closed = false;
  /** `semantic_vad` only: the end-of-turn model deciding the silence that ends a turn. */
  private semantic: SemanticSilence | null = null;
  /** A pause whose hypothesis is asked for once the recogniser has audio up to `atMs`. */
  private pauseAsk: { pause: number; atMs: number; speechEndMs: number } | null = null;

  constructor(
    private readonly engines: SessionEngines,
    private readonly config: () => SessionConfig,
    private readonly out: SessionOutput,
    private readonly listener: SpeechListener,
  ) {
    this.vad = engines.vad ? engines.vad.stream(this.vadOptions()) : null;
    this.stt = engines.stt.stream({ languages: config().languages });
    this.followSemanticDetection();
    this.followNoiseReduction();
  }

  /** Whether server VAD can run (the model loaded). */
  get hasVAD(): boolean {
    return this.vad !== null;
  }

  /** Where the VAD is in the audio, for barge-in; null without a VAD. */
  get speech(): SpeechProgress | null {
    return this.vad;
  }

  /** Audio time received so far. */
  get audioEndMs(): number {
    return this.audio.endMs;
  }

  /** Starts reading the VAD's and the recogniser's events. */
  start(): void {
    void this.consumeVAD();
    void this.consumeSTT();
  }

  /**
   * The session's configuration changed: the VAD follows `turn_detection.silence_ms`, noise
   * suppression `input_audio_noise_reduction`.
   */
  configChanged(): void {
    if (endsTurnsByVoice(this.config().turn_detection)) this.vad?.update(this.vadOptions());
    this.followSemanticDetection();
    this.followNoiseReduction();
  }

  /** The silence the current turn waits for before it ends (for the false-interruption window). */
  get turnSilenceMs(): number {
    const detection = this.config().turn_detection;
    if (detection.type === 'server_vad') return detection.silence_ms;
    if (detection.type === 'semantic_vad') return this.semantic?.silenceMs() ?? 0;
    return 0;
  }

  /** Input audio, PCM16LE 16 kHz mono. */
  push(pcm: Buffer): void {
    if (pcm.length === 0 || this.closed) return;
    if (this.denoiser) this.denoiser.push(pcm);
    else this.accept(pcm);
  }

  // Input audio after noise suppression, if any.
  private accept(pcm: Buffer): void {
    if (pcm.length === 0 || this.closed) return;
    this.audio.push(pcm);
    if (this.config().turn_detection.type === 'none') {
      if (!this.recording) this.startRecording(Number.POSITIVE_INFINITY);
      if (!this.recording?.failed) this.stt.pushAudio(pcm);
      return;
    }
    this.vad?.pushAudio(pcm);
    if (this.recording && !this.recording.failed) this.stt.pushAudio(pcm);
    if (this.pauseAsk) this.askAtPause();
    this.listener.audioFed();
    this.armStallTimer();
  }

  /**
   * Starts sending audio to the recogniser, from `fromMs` of the kept audio onwards (less the
   * session's `prefix_padding_ms` when it is the VAD's start of speech).
   */
  startRecording(fromMs: number): void {
    const release = this.engines.recognitions.tryAcquire();
    if (!release) {
      this.recording = { release: null, failed: true };
      this.out.sendError(
        'speech_capacity_exceeded',
        'no speech recognition capacity is free; this utterance is not recognised',
      );
      return;
    }
    this.recording = { release, failed: false };
    const detection = this.config().turn_detection;
    const padMs = detection.type === 'none' ? 0 : detection.prefix_padding_ms;
    const pre = Number.isFinite(fromMs) ? this.audio.since(fromMs - padMs) : Buffer.alloc(0);
    if (pre.length > 0) this.stt.pushAudio(pre);
  }

  /**
   * Ends the utterance and waits for its final transcript (traced as `stt` under `turnSpan`).
   * Without a recording (a commit without VAD speech) it is everything since the last turn.
   */
  async recognise(turnSpan: Span): Promise<Recognised> {
    if (!this.recording) this.startRecording(0);
    const span = this.engines.tracer.startChild(turnSpan, 'stt', {
      provider: this.engines.stt.provider,
    });
    const result = await this.finishRecording();
    span.setAttributes({ duration_ms: result.durationMs, failed: result.failed ? 1 : 0 });
    span.end();
    this.audio.consume();
    return result;
  }

  /** Stops the VAD and the recogniser; an utterance waiting for its transcript fails. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.denoiser?.finish();
    this.denoiser = null;
    this.vad?.close();
    this.stt.close();
    this.recording?.release?.();
    this.recording = null;
    for (const resolve of this.resultWaiters.splice(0)) resolve(FAILED);
  }

  private async finishRecording(): Promise<Recognised> {
    const recording = this.recording;
    this.recording = null;
    if (!recording || recording.failed) return FAILED;
    try {
      return await new Promise<Recognised>((resolve) => {
        this.resultWaiters.push(resolve);
        this.stt.flush();
      });
    } finally {
      recording.release?.();
    }
  }

  /**
   * A client that stops sending audio in the middle of speech (instead of streaming the
   * microphone's silence) would otherwise never reach end of speech: after the silence time
   * passes on the wall clock with no audio, that silence is fed to the VAD as if it arrived.
   */
  private armStallTimer(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    const detection = this.config().turn_detection;
    if (!endsTurnsByVoice(detection)) return;
    const silenceMs =
      detection.type === 'server_vad'
        ? detection.silence_ms
        : SILENCE_BOUNDS_MS[detection.eagerness].max;
    this.stallTimer = setTimeout(() => {
      this.stallTimer = null;
      if (this.closed || !this.vad?.inSpeech) return;
      const silence = Buffer.alloc(Math.round(((silenceMs + 200) * 16000) / 1000) * 2);
      this.audio.push(silence);
      this.vad.pushAudio(silence);
      if (this.recording && !this.recording.failed) this.stt.pushAudio(silence);
    }, silenceMs + STALL_GRACE_MS);
    this.stallTimer.unref();
  }

  private async consumeVAD(): Promise<void> {
    if (!this.vad) return;
    for await (const event of this.vad) {
      if (this.closed) return;
      if (event.type === 'error') {
        // vad_overloaded: audio was skipped, detection goes on; vad_unavailable: it has stopped.
        this.out.sendError(event.code, event.message);
        if (!event.recoverable) return;
        continue;
      }
      if (!endsTurnsByVoice(this.config().turn_detection)) continue;
      if (event.type === 'speech_started') {
        this.semantic?.reset();
        this.listener.speechStarted(event.startMs);
      } else this.listener.speechStopped();
    }
  }

  private async consumeSTT(): Promise<void> {
    for await (const event of this.stt as AsyncIterable<STTEvent>) {
      if (this.closed) return;
      if (event.type === 'partial') {
        if (event.text && event.text !== this.lastPartial) {
          this.semantic?.heard(event.text);
          this.sendDelta(event.text, event.language);
        }
      } else if (event.type === 'final') {
        this.deliver({
          text: event.text,
          languages: event.languages,
          durationMs: event.durationMs,
          failed: false,
        });
      } else {
        this.out.sendError(event.code, event.message);
        this.deliver(FAILED);
      }
    }
  }

  private sendDelta(text: string, language: string): void {
    this.lastPartial = text;
    this.out.send({ type: 'transcript.delta', text, language });
  }

  // A pause began (semantic_vad): the recogniser's hypothesis is asked for once it has the
  // audio up to a little after the VAD's first silent frame, so the last word is decoded.
  private pauseBegan(pause: number, silenceMs: number): void {
    const vadMs = this.vad?.processedMs ?? this.audio.endMs;
    this.pauseAsk = { pause, atMs: vadMs + HYPOTHESIS_DELAY_MS, speechEndMs: vadMs - silenceMs };
    this.askAtPause();
  }

  private askAtPause(): void {
    const ask = this.pauseAsk;
    const semantic = this.semantic;
    if (!ask || !semantic || this.audio.endMs < ask.atMs) return;
    this.pauseAsk = null;
    const recording = this.recording;
    if (!recording || recording.failed) {
      semantic.atPause(ask.pause, null);
      return;
    }
    // How long before the audio the recogniser is asked about the VAD heard the speech end.
    const silenceMs = this.audio.endMs - ask.speechEndMs;
    void this.stt.hypothesis().then((hypothesis) => {
      // The turn may have ended meanwhile: its words are then final.
      if (this.closed || this.semantic !== semantic || this.recording !== recording) return;
      if (hypothesis?.current && hypothesis.text && hypothesis.text !== this.lastPartial)
        this.sendDelta(hypothesis.text, hypothesis.language);
      semantic.atPause(ask.pause, hypothesis, silenceMs);
    });
  }

  // Each flush yields exactly one final or error, in order, so results match waiters.
  private deliver(result: Recognised): void {
    this.lastPartial = '';
    this.resultWaiters.shift()?.(result);
  }

  // Starts, changes or stops noise suppression to match the configuration. Audio the old
  // suppressor still held goes on unprocessed, so the audio clock never skips.
  private followNoiseReduction(): void {
    const want = this.config().input_audio_noise_reduction?.type ?? null;
    if ((this.denoiser?.type ?? null) === want || this.closed) return;
    const rest = this.denoiser?.finish();
    this.denoiser = null;
    if (rest) this.accept(rest);
    if (want === null) return;
    const denoiser: NoiseSuppressor = new NoiseSuppressor(
      want,
      (pcm) => this.accept(pcm),
      (err) => {
        if (this.denoiser === denoiser) this.denoiser = null;
        this.out.sendError(
          'internal_error',
          `noise suppression is unavailable (${(err as Error).message}); audio goes on without it`,
        );
      },
    );
    this.denoiser = denoiser;
  }

  private vadOptions() {
    const detection = this.config().turn_detection;
    return { silenceMs: detection.type === 'server_vad' ? detection.silence_ms : 500 };
  }

  // Starts, retunes or stops the semantic end of turn to match the configuration.
  private followSemanticDetection(): void {
    const detection = this.config().turn_detection;
    if (detection.type !== 'semantic_vad') {
      if (this.semantic) this.vad?.setSilencePolicy?.(null);
      this.semantic = null;
      this.pauseAsk = null;
      return;
    }
    if (this.semantic) {
      this.semantic.setEagerness(detection.eagerness);
      return;
    }
    this.semantic = new SemanticSilence(
      EndOfTurnModel.load(),
      detection.eagerness,
      (d) =>
        this.out.send({
          type: 'turn_detection.decision',
          probability: Math.round(d.probability * 1000) / 1000,
          silence_ms: d.silenceMs,
          transcript: d.transcript,
        }),
      (pause, silenceMs) => this.pauseBegan(pause, silenceMs),
    );
    this.vad?.setSilencePolicy?.(this.semantic.silenceMs);
  }
}
