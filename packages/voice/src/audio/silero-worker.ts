// Runs Silero VAD inference off the main thread; see WorkerBackend in silero-backend.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { openSileroSession, runSilero } from './silero-inference.ts';
import type { FromSileroWorker, SileroWorkerInit, ToSileroWorker } from './silero-protocol.ts';

if (!parentPort) throw new Error('silero-worker must run in a worker thread');
const port = parentPort;
const init = workerData as SileroWorkerInit;

const t0 = performance.now();
let session: Awaited<ReturnType<typeof openSileroSession>>;
try {
  session = await openSileroSession(init.modelPath, init.intraOpNumThreads);
  port.postMessage({ type: 'ready', loadMs: performance.now() - t0 } satisfies FromSileroWorker);
} catch (err) {
  port.postMessage({
    type: 'error',
    id: null,
    message: String(err),
  } satisfies FromSileroWorker);
  process.exit(0);
}

port.on('message', (m: ToSileroWorker) => {
  // Calls run strictly in order: the main thread may send the next one while this one runs.
  queue = queue.then(() => runOne(m));
});

let queue: Promise<void> = Promise.resolve();

function runOne(m: ToSileroWorker): Promise<void> {
  return runSilero(session, m).then(
    ({ output, stateN }) => {
      // The outputs are fresh arrays that nothing else holds: hand them over without a copy,
      // and the inputs back for the next batch.
      const reply: FromSileroWorker = {
        type: 'result',
        id: m.id,
        output,
        stateN,
        input: m.input,
        state: m.state,
      };
      port.postMessage(reply, transferable([output, stateN, m.input, m.state]));
    },
    (err: unknown) => {
      port.postMessage({
        type: 'error',
        id: m.id,
        message: String(err),
      } satisfies FromSileroWorker);
    },
  );
}

/** The distinct whole buffers of these arrays (a buffer listed twice cannot be transferred). */
function transferable(arrays: Float32Array[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const a of arrays) if (a.buffer instanceof ArrayBuffer) out.add(a.buffer);
  return [...out];
}
