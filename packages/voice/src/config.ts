import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { resolveSecrets } from '@hikma/secrets';
import {
  LOG_FORMATS,
  OTLP_ENV,
  otlpSettingsFrom,
  serviceSettings,
  type LogFormat,
  type OtlpSettings,
  type Setting,
} from '@hikma/service-kit';
import { parseApiKeys } from './auth/api-keys.ts';
import { LLM_ENV_NAMES, voiceLLMSettings, type LLMSettings } from '@hikma/llm';
import { SPEECH_PROVIDERS, type SpeechSettings } from './providers/speech-providers.ts';
import type { SharedStateSettings } from './cluster/shared-state.ts';

const intIn = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const TenantLimits = z.record(
  z.string(),
  z.object({
    max_sessions: z.number().int().min(0).max(100_000).optional(),
    max_session_minutes: z
      .number()
      .min(0.01)
      .max(24 * 60)
      .optional(),
  }),
);

const TenantProviders = z.record(
  z.string(),
  z
    .object({ stt: z.enum(SPEECH_PROVIDERS).optional(), tts: z.enum(SPEECH_PROVIDERS).optional() })
    .strict(),
);

const jsonSetting = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .default('{}')
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const optionalUrl = z.url().optional();

// The message never repeats the value: a Redis URL may carry a password.
const redisUrl = z
  .string()
  .optional()
  .transform((s) => s || undefined)
  .refine((s) => s === undefined || /^rediss?:\/\/[^\s]+$/.test(s), {
    message: 'must be a redis:// or rediss:// URL',
  });

/** Every setting of the voice service read from the environment (see README), but the LLM's. */
const Env = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  VOICE_PORT: intIn(0, 65535, 8080),
  // Checked by loadConfig: a development default outside production, required in it.
  VOICE_API_KEYS: z.string().optional(),
  VOICE_JWT_SECRET: z.string().optional(),
  VOICE_DATA_DIR: z.string().min(1).default('./data'),
  VOICE_DEFAULT_VOICE: z.string().min(1).default('slt'),
  VOICE_DEFAULT_MODEL: z.string().min(1).optional(),
  VOICE_MAX_SESSION_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(30),
  VOICE_TENANT_MAX_SESSIONS: intIn(0, 100_000, 5),
  VOICE_TENANT_LIMITS: jsonSetting(TenantLimits),
  VOICE_TENANT_PROVIDERS: jsonSetting(TenantProviders),
  VOICE_STT_PROVIDER: z.enum(SPEECH_PROVIDERS).default('embedded'),
  VOICE_TTS_PROVIDER: z.enum(SPEECH_PROVIDERS).default('embedded'),
  CLOUD_SPEECH_REGION: z
    .string()
    .regex(/^[a-z0-9]+$/, 'an Azure region name such as westeurope')
    .optional(),
  CLOUD_SPEECH_ENDPOINT: optionalUrl,
  VOICE_STT_BASE_URL: optionalUrl,
  VOICE_STT_API_KEY: z.string().optional(),
  VOICE_STT_MODEL: z.string().optional(),
  VOICE_TTS_BASE_URL: optionalUrl,
  VOICE_TTS_API_KEY: z.string().optional(),
  VOICE_TTS_MODEL: z.string().optional(),
  VOICE_TTS_VOICE: z.string().optional(),
  VOICE_STT_TIMEOUT_MS: intIn(100, 600_000, 30_000),
  VOICE_TTS_TIMEOUT_MS: intIn(100, 600_000, 30_000),
  VOICE_INSTANCE_CAPACITY: intIn(1, 1_000_000, 250),
  VOICE_MAX_FRAME_BYTES: intIn(1024, 16 * 1024 * 1024, 32 * 1024),
  VOICE_MAX_RECOGNITIONS: intIn(1, 100_000, 100),
  VOICE_MAX_SYNTHESES: intIn(1, 100_000, 200),
  VOICE_STT_DECODERS: intIn(1, 256, 4),
  VOICE_LLM_TOKENS_PER_MINUTE: intIn(1, 1_000_000_000, 240_000),
  VOICE_BARGE_IN_MIN_MS: intIn(0, 5000, 200),
  VOICE_TOOL_TIMEOUT_MS: intIn(100, 600_000, 30_000),
  VOICE_PLAYBACK_LEAD_MS: intIn(0, 600_000, 300),
  VOICE_DRAIN_MS: intIn(0, 600_000, 10_000),
  VOICE_RESUME_WINDOW_MS: intIn(0, 3_600_000, 60_000),
  VOICE_MAX_BUFFERED_BYTES: intIn(64 * 1024, 1024 * 1024 * 1024, 8 * 1024 * 1024),
  VOICE_MAX_MESSAGES_PER_SECOND: intIn(1, 100_000, 200),
  VOICE_REDIS_URL: redisUrl,
  VOICE_REDIS_PREFIX: z.string().min(1).max(200).default('hikma:voice:'),
  VOICE_REDIS_TIMEOUT_MS: intIn(50, 60_000, 1000),
  VOICE_LEASE_TTL_MS: intIn(300, 600_000, 15_000),
  VOICE_INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'letters, digits and . _ : - (at most 128)')
    .optional(),
  VOICE_REQUEST_TIMEOUT_MS: intIn(100, 600_000, 30_000),
  CLOUD_LLM_ENDPOINT: z.string().optional(),
  CLOUD_SPEECH_RESOURCE_ID: z.string().optional(),
  TELEMETRY_CONNECTION_STRING: z.string().optional(),
  TELEMETRY_EXPORT_INTERVAL_MS: intIn(100, 3_600_000, 60_000),
  ...OTLP_ENV,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS).default('auto'),
});

export interface VoiceConfig {
  host: string;
  port: number;
  dataDir: string;
  apiKeys: Map<string, string>;
  jwtSecret: string;
  defaultVoice: string;
  defaultModel: string;
  limits: {
    maxSessionMs: (tenant: string) => number;
    tenantMaxSessions: (tenant: string) => number;
    instanceCapacity: number;
    maxFrameBytes: number;
    maxRecognitions: number;
    maxSyntheses: number;
    llmTokensPerMinute: number;
  };
  llm: LLMSettings;
  speech: SpeechSettings;
  bargeInMinMs: number;
  toolTimeoutMs: number;
  playbackLeadMs: number;
  /** On SIGTERM: how long live sessions get before they are closed (1012). */
  drainMs: number;
  /** How long a session whose socket dropped is kept for a reconnect. */
  resumeWindowMs: number;
  /** Outgoing bytes a socket may have queued before the client counts as not reading. */
  maxBufferedBytes: number;
  /** Client messages (text or audio) per second per socket before `rate_limited`. */
  maxMessagesPerSecond: number;
  /** Limits shared with the other instances through Redis; null: this instance counts alone. */
  shared: SharedStateSettings | null;
  /** An HTTP request (headers and body, or a WebSocket upgrade) must arrive within this. */
  requestTimeoutMs: number;
  logLevel: string;
  /** `auto`: human-readable on a terminal, JSON otherwise. */
  logFormat: LogFormat;
  /** Azure Monitor connection string; metrics and traces are exported when set. */
  telemetryConnectionString: string | undefined;
  /** OTLP/HTTP export of metrics and traces (`OTEL_EXPORTER_OTLP_*`); null when not set. */
  otlp: OtlpSettings | null;
  telemetryExportIntervalMs: number;
  /** Things the operator should know about the configuration (e.g. development defaults). */
  warnings: string[];
}

/** The development API key used when `VOICE_API_KEYS` is not set outside production. */
export const DEV_API_KEY = 'dev-local-key';

/** Settings that hold secrets: each may be given as `NAME_FILE` or a Key Vault reference. */
export const SECRET_SETTINGS = [
  'VOICE_API_KEYS',
  'VOICE_JWT_SECRET',
  'VOICE_LLM_API_KEY',
  'VOICE_STT_API_KEY',
  'VOICE_TTS_API_KEY',
  'VOICE_REDIS_URL',
  'TELEMETRY_CONNECTION_STRING',
] as const;

/**
 * Every environment variable the voice service reads, with its default: the schema's and the
 * LLM's (`VOICE_LLM_*`). `.env.example` and the README table are checked against it.
 */
export function voiceSettings(): Setting[] {
  const llm = Object.values(LLM_ENV_NAMES).map((name) => `VOICE_${name}`);
  return serviceSettings(Env.shape, llm, SECRET_SETTINGS);
}

/** Resolves the secret settings (files, Key Vault), then reads the configuration. */
export async function loadConfigFromEnvironment(
  env: NodeJS.ProcessEnv = process.env,
): Promise<VoiceConfig> {
  const warnings: string[] = [];
  const resolved = await resolveSecrets(env, SECRET_SETTINGS, { warn: (m) => warnings.push(m) });
  const config = loadConfig(resolved.env);
  return { ...config, warnings: [...warnings, ...config.warnings] };
}

/**
 * Reads and validates the configuration once; throws naming the bad setting. Secrets must
 * already be resolved (see `loadConfigFromEnvironment`).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): VoiceConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid voice service configuration: ${problems}`);
  }
  const e = parsed.data;
  const warnings: string[] = [];
  const production = e.NODE_ENV === 'production';

  let keysText = e.VOICE_API_KEYS;
  if (!keysText) {
    if (production)
      throw new Error('VOICE_API_KEYS (or VOICE_API_KEYS_FILE) is required in production');
    keysText = `${DEV_API_KEY}:dev`;
    warnings.push(
      `VOICE_API_KEYS is not set: using the development key "${DEV_API_KEY}" for tenant "dev"`,
    );
  }
  let apiKeys: Map<string, string>;
  try {
    apiKeys = parseApiKeys(keysText);
  } catch (err) {
    throw new Error(`invalid voice service configuration: ${(err as Error).message}`);
  }

  let jwtSecret = e.VOICE_JWT_SECRET;
  if (!jwtSecret) {
    if (production)
      throw new Error('VOICE_JWT_SECRET (or VOICE_JWT_SECRET_FILE) is required in production');
    jwtSecret = randomBytes(32).toString('hex');
    warnings.push(
      'VOICE_JWT_SECRET is not set: using a random secret (tokens do not survive a restart)',
    );
  }
  if (Buffer.byteLength(jwtSecret) < 32)
    throw new Error(
      'invalid voice service configuration: VOICE_JWT_SECRET must be at least 32 bytes',
    );

  const tenantLimits = e.VOICE_TENANT_LIMITS;
  let llm: LLMSettings;
  try {
    llm = voiceLLMSettings(env);
  } catch (err) {
    throw new Error(`invalid voice service configuration: ${(err as Error).message}`);
  }
  return Object.freeze({
    host: e.HOST,
    port: e.VOICE_PORT,
    dataDir: resolve(e.VOICE_DATA_DIR),
    apiKeys,
    jwtSecret,
    defaultVoice: e.VOICE_DEFAULT_VOICE,
    defaultModel: e.VOICE_DEFAULT_MODEL ?? defaultModelOf(llm),
    limits: {
      maxSessionMs: (tenant: string) =>
        (tenantLimits[tenant]?.max_session_minutes ?? e.VOICE_MAX_SESSION_MINUTES) * 60_000,
      tenantMaxSessions: (tenant: string) =>
        tenantLimits[tenant]?.max_sessions ?? e.VOICE_TENANT_MAX_SESSIONS,
      instanceCapacity: e.VOICE_INSTANCE_CAPACITY,
      maxFrameBytes: e.VOICE_MAX_FRAME_BYTES,
      maxRecognitions: e.VOICE_MAX_RECOGNITIONS,
      maxSyntheses: e.VOICE_MAX_SYNTHESES,
      llmTokensPerMinute: e.VOICE_LLM_TOKENS_PER_MINUTE,
    },
    llm,
    speech: {
      stt: e.VOICE_STT_PROVIDER,
      tts: e.VOICE_TTS_PROVIDER,
      tenants: e.VOICE_TENANT_PROVIDERS,
      embedded: { decoders: e.VOICE_STT_DECODERS },
      azure: {
        region: e.CLOUD_SPEECH_REGION,
        endpoint: e.CLOUD_SPEECH_ENDPOINT,
        resourceId: e.CLOUD_SPEECH_RESOURCE_ID,
      },
      openaiStt: {
        baseURL: e.VOICE_STT_BASE_URL,
        apiKey: e.VOICE_STT_API_KEY,
        model: e.VOICE_STT_MODEL,
        timeoutMs: e.VOICE_STT_TIMEOUT_MS,
      },
      openaiTts: {
        baseURL: e.VOICE_TTS_BASE_URL,
        apiKey: e.VOICE_TTS_API_KEY,
        model: e.VOICE_TTS_MODEL,
        voice: e.VOICE_TTS_VOICE,
        timeoutMs: e.VOICE_TTS_TIMEOUT_MS,
      },
    },
    bargeInMinMs: e.VOICE_BARGE_IN_MIN_MS,
    toolTimeoutMs: e.VOICE_TOOL_TIMEOUT_MS,
    playbackLeadMs: e.VOICE_PLAYBACK_LEAD_MS,
    drainMs: e.VOICE_DRAIN_MS,
    resumeWindowMs: e.VOICE_RESUME_WINDOW_MS,
    maxBufferedBytes: e.VOICE_MAX_BUFFERED_BYTES,
    maxMessagesPerSecond: e.VOICE_MAX_MESSAGES_PER_SECOND,
    shared: e.VOICE_REDIS_URL
      ? {
          redisUrl: e.VOICE_REDIS_URL,
          keyPrefix: e.VOICE_REDIS_PREFIX,
          timeoutMs: e.VOICE_REDIS_TIMEOUT_MS,
          leaseTtlMs: e.VOICE_LEASE_TTL_MS,
          instanceId: e.VOICE_INSTANCE_ID ?? `${hostname()}-${randomBytes(3).toString('hex')}`,
        }
      : null,
    requestTimeoutMs: e.VOICE_REQUEST_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    telemetryConnectionString: e.TELEMETRY_CONNECTION_STRING || undefined,
    otlp: otlpSettingsFrom(e),
    telemetryExportIntervalMs: e.TELEMETRY_EXPORT_INTERVAL_MS,
    warnings,
  });
}

/** The model new sessions name when VOICE_DEFAULT_MODEL is not set: the configured LLM's. */
function defaultModelOf(llm: LLMSettings): string {
  switch (llm.provider) {
    case 'offline':
      return llm.model ?? 'offline-1';
    case 'openai':
      return llm.model;
    case 'azure-openai':
      return llm.deployment;
  }
}
