import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { PipelineStage } from '../src/pipeline/stage.ts';
import { call, readSse, startService } from './helpers.ts';
import { metricValue } from './metrics-helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const EVENTS = 3000;
const DETAIL = 'x'.repeat(16 * 1024); // 3,000 events of 16 KiB: about 48 MiB in all
const BOUND = 256 * 1024;

/** Heap and buffers in use after a full collection. */
function memoryInUse(): number {
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/** Complete SSE messages in what a client received (a cut can leave half of one). */
function completeIds(text: string): number[] {
  return text
    .split('\n\n')
    .slice(0, -1)
    .map((block) => /^id: (\d+)$/m.exec(block)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
}

test('a subscriber that never reads is cut off at the bound; memory stays bounded; it resumes and loses nothing', async () => {
  let go!: () => void;
  const started = new Promise<void>((resolve) => (go = resolve));
  const chatty: PipelineStage = {
    name: 'ideation',
    needs: [],
    produces: [],
    async run(ctx) {
      await started;
      for (let i = 0; i < EVENTS; i++) await ctx.trace('chatty', `step ${i}`, DETAIL);
      return { artefacts: {}, summary: 'said a lot' };
    },
  };
  const svc = await startService(
    { RESEARCH_SSE_MAX_BUFFERED_BYTES: String(BOUND) },
    { stages: [chatty] },
  );
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'eve' });
    const runId = (
      await call('POST', `${svc.api}/runs`, { user_id: 'eve', topic: 'talkative', pause_after: [] })
    ).body.run_id as string;

    // A real socket that asks for the stream and then reads nothing.
    const { hostname, port } = new URL(svc.api);
    const socket = connect({ host: hostname, port: Number(port) });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.pause();
    socket.write(
      `GET /api/runs/${runId}/stream HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    while (svc.service.streams.subscriberCount(runId) === 0)
      await new Promise((r) => setTimeout(r, 10));

    const baseline = memoryInUse();
    go();
    await svc.service.engine.idle(runId);
    const grown = memoryInUse() - baseline;

    assert.equal(svc.service.streams.subscriberCount(runId), 0, 'the slow stream was ended');
    const metrics = await (await fetch(`${svc.api}/metrics`)).text();
    assert.equal(metricValue(metrics, 'research_sse_slow_disconnects_total', {}), 1);
    assert.equal(metricValue(metrics, 'research_sse_subscribers', {}), 0);
    // Unbounded, the ~40 MiB the socket could not take would still be held here.
    assert.ok(grown < 16 * 1024 * 1024, `memory grew by ${(grown / 2 ** 20).toFixed(1)} MiB`);

    // The client reads what reached it, then comes back with Last-Event-ID.
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.resume();
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const first = completeIds(Buffer.concat(chunks).toString('utf8'));
    assert.ok(
      first.length > 0 && first.length < EVENTS,
      `got ${first.length} events before the cut`,
    );
    const lastId = first.at(-1)!;
    const { messages } = await readSse(`${svc.api}/runs/${runId}/stream`, {
      headers: { 'Last-Event-ID': String(lastId) },
      timeoutMs: 40_000,
    });
    const seqs = [...first, ...messages.map((m) => m.data.seq)];
    const trail = (await call('GET', `${svc.api}/runs/${runId}/events`)).body as { seq: number }[];
    assert.deepEqual(
      seqs,
      trail.map((e) => e.seq),
      'every event once, in order',
    );
    assert.equal(messages.at(-1)!.event, 'stream_end');
  } finally {
    await svc.close();
  }
});
