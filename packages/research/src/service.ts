import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLLM, type LLM } from '@hikma/llm';
import { createLogger, ServiceTelemetry } from '@hikma/service-kit';
import type { ResearchConfig } from './config.ts';
import { Store } from './store/store.ts';
import type { ResearchStore } from './store/contract.ts';
import { PostgresStore } from './store/postgres/store.ts';
import { QueueAdmission } from './pipeline/queue-admission.ts';
import { hostname } from 'node:os';
import { RunEventHub } from './pipeline/event-hub.ts';
import { PipelineEngine, type Logger } from './pipeline/engine.ts';
import { DEFAULT_STAGES } from './pipeline/stages/index.ts';
import type { PipelineStage } from './pipeline/stage.ts';
import { researchResponders } from './offline/responders.ts';
import { narrate } from './narrator/narrator.ts';
import { Planner } from './planner/index.ts';
import { citationProviderFromConfig } from './citations/from-config.ts';
import type { CitationProvider } from './citations/index.ts';
import { IntentRouter } from './intent/router.ts';
import { buildApp } from './http/app.ts';
import { SseFanout } from './http/sse-fanout.ts';
import { InProcessAdmission, type RunAdmission } from './pipeline/admission.ts';
import { WorkSlots } from './pipeline/work-slots.ts';
import { ResearchMetrics } from './telemetry/metrics.ts';
import { runLog } from './telemetry/run-log.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The service's name and version on its telemetry (the OpenTelemetry resource). */
export const RESEARCH_SERVICE = { name: 'hikma-research', version: VERSION } as const;

export interface ResearchService {
  app: FastifyInstance;
  store: ResearchStore;
  engine: PipelineEngine;
  hub: RunEventHub;
  /** Live SSE subscribers, by run. */
  streams: SseFanout;
  metrics: ResearchMetrics;
  telemetry: ServiceTelemetry;
  /** Stops runs (they resume on the next start), the server and the database. */
  close(): Promise<void>;
}

export interface ServiceOverrides {
  llm?: LLM;
  citations?: CitationProvider | null;
  stages?: PipelineStage[];
  /** Decides when runs get a slot (default: in process, `RESEARCH_MAX_ACTIVE_RUNS`). */
  admission?: RunAdmission;
  /** Where log lines go (tests read them); default standard output. */
  logDestination?: NodeJS.WritableStream;
}

/** The LLM the configuration asks for (offline: with a responder for every pipeline task). */
export function researchLLM(config: ResearchConfig): LLM {
  return createLLM(config.llm, { offlineResponders: researchResponders() });
}

/** Wires storage, pipeline, events and HTTP together; does not listen or resume runs. */
export async function createService(
  config: ResearchConfig,
  overrides: ServiceOverrides = {},
): Promise<ResearchService> {
  // One logger for the server, the engine and the store.
  const log = createLogger({
    service: 'research',
    level: config.logLevel,
    format: config.logFormat,
    ...(overrides.logDestination ? { destination: overrides.logDestination } : {}),
  });
  const logger: Logger = log;
  const telemetry = new ServiceTelemetry({
    service: RESEARCH_SERVICE,
    otlp: config.otlp,
    exportIntervalMs: config.telemetryExportIntervalMs,
  });
  // What is open so far, closed again (last first) if a later step fails: a service that
  // cannot start must not leave a pool, a worker or a timer keeping the process alive.
  const opened: (() => Promise<unknown>)[] = [() => telemetry.shutdown()];
  try {
    const onBackgroundError = (err: unknown) =>
      logger.error({ err }, 'store background write failed');
    const store: ResearchStore =
      config.storage.kind === 'postgres'
        ? await PostgresStore.open(config.storage.url, {
            onBackgroundError,
            instanceId: `${hostname()}-${process.pid}`,
          })
        : Store.open(join(config.dataDir, 'research.db'), { onBackgroundError });
    opened.push(() => store.close());
    const llm = overrides.llm ?? researchLLM(config);
    const hub = new RunEventHub(store, narrate, runLog(log));
    const streams = new SseFanout(hub);
    const planner = new Planner({ store });
    const metrics = new ResearchMetrics({
      resource: telemetry.resource,
      readers: telemetry.metricReaders,
    });
    opened.push(() => metrics.shutdown());
    const { limits } = config;
    const queue =
      config.storage.kind === 'postgres' && !overrides.admission
        ? new QueueAdmission({
            databaseUrl: config.storage.url,
            limit: config.role === 'api' ? 0 : limits.activeRuns,
            leaseMs: config.queueLeaseMs,
            unfinishedRuns: async () =>
              (await store.runs.listUnfinished()).map((r) => ({
                run_id: r.run_id,
                user_id: r.user_id,
                since: r.started_at,
                round: r.state.answered_pauses.length,
              })),
            stillUnfinished: async (runId) => {
              const status = (await store.runs.get(runId))?.status;
              return status === 'running' || status === 'pending';
            },
            onError: (err, what) => logger.error({ err }, `${what} failed`),
          })
        : null;
    if (queue) {
      opened.push(() => queue.close());
      await queue.ready();
    }
    const admission: RunAdmission =
      overrides.admission ?? queue ?? new InProcessAdmission(limits.activeRuns);
    const slots = {
      experiment: new WorkSlots('experiment', limits.experiments, (ms) =>
        metrics.slotAcquired('experiment', ms),
      ),
      compile: new WorkSlots('compile', limits.compiles, (ms) =>
        metrics.slotAcquired('compile', ms),
      ),
    };
    const engine = new PipelineEngine({
      store,
      planner,
      citations:
        overrides.citations !== undefined
          ? overrides.citations
          : citationProviderFromConfig(config.citations, logger),
      llm,
      hub,
      config: config.pipeline,
      stages: overrides.stages ?? DEFAULT_STAGES,
      logger,
      admission,
      slots,
      observer: metrics,
    });
    opened.push(() => engine.stop());
    metrics.observe({
      runsByStatus: () => store.runs.countByStatus(),
      queueDepth: () => admission.stats().waiting,
      slots: () => {
        const runs = admission.stats();
        const of = (s: WorkSlots) => ({ inUse: s.inUse, waiting: s.waiting, limit: s.limit });
        return {
          // This worker's runs: with a shared queue, `runs.active` counts every worker's.
          run: { inUse: engine.executing, waiting: runs.waiting, limit: runs.limit },
          experiment: of(slots.experiment),
          compile: of(slots.compile),
        };
      },
      sseSubscribers: () => streams.totalSubscribers,
    });
    const app = await buildApp(
      {
        store,
        engine,
        hub,
        streams,
        planner,
        intents: new IntentRouter({ llm }),
        version: VERSION,
        llmProvider: llm.provider,
        providers: {
          llm: llm.provider,
          storage: config.storage.kind,
          run_queue: queue ? 'postgres (BullMQ)' : 'in-process',
          citations:
            overrides.citations === undefined
              ? config.citations.provider
              : overrides.citations
                ? 'custom'
                : 'none',
        },
        uiOrigin: config.uiOrigin,
        tokenBudget: config.pipeline.runTokenBudget,
        metrics,
        sseMaxBufferedBytes: config.sseMaxBufferedBytes,
        serveApi: config.role !== 'worker',
        queueReachable: () => queue?.reachable() ?? Promise.resolve(true),
      },
      {
        logger: log,
        ...(telemetry.tracing ? { tracer: telemetry.tracer } : {}),
        requestTimeoutMs: config.requestTimeoutMs,
      },
    );
    return {
      app,
      store,
      engine,
      hub,
      streams,
      metrics,
      telemetry,
      async close() {
        await engine.stop();
        await queue?.close();
        await app.close();
        await store.close();
        await metrics.shutdown();
        await telemetry.shutdown();
      },
    };
  } catch (err) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    throw err;
  }
}
