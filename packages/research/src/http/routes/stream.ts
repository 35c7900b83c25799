import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../deps.ts';
import { validate } from '../errors.ts';
import { RunParams, StreamQuery } from '../request-schemas.ts';

/**
 * GET /runs/:run_id/stream: replays the audit trail after `Last-Event-ID` (or `?after=`),
 * then sends live events, and ends after `stream_end`. A client that leaves more than
 * `sseMaxBufferedBytes` unread has its connection closed: what it missed is in the trail,
 * and it comes back with `Last-Event-ID`.
 */
export function streamRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { store, engine, streams, metrics, sseMaxBufferedBytes } = deps;
  app.get('/runs/:run_id/stream', async (request, reply) => {
    const { run_id } = validate(RunParams, request.params, 'path');
    const query = validate(StreamQuery, request.query, 'query');
    await engine.getRun(run_id); // 404 before the stream starts
    const header = request.headers['last-event-id'];
    const fromHeader =
      typeof header === 'string' && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
    const lastSent = fromHeader ?? query.after ?? 0;

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    raw.write('retry: 3000\n\n');

    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      subscription.remove();
      raw.end();
    };
    // Destroyed, not ended: ending would keep the unread bytes queued until the client read
    // them, and this client does not read.
    const cut = () => {
      if (ended) return;
      ended = true;
      subscription.remove();
      metrics.slowSubscriberDisconnected();
      request.log.info(
        { run_id, buffered: raw.writableLength },
        'SSE client too slow; stream closed',
      );
      raw.destroy();
    };
    const write = (text: string) => {
      if (ended) return;
      raw.write(text);
      if (raw.writableLength > sseMaxBufferedBytes) cut();
    };
    // Subscribe before replaying so nothing emitted during the replay is missed; live
    // events that arrive meanwhile are held back and de-duplicated by seq.
    const subscription = streams.add(
      run_id,
      {
        write,
        // After stream_end, end the response on the next turn: ending one is costlier than
        // a write, and ending each right after its write would hold back the stream_end
        // (and the burst before it) of every subscriber written after it.
        end: () => void setImmediate(finish),
      },
      lastSent,
    );
    raw.on('close', finish);
    // The replay waits for the client to read: a long trail is not queued all at once.
    for (const event of await store.events.list(run_id, lastSent)) {
      if (ended) return;
      subscription.replay([event]);
      if (raw.writableNeedDrain && raw.writableLength > sseMaxBufferedBytes / 2) await drained(raw);
    }
    if (!ended) subscription.live();
  });
}

/** Resolves once the response's buffer has drained, or it closed. */
async function drained(raw: ServerResponse): Promise<void> {
  const controller = new AbortController();
  await Promise.race([
    once(raw, 'drain', { signal: controller.signal }),
    once(raw, 'close', { signal: controller.signal }),
  ]).catch(() => {});
  controller.abort();
}
