import { toVoiceError } from '../errors.ts';
import { analyzeTranscript } from '../analysis/index.ts';
import type { SessionConfig } from '../protocol/session-config.ts';
import type { Passage } from '../rag/index-store.ts';
import {
  transition,
  type ConversationEvent,
  type ConversationState,
  type Effect,
} from './state-machine.ts';
import { BargeInDetector } from './barge-in.ts';
import type { Conversation } from './conversation.ts';
import type { SessionEngines } from './engines.ts';
import type { ResponseDeps, ResponseOutcome } from './assistant-response.ts';
import type { IdleWatch } from './idle-timer.ts';
import { FalseInterruptions, type Resumption } from './interruption-resume.ts';
import { localesInText } from './languages.ts';
import type { RecognitionFeed, SpeechListener } from './recognition-feed.ts';
import type { ToolCalls } from './tool-calls.ts';
import type { SessionOutput } from './transport.ts';
import { Turn } from './turn.ts';

/** What the turn-taking of a session works with. */
export interface TurnTakingDeps {
  session: { id: string; tenant: string };
  engines: SessionEngines;
  config(): SessionConfig;
  conversation: Conversation;
  feed: RecognitionFeed;
  tools: ToolCalls;
  out: SessionOutput;
  /** The session's idle timeout, told when the floor may have changed hands. */
  idle?: IdleWatch;
}

/** Words a turn says instead of asking the LLM: the idle re-prompt, or a reply resumed. */
interface Script {
  text: string;
  resume?: Resumption;
}

/**
 * Who speaks when. Speech events, commits, requests and cancellations go through the pure
 * state machine (`transition()`), and this carries out its effects: it starts a {@link Turn}
 * when an utterance ends or a response is requested, recognises the utterance, runs the reply
 * inside the turn, and cancels the turn on barge-in, on a new utterance, or on request.
 */
export class TurnTaking implements SpeechListener {
  private current: ConversationState = 'listening';
  private turn: Turn | null = null;
  private streamCounter = 0;
  /** Audio time at which the speech being recorded began. */
  private speechStartMs = 0;
  private readonly bargeIn: BargeInDetector;
  private readonly falseInterruptions = new FalseInterruptions();
  /** What the next `start_response` says instead of asking the LLM (the idle re-prompt). */
  private nextScript: string | null = null;
  /** The first locale of the user's last recognised words. */
  private lastLocale: string | undefined;
  private closed = false;

  constructor(private readonly deps: TurnTakingDeps) {
    this.bargeIn = new BargeInDetector(deps.engines.settings.bargeInMinMs);
  }

  get state(): ConversationState {
    return this.current;
  }

  /** True while the assistant thinks or speaks (a turn is in progress). */
  get responding(): boolean {
    return this.current === 'thinking' || this.current === 'agent_speaking';
  }

  /** True when a turn has ended and nobody has the floor since: the idle timeout may run. */
  get idle(): boolean {
    return this.current === 'listening' && this.turn !== null && this.turn.finished;
  }

  /** The locale the user last spoke in, as far as recognition tells. */
  get lastUserLocale(): string | undefined {
    return this.lastLocale;
  }

  // ---- voice activity ----

  speechStarted(startMs: number): void {
    if (this.current === 'agent_speaking') {
      this.bargeIn.heard(startMs);
      this.audioFed();
      return;
    }
    this.speechStartMs = startMs;
    this.dispatch({ type: 'speech_started' });
  }

  speechStopped(): void {
    if (this.bargeIn.dropShort()) return; // too short to interrupt: a cough, a click, an echo
    this.dispatch({ type: 'speech_stopped' });
  }

  /** Confirms a barge-in once the user's speech has lasted the minimum. */
  audioFed(): void {
    const speech = this.deps.feed.speech;
    if (!this.bargeIn.pending || !speech) return;
    if (this.current !== 'agent_speaking') {
      this.bargeIn.reset();
      return;
    }
    const startMs = this.bargeIn.confirm(speech);
    if (startMs === null) return;
    this.speechStartMs = startMs;
    this.dispatch({ type: 'barge_in_confirmed' });
  }

  // ---- requests ----

  /** `input_audio.commit`: the utterance ends now, whatever the VAD says. */
  commit(): void {
    this.deps.idle?.userActive();
    this.dispatch({ type: 'commit' });
  }

  /** A user message or `response.create`: respond now. */
  requestResponse(): void {
    this.deps.idle?.userActive();
    this.dispatch({ type: 'response_requested' });
  }

  /**
   * The user has been silent too long: the assistant says `text` ("Are you still there?") as a
   * turn of its own, with no LLM call. Nothing happens unless the session is listening.
   */
  reprompt(text: string): void {
    if (this.current !== 'listening') return;
    this.nextScript = text;
    this.dispatch({ type: 'response_requested' });
    this.nextScript = null;
  }

  /** Stops the turn in progress, if any, and listens again. */
  cancel(reason: 'client_cancelled' | 'client_disconnected' | 'interrupted'): void {
    this.dispatch({ type: 'cancel', reason });
  }

  /** The session ended: the turn stops without a word to the client. */
  close(): void {
    this.closed = true;
    this.turn?.cancel('session_closed');
  }

  // ---- the state machine and its effects ----

  private dispatch(event: ConversationEvent): void {
    const next = transition(this.current, event);
    this.current = next.state;
    for (const effect of next.effects) this.apply(effect);
    this.deps.idle?.refresh();
  }

  private apply(effect: Effect): void {
    const { feed, out } = this.deps;
    switch (effect.type) {
      case 'send_speech_started':
        this.deps.idle?.userActive();
        feed.startRecording(this.speechStartMs);
        out.send({ type: 'vad.speech_started', audio_start_ms: Math.round(this.speechStartMs) });
        return;
      case 'send_speech_stopped':
        out.send({ type: 'vad.speech_stopped', audio_end_ms: Math.round(feed.audioEndMs) });
        return;
      case 'end_utterance': {
        const turn = this.begin('speech');
        void this.endUtterance(turn).catch((err: unknown) => this.fail(err));
        return;
      }
      case 'start_response': {
        const script = this.nextScript;
        this.nextScript = null;
        const turn = this.begin(script === null ? 'text' : 'idle');
        void this.respond(turn, script === null ? undefined : { text: script }).catch(
          (err: unknown) => this.fail(err),
        );
        return;
      }
      case 'cancel_response':
        feed.speech?.playbackStopped?.();
        this.turn?.cancel(effect.reason);
        return;
      case 'send_audio_done':
        if (this.turn) out.send({ type: 'response.audio.done', stream_id: this.turn.streamId });
        return;
    }
  }

  private begin(input: Turn['input']): Turn {
    const { session, engines, out } = this.deps;
    this.turn = new Turn(++this.streamCounter, input, session, {
      send: (m) => out.send(m),
      metrics: engines.metrics,
      tracer: engines.tracer,
    });
    return this.turn;
  }

  private async endUtterance(turn: Turn): Promise<void> {
    const { feed, out, conversation } = this.deps;
    const result = await feed.recognise(turn.span);
    if (this.closed) return;
    const text = result.text.trim();
    const config = this.deps.config();
    if (!result.failed) {
      const languages = text ? localesInText(text, config.languages, result.languages) : [];
      if (languages[0]) this.lastLocale = languages[0];
      out.send({ type: 'transcript.final', text, languages, duration_ms: result.durationMs });
      if (text) this.sendAnalysis(text);
    }
    if (turn.finished) {
      if (text) conversation.push({ role: 'user', content: text }); // heard, but the user went on speaking
      return;
    }
    // No words, or only "uh-huh", soon after cutting a reply: that reply goes on instead.
    const resume = this.falseInterruptions.check(
      turn.streamId,
      { text, failed: result.failed },
      this.deps.feed.turnSilenceMs,
    );
    if (resume) {
      await this.respond(turn, { text: resume.reply.text.slice(resume.from), resume });
      return;
    }
    if (!text) {
      turn.finish('cancelled', result.failed ? 'recognition_failed' : 'empty_transcript');
      this.dispatch({ type: 'response_done' });
      return;
    }
    conversation.push({ role: 'user', content: text });
    await this.respond(turn);
  }

  private sendAnalysis(text: string): void {
    const config = this.deps.config();
    const { pii, sentiment } = config.analysis;
    if (!pii && !sentiment) return;
    // Phone numbers without a country code are read in the regions of the session's languages.
    const result = analyzeTranscript(text, { pii, sentiment, languages: config.languages });
    if (result)
      this.deps.out.send({
        type: 'transcript.analysis',
        pii: result.pii,
        sentiment: result.sentiment,
      });
  }

  /** Runs the turn's reply (the LLM's, or `script`'s words) and reports how it ended. */
  private async respond(turn: Turn, script?: Script): Promise<void> {
    const { engines, out, conversation, tools } = this.deps;
    const config = this.deps.config();
    const deps: Omit<ResponseDeps, 'tracer' | 'turnSpan' | 'send'> = {
      llm: engines.llm,
      tts: engines.tts,
      syntheses: engines.syntheses,
      tokenBucket: engines.tokenBuckets.for(config.model),
      playbackLeadMs: engines.settings.playbackLeadMs,
      toolTimeoutMs: engines.settings.toolTimeoutMs,
      sendAudio: (id, pcm) => {
        out.sendAudio(id, pcm);
        this.deps.feed.speech?.playback?.(pcm);
      },
      awaitToolResult: (callId, timeoutMs, signal) => tools.await(callId, timeoutMs, signal),
      onFirstAudio: () => {
        engines.metrics.firstAudio(performance.now() - turn.startedAt);
        if (!turn.finished) this.dispatch({ type: 'first_audio' });
      },
      onTokens: (prompt, completion) => engines.metrics.tokens(config.model, prompt, completion),
      onError: (code, message) => out.sendError(code, message),
    };
    let outcome: ResponseOutcome;
    if (script) {
      outcome = await turn.say(script.text, config, deps, script.resume);
    } else {
      const passages = this.retrieve(config);
      const messages = conversation.forLLM(config.instructions, passages);
      outcome = await turn.respond(messages, config, deps, { passages });
    }
    this.falseInterruptions.settle(turn, outcome, conversation, script?.resume);
    if (turn.finished || this.closed) return; // cancelled: already reported
    if (outcome.audioSent) this.dispatch({ type: 'audio_done' });
    turn.finish(outcome.status, outcome.reason, {
      usage: outcome.usage,
      text: turn.heardBefore + outcome.text,
    });
    this.dispatch({ type: 'response_done' });
  }

  private retrieve(config: SessionConfig): Passage[] {
    const { out, conversation, session } = this.deps;
    if (!config.rag) return [];
    try {
      return this.deps.engines.rag.search(
        session.tenant,
        config.rag.index_name,
        conversation.lastUserText(),
        config.rag.top_k,
      );
    } catch (err) {
      const e = toVoiceError(err);
      out.sendError(e.code, e.message);
      return [];
    }
  }

  /** A turn's task threw: tell the client and give the floor back. */
  private fail(err: unknown): void {
    if (this.closed) return;
    const e = toVoiceError(err);
    this.deps.out.sendError(e.code, e.message);
    this.cancel('interrupted');
  }
}
