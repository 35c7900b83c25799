import { runUntilSignalled } from '@hikma/service-kit';
import { loadConfigFromEnvironment } from './config.ts';
import { createVoiceService } from './service.ts';

// Starts the voice service and drains it on SIGINT/SIGTERM.
runUntilSignalled(async () => {
  const config = await loadConfigFromEnvironment();
  const service = await createVoiceService(config);
  await service.app.listen({ host: config.host, port: config.port });
  return {
    async stop(signal) {
      service.app.log.info({ signal, drain_ms: config.drainMs }, 'draining voice service');
      await service.shutdown(config.drainMs);
    },
  };
});
