import { availableParallelism, freemem } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { LLM_ENV_NAMES, llmSettingsFromEnv, type LLMSettings } from '@hikma/llm';
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
import { STAGES, type StageName } from './domain/artefacts.ts';
import type { PipelineConfig } from './pipeline/config.ts';
import { ResearchError } from './errors.ts';

const stageList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(STAGES)));

const intIn = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Every setting of the research service read from the environment (see README), but the LLM's. */
const Env = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  RESEARCH_PORT: intIn(0, 65535, 8000),
  RESEARCH_REQUEST_TIMEOUT_MS: intIn(100, 3_600_000, 120_000),
  RESEARCH_UI_ORIGIN: z.url().default('http://localhost:5173'),
  RESEARCH_DATA_DIR: z.string().min(1).default('./data'),
  RESEARCH_PAUSE_AFTER: stageList.default(['ideation', 'planning']),
  RESEARCH_RETRIEVAL_K: intIn(0, 50, 5),
  RESEARCH_MAX_CODE_ATTEMPTS: intIn(1, 10, 3),
  RESEARCH_SANDBOX_TIMEOUT_MS: intIn(1000, 3_600_000, 60_000),
  RESEARCH_SANDBOX_CPU_SECONDS: intIn(1, 3600, 60),
  RESEARCH_SANDBOX_MEMORY_MB: intIn(64, 65536, 1024),
  RESEARCH_LATEX_TIMEOUT_MS: intIn(1000, 600_000, 120_000),
  RESEARCH_RUN_TOKEN_BUDGET: intIn(0, 1_000_000_000, 2_000_000),
  RESEARCH_RUN_TIMEOUT_MS: intIn(0, 86_400_000, 3_600_000),
  RESEARCH_MAX_ACTIVE_RUNS: z.coerce.number().int().min(1).max(1000).optional(),
  RESEARCH_MAX_EXPERIMENTS: z.coerce.number().int().min(1).max(1000).optional(),
  RESEARCH_MAX_COMPILES: z.coerce.number().int().min(1).max(1000).optional(),
  RESEARCH_SSE_MAX_BUFFERED_BYTES: intIn(4096, 1024 ** 3, 1024 * 1024),
  RESEARCH_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL (unset: the embedded SQLite database)')
    .optional(),
  RESEARCH_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  RESEARCH_QUEUE_LEASE_MS: intIn(2000, 600_000, 30_000),
  RESEARCH_PAPER_MAX_PAGES: intIn(1, 200, 8),
  RESEARCH_CITATIONS: z.enum(['none', 'openalex', 'semantic_scholar', 'both']).default('none'),
  RESEARCH_OPENALEX_MAILTO: z.email().optional(),
  RESEARCH_OPENALEX_BASE_URL: z.url().optional(),
  RESEARCH_SEMANTIC_SCHOLAR_API_KEY: z.string().optional(),
  RESEARCH_SEMANTIC_SCHOLAR_BASE_URL: z.url().optional(),
  TELEMETRY_EXPORT_INTERVAL_MS: intIn(100, 3_600_000, 60_000),
  ...OTLP_ENV,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS).default('auto'),
});

export interface ResearchConfig {
  host: string;
  port: number;
  uiOrigin: string;
  dataDir: string;
  llm: LLMSettings;
  citations: {
    provider: 'none' | 'openalex' | 'semantic_scholar' | 'both';
    openalexMailto?: string;
    openalexBaseUrl?: string;
    semanticScholarApiKey?: string;
    semanticScholarBaseUrl?: string;
  };
  logLevel: string;
  /** `auto`: human-readable on a terminal, JSON otherwise. */
  logFormat: LogFormat;
  /** OTLP/HTTP export of metrics and traces (`OTEL_EXPORTER_OTLP_*`); null when not set. */
  otlp: OtlpSettings | null;
  /** How often metrics are pushed to OTLP. */
  telemetryExportIntervalMs: number;
  /** A request's headers and body must have arrived within this. */
  requestTimeoutMs: number;
  pipeline: PipelineConfig;
  /** How much work this worker takes on at once. */
  limits: WorkLimits;
  /** Bytes an SSE subscriber may leave unread before its stream is ended. */
  sseMaxBufferedBytes: number;
  /** Where runs are kept and queued: the embedded SQLite file, or a shared Postgres. */
  storage: { kind: 'sqlite' } | { kind: 'postgres'; url: string };
  /**
   * What this instance does: serve the API (`api`), execute runs (`worker`), or both
   * (`all`). Only a Postgres deployment can split them.
   */
  role: 'all' | 'api' | 'worker';
  /**
   * How long a worker's claim on a run lasts without renewal: a worker that dies loses
   * its runs to another worker after about this long.
   */
  queueLeaseMs: number;
}

/** Per-worker limits on concurrent work. */
export interface WorkLimits {
  /** Runs holding a run slot (running); others wait `pending`. */
  activeRuns: number;
  /** Sandbox executions of generated experiments. */
  experiments: number;
  /** LaTeX compiles. */
  compiles: number;
}

/** What the default limits are derived from. */
export interface MachineFacts {
  cores: number;
  freeMemoryBytes: number;
}

/** This machine's cores and free memory, as the default limits see them. */
export function machineFacts(): MachineFacts {
  return { cores: availableParallelism(), freeMemoryBytes: freemem() };
}

/**
 * Default limits: one run and one compile per core; experiments as many as the cores and the
 * free memory allow, each counted at its sandbox memory limit, and at least one.
 */
export function defaultLimits(machine: MachineFacts, sandboxMemoryBytes: number): WorkLimits {
  const cores = Math.max(1, machine.cores);
  const byMemory = Math.floor(machine.freeMemoryBytes / sandboxMemoryBytes);
  return {
    activeRuns: cores,
    experiments: Math.max(1, Math.min(cores, byMemory)),
    compiles: cores,
  };
}

/** Settings that hold secrets: each may be given as `NAME_FILE` or a Key Vault reference. */
export const SECRET_SETTINGS = [
  'RESEARCH_LLM_API_KEY',
  'RESEARCH_SEMANTIC_SCHOLAR_API_KEY',
] as const;

/**
 * Every environment variable the research service reads, with its default: the schema's and
 * the LLM's (`RESEARCH_LLM_*`). `.env.example` and the README table are checked against it.
 */
export function researchSettings(): Setting[] {
  const llm = Object.values(LLM_ENV_NAMES).map((name) => `RESEARCH_${name}`);
  return serviceSettings(Env.shape, llm, SECRET_SETTINGS);
}

/** Resolves the secret settings (files, Key Vault), then reads the configuration. */
export async function loadConfigFromEnvironment(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ config: ResearchConfig; warnings: string[] }> {
  const warnings: string[] = [];
  const resolved = await resolveSecrets(env, SECRET_SETTINGS, { warn: (m) => warnings.push(m) });
  return { config: loadConfig(resolved.env), warnings };
}

/** Reads and validates the configuration once; throws naming every bad setting. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  machine: MachineFacts = machineFacts(),
): ResearchConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ResearchError(
      'config_invalid',
      `invalid research service configuration: ${problems}`,
    );
  }
  const e = parsed.data;
  let llm: LLMSettings;
  try {
    llm = llmSettingsFromEnv(env, 'RESEARCH_');
  } catch (err) {
    throw new ResearchError(
      'config_invalid',
      `invalid research service configuration: ${(err as Error).message}`,
      { cause: err },
    );
  }
  const dataDir = resolve(e.RESEARCH_DATA_DIR);
  if (e.RESEARCH_ROLE !== 'all' && !e.RESEARCH_DATABASE_URL) {
    throw new ResearchError(
      'config_invalid',
      `invalid research service configuration: RESEARCH_ROLE=${e.RESEARCH_ROLE} needs RESEARCH_DATABASE_URL (an API-only or worker-only instance shares a Postgres with the others)`,
    );
  }
  const sandboxMemoryBytes = e.RESEARCH_SANDBOX_MEMORY_MB * 1024 * 1024;
  const defaults = defaultLimits(machine, sandboxMemoryBytes);
  return Object.freeze({
    host: e.HOST,
    port: e.RESEARCH_PORT,
    uiOrigin: e.RESEARCH_UI_ORIGIN.replace(/\/$/, ''),
    dataDir,
    llm,
    citations: {
      provider: e.RESEARCH_CITATIONS,
      openalexMailto: e.RESEARCH_OPENALEX_MAILTO,
      openalexBaseUrl: e.RESEARCH_OPENALEX_BASE_URL,
      semanticScholarApiKey: e.RESEARCH_SEMANTIC_SCHOLAR_API_KEY,
      semanticScholarBaseUrl: e.RESEARCH_SEMANTIC_SCHOLAR_BASE_URL,
    },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    otlp: otlpSettingsFrom(e),
    telemetryExportIntervalMs: e.TELEMETRY_EXPORT_INTERVAL_MS,
    requestTimeoutMs: e.RESEARCH_REQUEST_TIMEOUT_MS,
    limits: Object.freeze({
      activeRuns: e.RESEARCH_MAX_ACTIVE_RUNS ?? defaults.activeRuns,
      experiments: e.RESEARCH_MAX_EXPERIMENTS ?? defaults.experiments,
      compiles: e.RESEARCH_MAX_COMPILES ?? defaults.compiles,
    }),
    sseMaxBufferedBytes: e.RESEARCH_SSE_MAX_BUFFERED_BYTES,
    storage: e.RESEARCH_DATABASE_URL
      ? { kind: 'postgres' as const, url: e.RESEARCH_DATABASE_URL }
      : { kind: 'sqlite' as const },
    role: e.RESEARCH_ROLE,
    queueLeaseMs: e.RESEARCH_QUEUE_LEASE_MS,
    pipeline: Object.freeze({
      dataDir,
      pauseAfter: e.RESEARCH_PAUSE_AFTER as StageName[],
      retrievalK: e.RESEARCH_RETRIEVAL_K,
      maxCodeAttempts: e.RESEARCH_MAX_CODE_ATTEMPTS,
      sandbox: {
        timeoutMs: e.RESEARCH_SANDBOX_TIMEOUT_MS,
        cpuSeconds: e.RESEARCH_SANDBOX_CPU_SECONDS,
        memoryBytes: sandboxMemoryBytes,
      },
      latexTimeoutMs: e.RESEARCH_LATEX_TIMEOUT_MS,
      runTokenBudget: e.RESEARCH_RUN_TOKEN_BUDGET,
      runTimeoutMs: e.RESEARCH_RUN_TIMEOUT_MS,
      maxPages: e.RESEARCH_PAPER_MAX_PAGES,
    }),
  });
}
