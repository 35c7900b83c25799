import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLLM, type LLM } from '@hikma/llm';
import type { ResearchConfig } from './config.ts';
import { Store } from './store/store.ts';
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

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

export interface ResearchService {
  app: FastifyInstance;
  store: Store;
  engine: PipelineEngine;
  hub: RunEventHub;
  /** Live SSE subscribers, by run. */
  streams: SseFanout;
  /** Stops runs (they resume on the next start), the server and the database. */
  close(): Promise<void>;
}

export interface ServiceOverrides {
  llm?: LLM;
  citations?: CitationProvider | null;
  stages?: PipelineStage[];
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
  // The engine and the store log through the app's logger, which exists only once the app is built.
  const appRef: { current?: FastifyInstance } = {};
  const logger: Logger = {
    info: (obj, msg) => appRef.current?.log.info(obj, msg),
    warn: (obj, msg) => appRef.current?.log.warn(obj, msg),
    error: (obj, msg) => appRef.current?.log.error(obj, msg),
  };
  const store = Store.open(join(config.dataDir, 'research.db'), {
    onBackgroundError: (err) => logger.error({ err }, 'store background write failed'),
  });
  const llm = overrides.llm ?? researchLLM(config);
  const hub = new RunEventHub(store, narrate);
  const streams = new SseFanout(hub);
  const planner = new Planner({ store });
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
      uiOrigin: config.uiOrigin,
      tokenBudget: config.pipeline.runTokenBudget,
    },
    { logLevel: config.logLevel, requestTimeoutMs: config.requestTimeoutMs },
  );
  appRef.current = app;
  return {
    app,
    store,
    engine,
    hub,
    streams,
    async close() {
      await engine.stop();
      await app.close();
      store.close();
    },
  };
}
