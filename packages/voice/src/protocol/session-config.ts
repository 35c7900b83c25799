import { z } from 'zod';

const LOCALE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?-[A-Z]{2}$|^[a-z]{2,3}$/;

/** A function tool in the common LLM tool format. */
export const ToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -, at most 64'),
    description: z.string().max(2000).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** How eager `semantic_vad` is to end a turn (`auto` is `medium`). */
export const EAGERNESS = ['low', 'medium', 'high', 'auto'] as const;
export type Eagerness = (typeof EAGERNESS)[number];

/** Bounds of `turn_detection.idle_timeout_ms`: 1 s to 10 minutes. */
export const IDLE_TIMEOUT_MIN_MS = 1000;
export const IDLE_TIMEOUT_MAX_MS = 600_000;

/**
 * Silence after the assistant has finished before the client is told and the assistant asks
 * whether the user is still there (then, after as long again, the session ends); null: never.
 */
const IdleTimeout = z
  .number()
  .int()
  .min(IDLE_TIMEOUT_MIN_MS)
  .max(IDLE_TIMEOUT_MAX_MS)
  .nullable()
  .optional();

export const TurnDetection = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('server_vad'),
    silence_ms: z.number().int().min(100).max(10_000).optional(),
    /** Audio before the VAD's start of speech that the recogniser also gets. */
    prefix_padding_ms: z.number().int().min(0).max(2000).optional(),
    idle_timeout_ms: IdleTimeout,
  }),
  z.object({
    type: z.literal('semantic_vad'),
    /** How soon the turn ends: `high` soonest, `low` latest; `auto` is `medium`. */
    eagerness: z.enum(EAGERNESS).optional(),
    prefix_padding_ms: z.number().int().min(0).max(2000).optional(),
    idle_timeout_ms: IdleTimeout,
  }),
  z.object({ type: z.literal('none'), idle_timeout_ms: IdleTimeout }),
]);

/** Turn detection that ends turns from the voice activity (a VAD stream is needed). */
export type VADTurnDetection = Extract<
  SessionConfig['turn_detection'],
  { type: 'server_vad' | 'semantic_vad' }
>;

/** Whether turns end from the voice activity (`server_vad`, `semantic_vad`) or by commit. */
export function endsTurnsByVoice(
  detection: SessionConfig['turn_detection'],
): detection is VADTurnDetection & { idle_timeout_ms: number | null } {
  return detection.type !== 'none';
}

/** Input noise suppression (RNNoise): `near_field` for close-talking microphones, `far_field` for distant ones. */
export const NoiseReduction = z
  .object({ type: z.enum(['near_field', 'far_field']) })
  .strict()
  .nullable();
export type NoiseReductionType = 'near_field' | 'far_field';

/** Fields of `session.update.session` (spec §2); all optional, merged into the current configuration. */
export const SessionConfigPatch = z
  .object({
    instructions: z.string().max(20_000),
    languages: z.array(z.string().regex(LOCALE, 'a locale such as en-US or ar-SA')).min(1).max(8),
    voice: z.string().min(1).max(100),
    model: z.string().min(1).max(200),
    tools: z.array(ToolSchema).max(64),
    turn_detection: TurnDetection,
    rag: z
      .object({
        index_name: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
        top_k: z.number().int().min(1).max(20).optional(),
      })
      .nullable(),
    input_audio_noise_reduction: NoiseReduction,
    /** Extension: per-transcript analysis. */
    analysis: z
      .object({ pii: z.boolean().optional(), sentiment: z.boolean().optional() })
      .nullable(),
    /** Reserved for a future codec negotiation; only PCM is accepted in v1. */
    audio_codec: z.literal('pcm16'),
  })
  .partial()
  .strict();
export type SessionConfigPatch = z.infer<typeof SessionConfigPatch>;

const idleTimeout = {
  idle_timeout_ms: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Silence before the user is asked whether they are there; null: never.' }),
};

/** The full configuration of a session, after defaults (what `session.created` carries). */
export const SessionConfig = z.object({
  instructions: z.string(),
  languages: z.array(z.string()),
  voice: z.string(),
  model: z.string(),
  tools: z.array(ToolSchema),
  turn_detection: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('server_vad'),
      silence_ms: z.number().int(),
      prefix_padding_ms: z.number().int(),
      ...idleTimeout,
    }),
    z.object({
      type: z.literal('semantic_vad'),
      eagerness: z.enum(EAGERNESS),
      prefix_padding_ms: z.number().int(),
      ...idleTimeout,
    }),
    z.object({ type: z.literal('none'), ...idleTimeout }),
  ]),
  input_audio_noise_reduction: z.object({ type: z.enum(['near_field', 'far_field']) }).nullable(),
  rag: z.object({ index_name: z.string(), top_k: z.number().int() }).nullable(),
  analysis: z.object({ pii: z.boolean(), sentiment: z.boolean() }),
});
export type SessionConfig = z.infer<typeof SessionConfig>;

export const DEFAULT_SILENCE_MS = 500;
export const DEFAULT_PREFIX_PADDING_MS = 300;
export const DEFAULT_RAG_TOP_K = 3;

/** The configuration a new session starts with. */
export function defaultSessionConfig(voice: string, model: string): SessionConfig {
  return {
    instructions:
      'You are a helpful voice assistant. Answer briefly, in the language the user speaks.',
    languages: ['en-US'],
    voice,
    model,
    tools: [],
    turn_detection: {
      type: 'server_vad',
      silence_ms: DEFAULT_SILENCE_MS,
      prefix_padding_ms: DEFAULT_PREFIX_PADDING_MS,
      idle_timeout_ms: null,
    },
    input_audio_noise_reduction: null,
    rag: null,
    analysis: { pii: false, sentiment: false },
  };
}

/** Merges a validated patch into a configuration (fields given replace, nested objects merge). */
export function mergeSessionConfig(
  current: SessionConfig,
  patch: SessionConfigPatch,
): SessionConfig {
  const next: SessionConfig = { ...current };
  if (patch.instructions !== undefined) next.instructions = patch.instructions;
  if (patch.languages !== undefined) next.languages = patch.languages;
  if (patch.voice !== undefined) next.voice = patch.voice;
  if (patch.model !== undefined) next.model = patch.model;
  if (patch.tools !== undefined) next.tools = patch.tools;
  if (patch.turn_detection !== undefined) {
    const was = current.turn_detection.type === 'server_vad' ? current.turn_detection : null;
    const padded = current.turn_detection.type === 'none' ? null : current.turn_detection;
    // Kept across a change of type unless given (null turns it off).
    const idle_timeout_ms =
      patch.turn_detection.idle_timeout_ms === undefined
        ? current.turn_detection.idle_timeout_ms
        : patch.turn_detection.idle_timeout_ms;
    const detection = patch.turn_detection;
    if (detection.type === 'server_vad') {
      next.turn_detection = {
        type: 'server_vad',
        silence_ms: detection.silence_ms ?? was?.silence_ms ?? DEFAULT_SILENCE_MS,
        prefix_padding_ms:
          detection.prefix_padding_ms ?? padded?.prefix_padding_ms ?? DEFAULT_PREFIX_PADDING_MS,
        idle_timeout_ms,
      };
    } else if (detection.type === 'semantic_vad') {
      const wasSemantic =
        current.turn_detection.type === 'semantic_vad' ? current.turn_detection : null;
      next.turn_detection = {
        type: 'semantic_vad',
        eagerness: detection.eagerness ?? wasSemantic?.eagerness ?? 'auto',
        prefix_padding_ms:
          detection.prefix_padding_ms ?? padded?.prefix_padding_ms ?? DEFAULT_PREFIX_PADDING_MS,
        idle_timeout_ms,
      };
    } else {
      next.turn_detection = { type: 'none', idle_timeout_ms };
    }
  }
  if (patch.input_audio_noise_reduction !== undefined) {
    next.input_audio_noise_reduction = patch.input_audio_noise_reduction
      ? { type: patch.input_audio_noise_reduction.type }
      : null;
  }
  if (patch.rag !== undefined) {
    next.rag = patch.rag
      ? { index_name: patch.rag.index_name, top_k: patch.rag.top_k ?? DEFAULT_RAG_TOP_K }
      : null;
  }
  if (patch.analysis !== undefined) {
    next.analysis = patch.analysis
      ? {
          pii: patch.analysis.pii ?? current.analysis.pii,
          sentiment: patch.analysis.sentiment ?? current.analysis.sentiment,
        }
      : { pii: false, sentiment: false };
  }
  return next;
}
