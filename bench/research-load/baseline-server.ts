// Child process: the baseline, a bare node:http SSE fan-out with no framework, no storage
// and no per-subscriber work: each event is formatted once and written to every response.
// It sends the same messages (same shape, size and `ts` clock) at the same pace as the
// research service, and answers GET with a fixed copy of the service's run snapshot.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from './ipc.ts';
import { pace } from './pacer.ts';
import type { ServerCommands } from './protocol.ts';
import { memory, PhaseMeter, settledMemory } from './stats.ts';
import { syntheticPayload } from './synthetic.ts';

let runId = 'run-baseline';
const subscribers = new Set<ServerResponse>();
let seq = 0;
let snapshot = '{}';

const server = createServer((req, res) => {
  if (req.url === '/stream') {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
    });
    res.write('retry: 3000\n\n');
    subscribers.add(res);
    res.on('close', () => subscribers.delete(res));
    return;
  }
  if (req.url === '/run') {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(snapshot);
    return;
  }
  res.writeHead(404).end();
});

function broadcast(type: string, data: unknown): void {
  seq += 1;
  const event = { seq, run_id: runId, type, ts: new Date().toISOString(), data };
  const message = `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(event)}\n\n`;
  for (const res of subscribers) res.write(message);
}

let meter: PhaseMeter | undefined;

serve<ServerCommands>({
  async prepare({ runId: id }) {
    runId = id ?? runId;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { port, streamPath: '/stream', getPath: '/run', lastSeq: seq };
  },

  async memory({ gc }) {
    return { ...(gc ? await settledMemory() : memory()), subscribers: subscribers.size };
  },

  async emit({ count, ratePerSec, maxMs, step }) {
    const firstSeq = seq + 1;
    const meter = new PhaseMeter();
    const result = await pace(count, ratePerSec, maxMs, (i) =>
      broadcast('trajectory_event', syntheticPayload(step, i)),
    );
    return {
      ...result,
      firstSeq,
      lastSeq: seq,
      server: meter.end(),
    };
  },

  // The end of a real run in one go, as the service sends it: paper_ready, narration,
  // status_changed, run_completed, narration (five events of about the same size), then
  // stream_end, and every response ended.
  finish() {
    const meter = new PhaseMeter();
    const endBurstSeq = seq + 1;
    for (let i = 0; i < 5; i++) broadcast('trajectory_event', syntheticPayload('run end', i));
    broadcast('stream_end', {});
    for (const res of subscribers) res.end();
    return { lastSeq: seq, endBurstSeq, server: meter.end() };
  },

  meter({ end }) {
    if (!end) {
      meter = new PhaseMeter();
      return null;
    }
    return meter?.end() ?? null;
  },

  snapshot({ json }) {
    snapshot = json;
    return { ok: true };
  },

  async close() {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return { ok: true };
  },
});
