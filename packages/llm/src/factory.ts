import { z } from 'zod';
import type { TokenCredential } from '@azure/identity';
import type { LLM } from './types.ts';
import { OfflineLLM } from './offline/offline-llm.ts';
import type { OfflineResponder } from './offline/offline-llm.ts';
import { OpenAICompatibleLLM } from './openai/openai-llm.ts';
import { AzureOpenAILLM } from './azure/azure-openai-llm.ts';
import type { ChatCompletionsTuning, RetryInfo } from './openai/chat-completions-llm.ts';

const required = (what: string) =>
  z.string({ error: `is required ${what}` }).min(1, `is required ${what}`);
const httpURL = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const timeoutMs = z
  .number({ error: 'must be a whole number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .min(1, 'must be at least 1 ms')
  .max(3_600_000, 'must be at most 3600000 ms (1 h)');
const maxRetries = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(20, 'must be at most 20');

/** Which LLM to use, validated: the embedded offline provider or a real one. */
export const llmSettingsSchema = z.discriminatedUnion(
  'provider',
  [
    z.strictObject({
      provider: z.literal('offline'),
      model: z.string().min(1).optional(),
    }),
    z.strictObject({
      provider: z.literal('openai'),
      baseURL: httpURL,
      apiKey: z.string().min(1).optional(),
      model: required('for provider openai'),
      timeoutMs: timeoutMs.optional(),
      maxRetries: maxRetries.optional(),
    }),
    z.strictObject({
      provider: z.literal('azure-openai'),
      endpoint: httpURL,
      deployment: required('for provider azure-openai'),
      apiVersion: z.string().min(1).optional(),
      timeoutMs: timeoutMs.optional(),
      maxRetries: maxRetries.optional(),
    }),
  ],
  { error: 'must be one of offline, openai, azure-openai' },
);

export type LLMSettings = z.infer<typeof llmSettingsSchema>;
export type LLMProviderName = LLMSettings['provider'];

/** Invalid LLM settings; the message names each bad setting (environment variable or field). */
export class LLMSettingsError extends Error {
  constructor(
    message: string,
    /** The settings (variables or fields) at fault. */
    readonly settings: string[],
  ) {
    super(message);
    this.name = 'LLMSettingsError';
  }
}

/** What `createLLM` may be given besides the settings. */
export interface CreateLLMExtras {
  /** Task responders for the offline provider (ignored by real providers). */
  offlineResponders?: Record<string, OfflineResponder>;
  /** Entra ID credential for azure-openai; default `DefaultAzureCredential`. */
  credential?: TokenCredential;
  /** Told about each retry of a real provider, for logs and metrics. */
  onRetry?: (info: RetryInfo) => void;
  /** Backoff tuning of a real provider (benchmarks and tests shorten it). */
  retry?: ChatCompletionsTuning['retry'];
}

/** Builds the LLM the settings describe; throws `LLMSettingsError` if they are invalid. */
export function createLLM(settings: LLMSettings, extras: CreateLLMExtras = {}): LLM {
  const s = parseSettings(settings, (field) => field);
  switch (s.provider) {
    case 'offline':
      return new OfflineLLM({
        ...(s.model ? { defaultModel: s.model } : {}),
        responders: extras.offlineResponders,
      });
    case 'openai':
      return new OpenAICompatibleLLM({
        baseURL: s.baseURL,
        apiKey: s.apiKey,
        model: s.model,
        timeoutMs: s.timeoutMs,
        maxRetries: s.maxRetries,
        onRetry: extras.onRetry,
        retry: extras.retry,
      });
    case 'azure-openai':
      return new AzureOpenAILLM({
        endpoint: s.endpoint,
        deployment: s.deployment,
        apiVersion: s.apiVersion,
        credential: extras.credential,
        timeoutMs: s.timeoutMs,
        maxRetries: s.maxRetries,
        onRetry: extras.onRetry,
        retry: extras.retry,
      });
  }
}

/** Environment variables (after the prefix) behind each settings field. */
export const LLM_ENV_NAMES = {
  provider: 'LLM_PROVIDER',
  baseURL: 'LLM_BASE_URL',
  apiKey: 'LLM_API_KEY',
  model: 'LLM_MODEL',
  endpoint: 'LLM_AZURE_ENDPOINT',
  deployment: 'LLM_AZURE_DEPLOYMENT',
  apiVersion: 'LLM_AZURE_API_VERSION',
  timeoutMs: 'LLM_TIMEOUT_MS',
  maxRetries: 'LLM_MAX_RETRIES',
} as const;

type Env = Record<string, string | undefined>;

/**
 * Reads LLM settings from `${prefix}LLM_*` variables (see the README's table). With no
 * `LLM_PROVIDER`: `openai` if `LLM_BASE_URL` is set, `azure-openai` if `LLM_AZURE_ENDPOINT`
 * is, else `offline`. Secrets (`LLM_API_KEY`) must already be resolved by the caller.
 */
export function llmSettingsFromEnv(env: Env, prefix = ''): LLMSettings {
  const name = (field: keyof typeof LLM_ENV_NAMES): string => `${prefix}${LLM_ENV_NAMES[field]}`;
  const read = (field: keyof typeof LLM_ENV_NAMES): string | undefined => {
    const value = env[name(field)]?.trim();
    return value ? value : undefined;
  };

  const baseURL = read('baseURL');
  const endpoint = read('endpoint');
  let provider = read('provider');
  if (!provider) {
    if (baseURL && endpoint)
      throw new LLMSettingsError(
        `${name('baseURL')} and ${name('endpoint')} are both set; set ${name('provider')} to openai or azure-openai`,
        [name('provider')],
      );
    provider = baseURL ? 'openai' : endpoint ? 'azure-openai' : 'offline';
  }
  const problems: [string, string][] = [];
  const number = (field: 'timeoutMs' | 'maxRetries'): number | undefined => {
    const text = read(field);
    if (text === undefined) return undefined;
    if (/^\d+$/.test(text)) return Number(text);
    problems.push([name(field), `must be a whole number (got "${text}")`]);
    return undefined;
  };

  let raw: Record<string, unknown>;
  switch (provider) {
    case 'offline':
      raw = { provider, model: read('model') };
      break;
    case 'openai':
      raw = {
        provider,
        baseURL,
        apiKey: read('apiKey'),
        model: read('model'),
        timeoutMs: number('timeoutMs'),
        maxRetries: number('maxRetries'),
      };
      break;
    case 'azure-openai':
      if (read('apiKey'))
        problems.push([
          name('apiKey'),
          'is set, but azure-openai authenticates with Microsoft Entra ID only; unset it',
        ]);
      raw = {
        provider,
        endpoint,
        // Deployments are usually named after their model.
        deployment: read('deployment') ?? read('model'),
        apiVersion: read('apiVersion'),
        timeoutMs: number('timeoutMs'),
        maxRetries: number('maxRetries'),
      };
      break;
    default:
      throw new LLMSettingsError(
        `${name('provider')} must be one of offline, openai, azure-openai (got "${provider}")`,
        [name('provider')],
      );
  }
  if (problems.length > 0) throw settingsError(problems);
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  return parseSettings(raw, (field) =>
    field === 'deployment'
      ? `${name('deployment')} (or ${name('model')})`
      : field in LLM_ENV_NAMES
        ? name(field as keyof typeof LLM_ENV_NAMES)
        : field,
  );
}

/**
 * The voice service's LLM settings: `VOICE_LLM_*`, plus the spec's `CLOUD_LLM_ENDPOINT`.
 * An Azure OpenAI URL (`*.openai.azure.com`, `*.cognitiveservices.azure.com`) selects
 * `azure-openai` (a deployment and `api-version` in the URL are used when the VOICE_
 * variables do not name them); any other URL is an OpenAI-compatible base URL. An explicit
 * `VOICE_LLM_PROVIDER`, `VOICE_LLM_BASE_URL` or `VOICE_LLM_AZURE_*` takes precedence.
 */
export function voiceLLMSettings(env: Env): LLMSettings {
  const cloud = env.CLOUD_LLM_ENDPOINT?.trim();
  if (!cloud) return llmSettingsFromEnv(env, 'VOICE_');
  let url: URL;
  try {
    url = new URL(cloud);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new LLMSettingsError(`CLOUD_LLM_ENDPOINT must be an http(s) URL (got "${cloud}")`, [
      'CLOUD_LLM_ENDPOINT',
    ]);
  }
  const merged: Env = { ...env };
  const fill = (key: string, value: string | undefined): void => {
    if (!merged[key]?.trim() && value) merged[key] = value;
  };
  fill('VOICE_LLM_PROVIDER', isAzureOpenAIHost(url.hostname) ? 'azure-openai' : 'openai');
  if (merged.VOICE_LLM_PROVIDER?.trim() === 'azure-openai') {
    const deployment = /\/openai\/deployments\/([^/]+)/.exec(url.pathname)?.[1];
    fill('VOICE_LLM_AZURE_ENDPOINT', url.origin);
    fill('VOICE_LLM_AZURE_DEPLOYMENT', deployment && decodeURIComponent(deployment));
    fill('VOICE_LLM_AZURE_API_VERSION', url.searchParams.get('api-version') ?? undefined);
  } else {
    fill('VOICE_LLM_BASE_URL', cloud);
  }
  return llmSettingsFromEnv(merged, 'VOICE_');
}

/** A one-line description of the settings for logs and health output, without secrets. */
export function describeLLMSettings(settings: LLMSettings): string {
  switch (settings.provider) {
    case 'offline':
      return `offline (deterministic development fallback, no model)${settings.model ? ` model=${settings.model}` : ''}`;
    case 'openai':
      return `openai model=${settings.model} at ${withoutCredentials(settings.baseURL)}${settings.apiKey ? ' (API key set)' : ''}`;
    case 'azure-openai':
      return `azure-openai deployment=${settings.deployment} at ${withoutCredentials(settings.endpoint)} (Entra ID)`;
  }
}

function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/** Whether a host name is an Azure OpenAI (or Azure AI Services) resource endpoint. */
export function isAzureOpenAIHost(hostname: string): boolean {
  return /\.(openai\.azure\.com|cognitiveservices\.azure\.com)$/i.test(hostname);
}

function parseSettings(input: unknown, nameOf: (field: string) => string): LLMSettings {
  const parsed = llmSettingsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw settingsError(
    parsed.error.issues.map((issue): [string, string] =>
      issue.code === 'unrecognized_keys'
        ? [issue.keys.map(nameOf).join(', '), 'not a setting of this provider']
        : [nameOf(issue.path.length > 0 ? String(issue.path[0]) : 'provider'), issue.message],
    ),
  );
}

function settingsError(problems: [string, string][]): LLMSettingsError {
  return new LLMSettingsError(
    `invalid LLM settings: ${problems.map(([n, m]) => `${n} ${m}`).join('; ')}`,
    [...new Set(problems.map(([n]) => n))],
  );
}
