import type { PiiSpan } from './pii.ts';
import type { ServerMessage, SessionConfig } from './protocol.ts';

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
}

export type Turn = UserTurn | AssistantTurn;

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
  | { type: 'tool-answered'; callId: string }
  | { type: 'client-error'; code: string; message: string };

const MAX_ERRORS = 20;
const MAX_EVENTS = 60;
const MAX_TURNS = 200;

function updateAssistant(
  turns: Turn[],
  streamId: number,
  change: (turn: AssistantTurn) => AssistantTurn,
): Turn[] {
  const index = turns.findLastIndex((t) => t.kind === 'assistant' && t.streamId === streamId);
  if (index < 0) return turns;
  const next = turns.slice();
  next[index] = change(turns[index] as AssistantTurn);
  return next;
}

function withAssistant(state: ConsoleState, streamId: number): ConsoleState {
  if (state.turns.some((t) => t.kind === 'assistant' && t.streamId === streamId)) return state;
  const turn: AssistantTurn = {
    kind: 'assistant',
    id: state.nextId,
    streamId,
    text: '',
    status: 'streaming',
  };
  return { ...state, turns: [...state.turns, turn].slice(-MAX_TURNS), nextId: state.nextId + 1 };
}

function closeLabel(code: number, reason: string): string {
  if (code === 0) return reason; // the socket never opened
  const known: Record<number, string> = {
    1000: 'closed',
    1006: 'connection lost',
    4401: 'token rejected',
    4408: 'session reached its maximum duration',
    4409: 'the session already has a live socket',
  };
  return `${code} ${known[code] ?? ''}${reason ? `: ${reason}` : ''}`.trim();
}

function onServer(state: ConsoleState, m: ServerMessage): ConsoleState {
  switch (m.type) {
    case 'session.created':
      return { ...state, sessionId: m.session_id, session: m.session, phase: 'listening' };
    case 'session.updated':
      return { ...state, session: m.session, updates: state.updates + 1 };
    case 'vad.speech_started':
      return { ...state, phase: 'user_speaking' };
    case 'vad.speech_stopped':
      return { ...state, phase: 'thinking' };
    case 'transcript.delta':
      return { ...state, partial: { text: m.text, language: m.language } };
    case 'transcript.final': {
      const phase = state.phase === 'speaking' ? state.phase : 'thinking';
      if (m.text.trim() === '') return { ...state, partial: null, phase };
      const turn: UserTurn = {
        kind: 'user',
        id: state.nextId,
        text: m.text,
        languages: m.languages,
        durationMs: m.duration_ms,
      };
      return {
        ...state,
        partial: null,
        phase,
        turns: [...state.turns, turn].slice(-MAX_TURNS),
        nextId: state.nextId + 1,
      };
    }
    case 'transcript.analysis': {
      const index = state.turns.findLastIndex((t) => t.kind === 'user' && !t.typed);
      if (index < 0) return state;
      const turns = state.turns.slice();
      turns[index] = {
        ...(turns[index] as UserTurn),
        analysis: { pii: m.pii, sentiment: m.sentiment },
      };
      return { ...state, turns };
    }
    case 'response.created':
      return { ...withAssistant(state, m.stream_id), phase: 'thinking' };
    case 'response.text.delta': {
      const s = withAssistant(state, m.stream_id);
      return {
        ...s,
        turns: updateAssistant(s.turns, m.stream_id, (t) => ({ ...t, text: t.text + m.text })),
      };
    }
    case 'response.audio.delta': {
      // A late delta of a response that was interrupted must not flip the state back.
      const turn = state.turns.findLast(
        (t) => t.kind === 'assistant' && t.streamId === m.stream_id,
      );
      const stale = turn?.kind === 'assistant' && (turn.status !== 'streaming' || turn.reason);
      return state.phase === 'speaking' || stale ? state : { ...state, phase: 'speaking' };
    }
    case 'response.audio.done':
      return state.phase === 'speaking' ? { ...state, phase: 'listening' } : state;
    case 'response.done': {
      const turns = updateAssistant(state.turns, m.stream_id, (t) => ({
        ...t,
        status: m.status,
        spoken: m.text,
        // A response with no text deltas (cancelled before the LLM spoke) still says why.
        ...(m.reason ? { reason: m.reason } : {}),
      }));
      const phase =
        state.phase === 'thinking' || state.phase === 'speaking' ? 'listening' : state.phase;
      return { ...state, turns, phase };
    }
    case 'tool.call': {
      const call: ToolCall = {
        callId: m.call_id,
        streamId: m.stream_id,
        name: m.name,
        arguments: m.arguments,
        answered: false,
      };
      return { ...state, phase: 'thinking', toolCalls: [...state.toolCalls, call] };
    }
    case 'barge_in.detected':
      return {
        ...state,
        phase: 'user_speaking',
        turns: updateAssistant(state.turns, m.stream_id, (t) => ({ ...t, reason: 'barge_in' })),
      };
    case 'error':
      return addError(state, m.code, m.message);
    default:
      return state;
  }
}

function addError(state: ConsoleState, code: string, message: string): ConsoleState {
  const entry: ConsoleErrorEntry = { id: state.nextId, code, message, at: Date.now() };
  return {
    ...state,
    errors: [entry, ...state.errors].slice(0, MAX_ERRORS),
    nextId: state.nextId + 1,
  };
}

/** Folds a server event or a console action into what the page shows. */
export function reduce(state: ConsoleState, action: ConsoleAction): ConsoleState {
  switch (action.type) {
    case 'connecting':
      return { ...initialState, connection: 'connecting', errors: state.errors };
    case 'connected':
      return { ...state, connection: 'open', closeInfo: null };
    case 'reconnecting':
      // The conversation stays on screen: the resumed session continues it.
      return {
        ...state,
        connection: 'reconnecting',
        phase: 'offline',
        partial: null,
        closeInfo: closeLabel(1006, ''),
      };
    case 'closed':
      return {
        ...state,
        connection: 'closed',
        phase: 'offline',
        partial: null,
        closeInfo: closeLabel(action.code, action.reason),
      };
    case 'audio':
      return action.played
        ? { ...state, framesReceived: state.framesReceived + 1 }
        : {
            ...state,
            framesReceived: state.framesReceived + 1,
            framesDropped: state.framesDropped + 1,
          };
    case 'sent-audio':
      return { ...state, framesSent: state.framesSent + action.frames };
    case 'typed': {
      const turn: UserTurn = {
        kind: 'user',
        id: state.nextId,
        text: action.text,
        languages: [],
        typed: true,
      };
      return {
        ...state,
        turns: [...state.turns, turn].slice(-MAX_TURNS),
        nextId: state.nextId + 1,
      };
    }
    case 'tool-answered':
      return {
        ...state,
        toolCalls: state.toolCalls.map((c) =>
          c.callId === action.callId ? { ...c, answered: true } : c,
        ),
      };
    case 'client-error':
      return addError(state, action.code, action.message);
    case 'server': {
      const next = onServer(state, action.message);
      const [last, ...older] = next.events;
      if (last?.type === action.message.type) {
        const event = { ...last, at: Date.now(), count: last.count + 1 };
        return { ...next, events: [event, ...older] };
      }
      const event = { id: next.nextId, type: action.message.type, at: Date.now(), count: 1 };
      return {
        ...next,
        events: [event, ...next.events].slice(0, MAX_EVENTS),
        nextId: next.nextId + 1,
      };
    }
  }
}
