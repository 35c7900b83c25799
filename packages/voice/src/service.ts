import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLogger, ServiceTelemetry } from '@hikma/service-kit';
import { createLLM, describeLLMSettings, type LLM } from '@hikma/llm';
import type { VoiceConfig } from './config.ts';
import { ApiKeyVerifier } from './auth/api-keys.ts';
import { TokenService, TOKEN_TTL_SECONDS } from './auth/tokens.ts';
import { SileroVAD } from './audio/silero-vad.ts';
import type { VAD } from './audio/vad.ts';
import type { STT } from './providers/stt/stt.ts';
import { SpeechProviders } from './providers/speech-providers.ts';
import type { TTS } from './providers/tts/tts.ts';
import { RagIndexStore } from './rag/index-store.ts';
import { VoiceMetrics } from './telemetry/metrics.ts';
import { TurnTracer } from './telemetry/tracing.ts';
import { azureMonitorExporters } from './telemetry/azure-monitor.ts';
import { Semaphore } from './limits/semaphore.ts';
import { SessionSlots } from './limits/session-slots.ts';
import { ModelTokenBuckets } from './limits/token-bucket.ts';
import { RedisModelTokenBuckets } from './limits/redis-token-bucket.ts';
import { RedisSessionSlots } from './limits/redis-session-slots.ts';
import { SharedState, type SharedStateLogger } from './cluster/shared-state.ts';
import { RedisSocketLeases } from './cluster/socket-leases.ts';
import { SessionManager } from './session/session-manager.ts';
import type { SessionEngines } from './session/engines.ts';
import { buildApp } from './http/app.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The service's name and version on its telemetry (the OpenTelemetry resource). */
export const VOICE_SERVICE = { name: 'hikma-voice', version: VERSION } as const;

export interface VoiceService {
  app: FastifyInstance;
  sessions: SessionManager;
  engines: Omit<SessionEngines, 'stt' | 'tts'>;
  speech: SpeechProviders;
  telemetry: ServiceTelemetry;
  /** The state shared with other instances through Redis; null when not configured. */
  shared: SharedState | null;
  /** Graceful stop: drain the sessions for `graceMs`, then close everything. */
  shutdown(graceMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Replacements for the embedded engines (tests use fakes of vendors here, never of our code). */
export interface EngineOverrides {
  llm?: LLM;
  stt?: STT;
  tts?: TTS;
  vad?: VAD | null;
}

/** Where the service's log lines go: tests read them; default standard output. */
export interface VoiceServiceOptions {
  logDestination?: NodeJS.WritableStream;
}

/** Wires configuration, engines, sessions and the HTTP/WebSocket server; does not listen. */
export async function createVoiceService(
  config: VoiceConfig,
  overrides: EngineOverrides = {},
  options: VoiceServiceOptions = {},
): Promise<VoiceService> {
  const logger = createLogger({
    service: 'voice',
    level: config.logLevel,
    format: config.logFormat,
    ...(options.logDestination ? { destination: options.logDestination } : {}),
  });
  const telemetry = new ServiceTelemetry(
    {
      service: VOICE_SERVICE,
      otlp: config.otlp,
      exportIntervalMs: config.telemetryExportIntervalMs,
    },
    config.telemetryConnectionString
      ? azureMonitorExporters({ connectionString: config.telemetryConnectionString })
      : {},
  );
  const metrics = new VoiceMetrics({
    resource: telemetry.resource,
    readers: telemetry.metricReaders,
  });
  const warnings: string[] = [...config.warnings];
  // The shared state connects once the app (and its logger) exists: see `shared.start` below.
  let log: SharedStateLogger | null = null;
  const shared = config.shared
    ? new SharedState(config.shared, {
        info: (obj, msg) => log?.info(obj, msg),
        warn: (obj, msg) => log?.warn(obj, msg),
        debug: (obj, msg) => log?.debug(obj, msg),
      })
    : null;
  let vad: VAD | null;
  if (overrides.vad !== undefined) vad = overrides.vad;
  else {
    try {
      vad = await SileroVAD.shared();
    } catch (err) {
      vad = null;
      warnings.push(`Silero VAD could not be loaded: ${(err as Error).message}`);
    }
  }
  const speech = new SpeechProviders(config.speech, {
    ...(overrides.stt ? { stt: overrides.stt } : {}),
    ...(overrides.tts ? { tts: overrides.tts } : {}),
  });
  const engines: Omit<SessionEngines, 'stt' | 'tts'> = {
    llm: overrides.llm ?? createLLM(config.llm),
    vad,
    rag: new RagIndexStore(join(config.dataDir, 'rag.db')),
    metrics,
    tracer: new TurnTracer(telemetry.tracer),
    recognitions: new Semaphore(config.limits.maxRecognitions),
    syntheses: new Semaphore(config.limits.maxSyntheses),
    tokenBuckets: shared
      ? new RedisModelTokenBuckets(shared, config.limits.llmTokensPerMinute)
      : new ModelTokenBuckets(config.limits.llmTokensPerMinute),
    settings: {
      maxFrameBytes: config.limits.maxFrameBytes,
      bargeInMinMs: config.bargeInMinMs,
      toolTimeoutMs: config.toolTimeoutMs,
      playbackLeadMs: config.playbackLeadMs,
    },
  };
  const sessions = new SessionManager({
    slots: shared
      ? new RedisSessionSlots(
          shared,
          config.limits.instanceCapacity,
          config.limits.tenantMaxSessions,
        )
      : new SessionSlots(config.limits.instanceCapacity, config.limits.tenantMaxSessions),
    ...(shared ? { socketLeases: new RedisSocketLeases(shared) } : {}),
    metrics,
    engines,
    speechFor: (tenant) => speech.forTenant(tenant),
    maxSessionMs: config.limits.maxSessionMs,
    connectWithinMs: TOKEN_TTL_SECONDS * 1000,
    resumeWindowMs: config.resumeWindowMs,
    log: logger,
  });
  const { app, wss } = await buildApp(
    {
      apiKeys: new ApiKeyVerifier(config.apiKeys),
      tokens: new TokenService(config.jwtSecret),
      sessions,
      rag: engines.rag,
      metrics,
      ...(shared ? { cluster: shared } : {}),
      limits: {
        maxBufferedBytes: config.maxBufferedBytes,
        maxMessagesPerSecond: config.maxMessagesPerSecond,
      },
      defaultVoice: config.defaultVoice,
      defaultModel: config.defaultModel,
      providers: () => ({
        llm: engines.llm.provider,
        ...(engines.llm.provider === 'offline'
          ? { llm_warning: 'offline LLM: deterministic development fallback, no model' }
          : {}),
        ...speech.describe(),
        vad: engines.vad?.provider ?? 'unavailable',
        rag: 'sqlite-fts5',
        limits: shared ? 'redis' : 'in-process',
      }),
    },
    {
      logger,
      ...(telemetry.tracing ? { tracer: telemetry.tracer } : {}),
      requestTimeoutMs: config.requestTimeoutMs,
    },
  );
  for (const warning of warnings) app.log.warn(warning);
  if (shared) {
    log = app.log;
    shared.start(() => ({
      capacity: config.limits.instanceCapacity,
      sessions: sessions.size,
      live_sockets: sessions.liveCount,
      draining: sessions.isDraining,
    }));
    metrics.observeCluster(shared);
  }
  app.log.info(`LLM: ${describeLLMSettings(config.llm)}`);
  return {
    app,
    sessions,
    engines,
    speech,
    telemetry,
    shared,
    async shutdown(graceMs: number) {
      const draining = sessions.drain(graceMs);
      // The other instances see this one draining now rather than at the next heartbeat.
      void shared?.beat();
      await draining;
      await close();
    },
    close,
  };
  async function close(): Promise<void> {
    sessions.endAll();
    for (const client of wss.clients) client.terminate();
    wss.close();
    await app.close();
    await shared?.close();
    await speech.close();
    engines.rag.close();
    await metrics.shutdown();
    await telemetry.shutdown();
  }
}
