import { WorkerBackend } from '../../src/audio/silero-backend.ts';
import { SileroVAD, type SileroVADOptions } from '../../src/audio/vad.ts';

const CRASHABLE_WORKER = new URL('./crashable-silero-worker.mjs', import.meta.url);

/**
 * Silero VAD in a worker thread that `crashWorker()` makes crash, as an uncaught error in it
 * would (every crashable worker of the process crashes). Restarted workers are crashable too.
 */
export async function loadCrashableVAD(
  options: SileroVADOptions = {},
): Promise<{ vad: SileroVAD; crashWorker(): void }> {
  const vad = await SileroVAD.load({
    ...options,
    openBackend: (init, supervision) =>
      WorkerBackend.open(init, { ...supervision, script: CRASHABLE_WORKER }),
  });
  return {
    vad,
    crashWorker() {
      const channel = new BroadcastChannel('silero-worker-crash');
      channel.postMessage('crash');
      channel.close();
    },
  };
}
