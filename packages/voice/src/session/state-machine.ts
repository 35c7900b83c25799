/**
 * The conversation state machine of spec §3 as a pure function, so every transition can be
 * tested without audio, sockets or timers. The turn-taking feeds it events and carries out the
 * effects it returns, in order.
 */

export type ConversationState = 'listening' | 'user_speaking' | 'thinking' | 'agent_speaking';

export type ConversationEvent =
  /** Server VAD heard speech start (already confirmed by the VAD's minimum speech time). */
  | { type: 'speech_started' }
  /** Speech during AGENT_SPEAKING lasted the barge-in minimum. */
  | { type: 'barge_in_confirmed' }
  | { type: 'speech_stopped' }
  /** `input_audio.commit`: end of utterance, whatever the VAD says. */
  | { type: 'commit' }
  /** A user message arrived as text (`conversation.item.create`) or `response.create`. */
  | { type: 'response_requested' }
  | { type: 'first_audio' }
  /** All synthesised audio of the response has been sent. */
  | { type: 'audio_done' }
  /** The response ended (completed, failed, or found nothing to say). */
  | { type: 'response_done' }
  /**
   * `response.cancel` from the client (reason `client_cancelled`, the default), or the session
   * stopping the turn: the client went away, or the turn failed (`interrupted`).
   */
  | { type: 'cancel'; reason?: 'client_cancelled' | 'client_disconnected' | 'interrupted' };

export type Effect =
  | { type: 'send_speech_started' }
  | { type: 'send_speech_stopped' }
  /** Recognise the utterance, then respond to it. */
  | { type: 'end_utterance' }
  | { type: 'start_response' }
  /** Stop the turn (LLM, tools and TTS); reason `barge_in` also sends `barge_in.detected`. */
  | {
      type: 'cancel_response';
      reason: 'barge_in' | 'client_cancelled' | 'client_disconnected' | 'interrupted';
    }
  /** All of the reply's audio was sent: `response.audio.done`. */
  | { type: 'send_audio_done' };

export interface Transition {
  state: ConversationState;
  effects: Effect[];
}

const stay = (state: ConversationState): Transition => ({ state, effects: [] });

const cancelled = (
  reason: Extract<ConversationEvent, { type: 'cancel' }>['reason'] = 'client_cancelled',
): Transition => ({ state: 'listening', effects: [{ type: 'cancel_response', reason }] });

/** The next state and the effects of `event` in `state`. Unlisted combinations change nothing. */
export function transition(state: ConversationState, event: ConversationEvent): Transition {
  switch (state) {
    case 'listening':
      switch (event.type) {
        case 'speech_started':
          return { state: 'user_speaking', effects: [{ type: 'send_speech_started' }] };
        case 'commit':
          return { state: 'thinking', effects: [{ type: 'end_utterance' }] };
        case 'response_requested':
          return { state: 'thinking', effects: [{ type: 'start_response' }] };
        default:
          return stay(state);
      }
    case 'user_speaking':
      switch (event.type) {
        case 'speech_stopped':
        case 'commit':
          return {
            state: 'thinking',
            effects: [{ type: 'send_speech_stopped' }, { type: 'end_utterance' }],
          };
        default:
          return stay(state);
      }
    case 'thinking':
      switch (event.type) {
        case 'first_audio':
          return stay('agent_speaking');
        case 'response_done':
          return stay('listening');
        case 'speech_started':
          // The user speaks again before any audio: drop the pending response, without barge_in.detected.
          return {
            state: 'user_speaking',
            effects: [
              { type: 'cancel_response', reason: 'interrupted' },
              { type: 'send_speech_started' },
            ],
          };
        case 'cancel':
          return cancelled(event.reason);
        default:
          return stay(state);
      }
    case 'agent_speaking':
      switch (event.type) {
        case 'audio_done':
          return { state: 'listening', effects: [{ type: 'send_audio_done' }] };
        case 'response_done':
          return stay('listening');
        case 'barge_in_confirmed':
          return {
            state: 'user_speaking',
            effects: [
              { type: 'cancel_response', reason: 'barge_in' },
              { type: 'send_speech_started' },
            ],
          };
        case 'cancel':
          return cancelled(event.reason);
        default:
          return stay(state);
      }
  }
}

/** The spec's name of each state, for logs and docs. */
export const SPEC_STATE_NAMES: Record<ConversationState, string> = {
  listening: 'IDLE/LISTEN',
  user_speaking: 'USER_SPEAKING',
  thinking: 'THINKING',
  agent_speaking: 'AGENT_SPEAKING',
};
