import { z } from 'zod';
import { ERROR_CODES, type VoiceErrorCode } from '../errors.ts';
import { SessionConfig } from './session-config.ts';

/**
 * Every JSON message the server sends (spec §6, with the fields DESIGN.md adds), as zod
 * schemas: the TypeScript types are inferred from them and the published JSON Schema and
 * AsyncAPI documents are generated from them. The server builds these messages itself and
 * does not parse them on the way out.
 */

export const Usage = z.object({
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
});
export type Usage = z.infer<typeof Usage>;

const streamId = z.number().int().min(0).meta({
  description: "The response's stream; its binary audio frames carry it in their header.",
});
/** A point in the session's input audio, in milliseconds from its start. */
const audioMs = (description: string) => z.number().int().min(0).meta({ description });

const SessionCreated = z.object({
  type: z.literal('session.created'),
  session_id: z.string(),
  model: z.string(),
  voice: z.string(),
  /** Extension: the whole configuration in force. */
  session: SessionConfig,
  /** Extension: milliseconds until the session's maximum duration is reached. */
  expires_in_ms: z.number().int().min(0),
  /** Extension: reconnects to this session after a dropped socket (single use). */
  resume_token: z
    .string()
    .optional()
    .meta({ description: 'Reconnects to this session after a dropped socket (single use).' }),
  /** Extension: present when this socket resumed the session; what happened while away. */
  resumed: z
    .object({
      /** Messages kept while away, sent again right after this one. */
      replayed_events: z.number().int().min(0),
      /** Messages produced while away that were not kept (oldest first) and are lost. */
      missed_events: z.number().int().min(0),
      /** Audio frames produced while away: never kept. */
      missed_audio_frames: z.number().int().min(0),
      missed_audio_bytes: z.number().int().min(0),
    })
    .optional()
    .meta({
      description: 'Present when this socket resumed the session: what happened while away.',
    }),
});

const SessionUpdated = z.object({ type: z.literal('session.updated'), session: SessionConfig });

const SpeechStarted = z.object({
  type: z.literal('vad.speech_started'),
  audio_start_ms: audioMs('Where the speech starts in the input audio.'),
});

const SpeechStopped = z.object({
  type: z.literal('vad.speech_stopped'),
  audio_end_ms: audioMs('Where the speech ends in the input audio.'),
});

/**
 * `semantic_vad` only: the end-of-turn model read the words heard so far and chose the
 * silence that ends this turn (sent when either changes).
 */
const TurnDetectionDecision = z
  .object({
    type: z.literal('turn_detection.decision'),
    probability: z.number().min(0).max(1),
    silence_ms: z.number().int().min(0),
    transcript: z.string(),
  })
  .meta({ description: 'semantic_vad: the silence the end-of-turn model chose for this turn.' });

const TranscriptDelta = z.object({
  type: z.literal('transcript.delta'),
  text: z.string(),
  language: z.string(),
});

const TranscriptFinal = z.object({
  type: z.literal('transcript.final'),
  text: z.string(),
  languages: z
    .array(z.string())
    .meta({ description: 'The locales present in the utterance, in order of appearance.' }),
  duration_ms: z.number().int().min(0),
});

const TranscriptAnalysis = z.object({
  type: z.literal('transcript.analysis'),
  pii: z.array(
    z.object({ category: z.string(), offset: z.number().int(), length: z.number().int() }),
  ),
  sentiment: z.string(),
});

const ResponseCreated = z.object({ type: z.literal('response.created'), stream_id: streamId });

const ResponseTextDelta = z.object({
  type: z.literal('response.text.delta'),
  stream_id: streamId,
  text: z.string(),
});

const ResponseAudioDelta = z.object({
  type: z.literal('response.audio.delta'),
  stream_id: streamId,
  bytes: z.number().int().min(0),
  audio: z
    .string()
    .optional()
    .meta({ description: 'Base64 PCM16LE 24 kHz, when audio is sent in JSON.' }),
});

const ResponseAudioDone = z.object({ type: z.literal('response.audio.done'), stream_id: streamId });

const ResponseDone = z.object({
  type: z.literal('response.done'),
  stream_id: streamId,
  usage: Usage,
  status: z.enum(['completed', 'cancelled', 'failed']),
  /** Why a response did not complete (e.g. `barge_in`, `client_cancelled`, `empty_transcript`). */
  reason: z.string().optional().meta({
    description: 'Why a response did not complete (`barge_in`, `client_cancelled`, …).',
  }),
  /** The assistant text that was spoken (all of it when completed). */
  text: z.string().meta({ description: 'The assistant text that was spoken.' }),
});

/**
 * Extension: the interruption of `resumed_stream_id` was no request to stop (no words, or
 * only a backchannel such as "uh-huh"): this response says the rest of that reply.
 */
const ResponseResumed = z
  .object({
    type: z.literal('response.resumed'),
    stream_id: streamId,
    resumed_stream_id: z.number().int().min(0),
    reason: z.enum(['backchannel', 'no_words']),
    /** Where in the interrupted reply's text this response starts (the cut word's start). */
    text_offset: z.number().int().min(0),
  })
  .meta({ description: 'This response says the rest of a reply cut by no request to stop.' });

/**
 * The user said nothing for `turn_detection.idle_timeout_ms` after the assistant had
 * finished: the assistant asks whether they are still there (`reprompt`), or, the second
 * time in a row, the session ends (`close`: the socket is closed 4410 `idle_timeout`).
 */
const InputAudioTimeoutTriggered = z
  .object({
    type: z.literal('input_audio.timeout_triggered'),
    /** Audio time when the silence began and when it timed out. */
    audio_start_ms: audioMs('When the silence began.'),
    audio_end_ms: audioMs('When it timed out.'),
    idle_timeout_ms: z.number().int(),
    action: z.enum(['reprompt', 'close']),
  })
  .meta({
    description: 'The user was silent for idle_timeout_ms: a re-prompt, or (twice) the close.',
  });

const ToolCall = z.object({
  type: z.literal('tool.call'),
  stream_id: streamId,
  call_id: z.string(),
  name: z.string(),
  arguments: z.string().meta({ description: 'JSON text.' }),
});

const BargeInDetected = z.object({
  type: z.literal('barge_in.detected'),
  stream_id: streamId,
  spoken_chars: z.number().int().min(0),
});

const ErrorMessage = z.object({
  type: z.literal('error'),
  code: z.enum(Object.keys(ERROR_CODES) as [VoiceErrorCode, ...VoiceErrorCode[]]),
  message: z.string(),
});

/** Every JSON message the server sends, by `type`. */
export const ServerMessage = z.discriminatedUnion('type', [
  SessionCreated,
  SessionUpdated,
  SpeechStarted,
  SpeechStopped,
  TurnDetectionDecision,
  TranscriptDelta,
  TranscriptFinal,
  TranscriptAnalysis,
  ResponseCreated,
  ResponseTextDelta,
  ResponseAudioDelta,
  ResponseAudioDone,
  ResponseDone,
  ResponseResumed,
  InputAudioTimeoutTriggered,
  ToolCall,
  BargeInDetected,
  ErrorMessage,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type ServerMessageType = ServerMessage['type'];
