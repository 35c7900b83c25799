import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { HttpDeps } from '../deps.ts';
import { validate } from '../errors.ts';
import type { RunEvent } from '../../pipeline/events.ts';

const StreamParams = z.object({ run_id: z.string().min(1).max(100) });
const StreamQuery = z.object({ after: z.coerce.number().int().min(0).optional() });
const HEARTBEAT_MS = 15_000;

/** Formats one event as a Server-Sent Events message. */
export function formatSse(event: RunEvent): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * GET /runs/:run_id/stream: replays the audit trail after `Last-Event-ID` (or `?after=`),
 * then sends live events, and ends after `stream_end`.
 */
export function streamRoutes(app: FastifyInstance, { store, engine, hub }: HttpDeps): void {
  app.get('/runs/:run_id/stream', async (request, reply) => {
    const { run_id } = validate(StreamParams, request.params, 'path');
    const query = validate(StreamQuery, request.query, 'query');
    engine.getRun(run_id); // 404 before the stream starts
    const header = request.headers['last-event-id'];
    const fromHeader =
      typeof header === 'string' && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
    let lastSent = fromHeader ?? query.after ?? 0;

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
      unsubscribe();
      clearInterval(heartbeat);
      raw.end();
    };
    const send = (event: RunEvent) => {
      if (ended || event.seq <= lastSent) return;
      lastSent = event.seq;
      raw.write(formatSse(event));
      if (event.type === 'stream_end') finish();
    };

    // Subscribe before replaying so nothing emitted during the replay is missed;
    // live events that arrive meanwhile wait in `pending` and are de-duplicated by seq.
    let pending: RunEvent[] | null = [];
    const unsubscribe = hub.subscribe(run_id, (event) =>
      pending ? pending.push(event) : send(event),
    );
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    raw.on('close', finish);

    for (const event of store.events.list(run_id, lastSent)) send(event);
    const buffered = pending;
    pending = null;
    for (const event of buffered) send(event);
  });
}
