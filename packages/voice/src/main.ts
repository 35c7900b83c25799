import { loadConfigFromEnvironment } from './config.ts';
import { createVoiceService } from './service.ts';

/** Starts the voice service and stops it cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = await loadConfigFromEnvironment();
  const service = await createVoiceService(config);
  await service.app.listen({ host: config.host, port: config.port });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.app.log.info({ signal, drain_ms: config.drainMs }, 'draining voice service');
    await service.shutdown(config.drainMs);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
