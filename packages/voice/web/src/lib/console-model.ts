// What the voice console shows: its state and the actions that change it. The reducer that
// folds server events into it is console-state.ts.
import type { PiiSpan } from './pii.ts';
import type { ServerMessage, SessionConfig } from '@hikma/voice-client';

/** What the conversation is doing, as the server's events tell it. */
export type Phase = 'offline' | 'listening' | 'user_speaking' | 'thinking' | 'speaking';

export const PHASE_LABEL: Record<Phase, string> = {
  offline: 'not connected',
  listening: 'listening',
  user_speaking: 'you are speaking',
  thinking: 'thinking',
  speaking: 'speaking',
};

export interface UserTurn {
  kind: 'user';
  id: number;
  text: string;
  languages: string[];
  durationMs?: number;
  /** Typed with `conversation.item.create` rather than spoken. */
  typed?: boolean;
  analysis?: { pii: PiiSpan[]; sentiment: string };
  /** `semantic_vad`: the detector's decision in force when the turn ended. */
  endOfTurn?: { probability: number; silenceMs: number };
  /** Only backchannels ("uh-huh"): the reply it cut was resumed, so it was no turn. */
  backchannel?: boolean;
}

export interface AssistantTurn {
  kind: 'assistant';
  id: number;
  streamId: number;
  text: string;
  status: 'streaming' | 'completed' | 'cancelled' | 'failed';
  reason?: string;
  /** What was actually said (the heard prefix when cancelled). */
  spoken?: string;
  /** This reply says the rest of one a false interruption cut (`response.resumed`). */
  resumed?: {
    streamId: number;
    reason: 'backchannel' | 'no_words';
    /** The backchannel that cut it, as recognised. */
    after: string | null;
    /** Where this reply starts in the cut one's text; `response.done.text` counts from 0. */
    textOffset: number;
  };
  /** The stream that resumed this cut reply. */
  resumedBy?: number;
}

/** Something the service did between turns that the transcript should show (the idle timeout). */
export interface NoticeTurn {
  kind: 'notice';
  id: number;
  text: string;
  action: 'reprompt' | 'close';
}

export type Turn = UserTurn | AssistantTurn | NoticeTurn;

/** One `turn_detection.decision`, stamped with when it arrived. */
export interface TurnDecision {
  at: number;
  probability: number;
  silenceMs: number;
  transcript: string;
}

export interface TurnDetectorState {
  /** Recent decisions, oldest first. */
  decisions: TurnDecision[];
  /** When the user spoke (`vad.speech_started` → `vad.speech_stopped`), oldest first. */
  speech: { start: number; end: number | null }[];
  /** The decision that ended the last utterance, until its `transcript.final` takes it. */
  ended: TurnDecision | null;
}

/**
 * The idle timeout as the service counts it: from when the assistant finished a turn and
 * nobody has had the floor since, until `idle_timeout_ms` (see the voice README).
 */
export interface IdleState {
  /** Nobody has the floor: the assistant finished and no turn or tool call has begun since. */
  free: boolean;
  /** When the service started counting (ms since epoch). */
  since: number;
  /** Timeouts in a row since the user last did something: the next one closes at 1. */
  timeouts: number;
}

export interface ToolCall {
  callId: string;
  streamId: number;
  name: string;
  arguments: string;
  answered: boolean;
}

export interface ConsoleErrorEntry {
  id: number;
  code: string;
  message: string;
  at: number;
}

export interface ConsoleState {
  /** `reconnecting`: the connection dropped and the session is being resumed. */
  connection: 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';
  closeInfo: string | null;
  sessionId: string | null;
  phase: Phase;
  partial: { text: string; language: string } | null;
  turns: Turn[];
  toolCalls: ToolCall[];
  errors: ConsoleErrorEntry[];
  session: SessionConfig | null;
  /** Times `session.updated` arrived (the panel shows the last). */
  updates: number;
  framesReceived: number;
  framesDropped: number;
  framesSent: number;
  /** Recent server events, newest first; repeats of one type are counted, not listed. */
  events: { id: number; type: string; at: number; count: number }[];
  turnDetector: TurnDetectorState;
  idle: IdleState;
  nextId: number;
}

export const initialState: ConsoleState = {
  connection: 'idle',
  closeInfo: null,
  sessionId: null,
  phase: 'offline',
  partial: null,
  turns: [],
  toolCalls: [],
  errors: [],
  session: null,
  updates: 0,
  framesReceived: 0,
  framesDropped: 0,
  framesSent: 0,
  events: [],
  turnDetector: { decisions: [], speech: [], ended: null },
  idle: { free: false, since: 0, timeouts: 0 },
  nextId: 1,
};

export type ConsoleAction =
  | { type: 'connecting' }
  | { type: 'connected' }
  | { type: 'reconnecting' }
  | { type: 'closed'; code: number; reason: string }
  | { type: 'server'; message: ServerMessage }
  | { type: 'audio'; played: boolean }
  | { type: 'sent-audio'; frames: number }
  | { type: 'typed'; text: string }
  | { type: 'committed' }
  | { type: 'tool-answered'; callId: string }
  | { type: 'client-error'; code: string; message: string };
