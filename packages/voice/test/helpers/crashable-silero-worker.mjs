// The Silero inference worker, which a test can make crash as an uncaught error in it would:
// a message on the broadcast channel `silero-worker-crash` throws in the worker's event loop.
import { register } from 'tsx/esm/api';

register();
const crashes = new BroadcastChannel('silero-worker-crash');
crashes.onmessage = () => {
  setImmediate(() => {
    throw new Error('Silero worker crash requested');
  });
};
await import('../../src/audio/silero-worker.ts');
