import { describeLLMSettings } from '@hikma/llm';
import { runUntilSignalled } from '@hikma/service-kit';
import { loadConfigFromEnvironment } from './config.ts';
import { createService } from './service.ts';

// Starts the research service: listen, resume interrupted runs, stop cleanly on signals.
runUntilSignalled(async () => {
  const { config, warnings } = await loadConfigFromEnvironment();
  const service = await createService(config);
  await service.app.listen({ host: config.host, port: config.port });
  for (const warning of warnings) service.app.log.warn(warning);
  const llm = `LLM: ${describeLLMSettings(config.llm)}`;
  if (config.llm.provider === 'offline') service.app.log.warn(llm);
  else service.app.log.info(llm);
  const resumed = await service.engine.resumeInterrupted();
  if (resumed.length > 0) service.app.log.info({ runs: resumed }, 'resumed interrupted runs');
  return {
    async stop(signal) {
      service.app.log.info({ signal }, 'stopping research service');
      await service.close();
    },
  };
});
