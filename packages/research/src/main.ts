import { describeLLMSettings } from '@hikma/llm';
import { loadConfigFromEnvironment } from './config.ts';
import { createService } from './service.ts';

/** Starts the research service: listen, resume interrupted runs, stop cleanly on signals. */
async function main(): Promise<void> {
  const { config, warnings } = await loadConfigFromEnvironment();
  const service = await createService(config);
  await service.app.listen({ host: config.host, port: config.port });
  for (const warning of warnings) service.app.log.warn(warning);
  const llm = `LLM: ${describeLLMSettings(config.llm)}`;
  if (config.llm.provider === 'offline') service.app.log.warn(llm);
  else service.app.log.info(llm);
  const resumed = service.engine.resumeInterrupted();
  if (resumed.length > 0) service.app.log.info({ runs: resumed }, 'resumed interrupted runs');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.app.log.info({ signal }, 'stopping research service');
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
