import type { ServerMessage } from '@hikma/voice-client';
import {
  initialState,
  type UserTurn,
  type AssistantTurn,
  type NoticeTurn,
  type Turn,
  type TurnDecision,
  type IdleState,
  type ToolCall,
  type ConsoleErrorEntry,
  type ConsoleState,
  type ConsoleAction,
} from './console-model.ts';

const MAX_ERRORS = 20;
const MAX_EVENTS = 60;
const MAX_TURNS = 200;
// The strip chart shows the last 20 s; at a few decisions a second this covers it.
const MAX_DECISIONS = 120;
const MAX_SPEECH_SPANS = 20;

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
    4410: 'no reply after the idle re-prompt',
  };
  return `${code} ${known[code] ?? ''}${reason ? `: ${reason}` : ''}`.trim();
}

function onServer(state: ConsoleState, m: ServerMessage): ConsoleState {
  switch (m.type) {
    case 'session.created':
      return {
        ...state,
        sessionId: m.session_id,
        session: m.session,
        phase: 'listening',
        // A resumed session goes on with what the page shows; a new one starts afresh.
        ...(m.resumed ? {} : { turnDetector: initialState.turnDetector }),
      };
    case 'session.updated':
      return { ...state, session: m.session, updates: state.updates + 1 };
    case 'vad.speech_started': {
      const detector = state.turnDetector;
      const span = { start: Date.now(), end: null };
      return {
        ...state,
        phase: 'user_speaking',
        turnDetector: {
          ...detector,
          speech: [...detector.speech, span].slice(-MAX_SPEECH_SPANS),
          ended: null,
        },
      };
    }
    case 'vad.speech_stopped': {
      const detector = state.turnDetector;
      const span = detector.speech.at(-1);
      const decision = detector.decisions.at(-1);
      // The silence in force when the turn ended: the utterance's last decision.
      const ended = span && decision && decision.at >= span.start ? decision : null;
      const speech =
        span && span.end === null
          ? [...detector.speech.slice(0, -1), { ...span, end: Date.now() }]
          : detector.speech;
      return { ...state, phase: 'thinking', turnDetector: { ...detector, speech, ended } };
    }
    case 'transcript.delta':
      return { ...state, partial: { text: m.text, language: m.language } };
    case 'turn_detection.decision': {
      const decision: TurnDecision = {
        at: Date.now(),
        probability: m.probability,
        silenceMs: m.silence_ms,
        transcript: m.transcript,
      };
      const detector = state.turnDetector;
      return {
        ...state,
        turnDetector: {
          ...detector,
          decisions: [...detector.decisions, decision].slice(-MAX_DECISIONS),
        },
      };
    }
    case 'transcript.final': {
      const phase = state.phase === 'speaking' ? state.phase : 'thinking';
      const endOfTurn = state.turnDetector.ended;
      const turnDetector = { ...state.turnDetector, ended: null };
      if (m.text.trim() === '') return { ...state, partial: null, phase, turnDetector };
      const turn: UserTurn = {
        kind: 'user',
        id: state.nextId,
        text: m.text,
        languages: m.languages,
        durationMs: m.duration_ms,
        ...(endOfTurn
          ? {
              endOfTurn: { probability: endOfTurn.probability, silenceMs: endOfTurn.silenceMs },
            }
          : {}),
      };
      return {
        ...state,
        partial: null,
        phase,
        turnDetector,
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
    case 'response.resumed': {
      const s = withAssistant(state, m.stream_id);
      const cut = s.turns.findLastIndex(
        (t) => t.kind === 'assistant' && t.streamId === m.resumed_stream_id,
      );
      // The backchannel is the spoken turn that came after the cut reply.
      const heard =
        m.reason === 'backchannel'
          ? s.turns.findLastIndex((t, i) => i > cut && t.kind === 'user' && !t.typed)
          : -1;
      const turns = s.turns.map((t, i): Turn => {
        if (i === cut && t.kind === 'assistant') return { ...t, resumedBy: m.stream_id };
        if (i === heard && t.kind === 'user') return { ...t, backchannel: true };
        return t;
      });
      const after = heard >= 0 ? (turns[heard] as UserTurn).text : null;
      return {
        ...s,
        turns: updateAssistant(turns, m.stream_id, (t) => ({
          ...t,
          resumed: {
            streamId: m.resumed_stream_id,
            reason: m.reason,
            after,
            textOffset: m.text_offset,
          },
        })),
      };
    }
    case 'input_audio.timeout_triggered': {
      const seconds = formatSeconds(m.idle_timeout_ms);
      const notice: NoticeTurn = {
        kind: 'notice',
        id: state.nextId,
        action: m.action,
        text:
          m.action === 'close'
            ? `No reply for ${seconds} after the re-prompt: the service ends the session`
            : `No reply for ${seconds}: the assistant asks whether you are still there`,
      };
      return {
        ...state,
        turns: [...state.turns, notice].slice(-MAX_TURNS),
        nextId: state.nextId + 1,
      };
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

/** `1500` → `1.5 s`. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** How the idle count follows a server message (the service's rules, voice README). */
function followIdle(before: ConsoleState, after: ConsoleState, m: ServerMessage): IdleState {
  const idle = after.idle;
  const now = Date.now();
  switch (m.type) {
    case 'session.created':
      if (!m.resumed) return initialState.idle;
      // The service counts from zero again when the socket is back.
      return idle.free ? { ...idle, since: now } : idle;
    case 'session.updated': {
      const was = before.session?.turn_detection.idle_timeout_ms ?? null;
      const changed = was !== m.session.turn_detection.idle_timeout_ms;
      return changed && idle.free ? { ...idle, since: now } : idle;
    }
    case 'vad.speech_started':
    case 'barge_in.detected':
      return { ...idle, free: false, timeouts: 0 };
    case 'response.created':
    case 'tool.call':
      return { ...idle, free: false };
    case 'response.done':
      return after.phase === 'listening' ? { ...idle, free: true, since: now } : idle;
    case 'input_audio.timeout_triggered':
      return { ...idle, free: false, timeouts: idle.timeouts + 1 };
    default:
      return idle;
  }
}

/** The idle countdown now: null while the service is not counting. */
export function idleCountdown(
  state: ConsoleState,
  now: number,
): { remainingMs: number; timeoutMs: number; action: 'reprompt' | 'close' } | null {
  const timeoutMs = state.session?.turn_detection.idle_timeout_ms ?? null;
  if (timeoutMs === null || !state.idle.free || state.connection !== 'open') return null;
  return {
    remainingMs: Math.max(0, state.idle.since + timeoutMs - now),
    timeoutMs,
    action: state.idle.timeouts >= 1 ? 'close' : 'reprompt',
  };
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
    case 'committed':
      return { ...state, idle: { ...state.idle, free: false, timeouts: 0 } };
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
        idle: { ...state.idle, free: false, timeouts: 0 },
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
      const folded = onServer(state, action.message);
      const next = { ...folded, idle: followIdle(state, folded, action.message) };
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
