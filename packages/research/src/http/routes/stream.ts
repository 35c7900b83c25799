import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { HttpDeps } from '../deps.ts';
import { validate } from '../errors.ts';

const StreamParams = z.object({ run_id: z.string().min(1).max(100) });
const StreamQuery = z.object({ after: z.coerce.number().int().min(0).optional() });

/**
 * GET /runs/:run_id/stream: replays the audit trail after `Last-Event-ID` (or `?after=`),
 * then sends live events, and ends after `stream_end`.
 */
export function streamRoutes(app: FastifyInstance, { store, engine, streams }: HttpDeps): void {
  app.get('/runs/:run_id/stream', async (request, reply) => {
    const { run_id } = validate(StreamParams, request.params, 'path');
    const query = validate(StreamQuery, request.query, 'query');
    engine.getRun(run_id); // 404 before the stream starts
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
    // Subscribe before replaying so nothing emitted during the replay is missed; live
    // events that arrive meanwhile are held back and de-duplicated by seq.
    const subscription = streams.add(
      run_id,
      {
        write: (text) => raw.write(text),
        // After stream_end, end the response on the next turn: ending one is costlier than
        // a write, and ending each right after its write would hold back the stream_end
        // (and the burst before it) of every subscriber written after it.
        end: () => void setImmediate(finish),
      },
      lastSent,
    );
    raw.on('close', finish);
    subscription.replayed(store.events.list(run_id, lastSent));
  });
}
