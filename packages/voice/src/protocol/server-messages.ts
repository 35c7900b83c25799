import type { VoiceErrorCode } from '../errors.ts';
import type { SessionConfig } from './session-config.ts';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** Every JSON message the server sends (spec §6, with the fields DESIGN.md adds). */
export type ServerMessage =
  | {
      type: 'session.created';
      session_id: string;
      model: string;
      voice: string;
      /** Extension: the whole configuration in force. */
      session: SessionConfig;
      /** Extension: milliseconds until the session's maximum duration is reached. */
      expires_in_ms: number;
      /** Extension: reconnects to this session after a dropped socket (single use). */
      resume_token?: string;
      /** Extension: present when this socket resumed the session; what happened while away. */
      resumed?: {
        /** Messages kept while away, sent again right after this one. */
        replayed_events: number;
        /** Messages produced while away that were not kept (oldest first) and are lost. */
        missed_events: number;
        /** Audio frames produced while away: never kept. */
        missed_audio_frames: number;
        missed_audio_bytes: number;
      };
    }
  | { type: 'session.updated'; session: SessionConfig }
  | { type: 'vad.speech_started'; audio_start_ms: number }
  | { type: 'vad.speech_stopped'; audio_end_ms: number }
  | {
      /**
       * `semantic_vad` only: the end-of-turn model read the words heard so far and chose the
       * silence that ends this turn (sent when either changes).
       */
      type: 'turn_detection.decision';
      probability: number;
      silence_ms: number;
      transcript: string;
    }
  | { type: 'transcript.delta'; text: string; language: string }
  | { type: 'transcript.final'; text: string; languages: string[]; duration_ms: number }
  | {
      type: 'transcript.analysis';
      pii: { category: string; offset: number; length: number }[];
      sentiment: string;
    }
  | { type: 'response.created'; stream_id: number }
  | { type: 'response.text.delta'; stream_id: number; text: string }
  | { type: 'response.audio.delta'; stream_id: number; bytes: number; audio?: string }
  | { type: 'response.audio.done'; stream_id: number }
  | {
      type: 'response.done';
      stream_id: number;
      usage: Usage;
      status: 'completed' | 'cancelled' | 'failed';
      /** Why a response did not complete (e.g. `barge_in`, `client_cancelled`, `empty_transcript`). */
      reason?: string;
      /** The assistant text that was spoken (all of it when completed). */
      text: string;
    }
  | {
      /**
       * Extension: the interruption of `resumed_stream_id` was no request to stop (no words, or
       * only a backchannel such as "uh-huh"): this response says the rest of that reply.
       */
      type: 'response.resumed';
      stream_id: number;
      resumed_stream_id: number;
      reason: 'backchannel' | 'no_words';
      /** Where in the interrupted reply's text this response starts (the cut word's start). */
      text_offset: number;
    }
  | {
      /**
       * The user said nothing for `turn_detection.idle_timeout_ms` after the assistant had
       * finished: the assistant asks whether they are still there (`reprompt`), or, the second
       * time in a row, the session ends (`close`: the socket is closed 4410 `idle_timeout`).
       */
      type: 'input_audio.timeout_triggered';
      /** Audio time when the silence began and when it timed out. */
      audio_start_ms: number;
      audio_end_ms: number;
      idle_timeout_ms: number;
      action: 'reprompt' | 'close';
    }
  | { type: 'tool.call'; stream_id: number; call_id: string; name: string; arguments: string }
  | { type: 'barge_in.detected'; stream_id: number; spoken_chars: number }
  | { type: 'error'; code: VoiceErrorCode; message: string };

export type ServerMessageType = ServerMessage['type'];
