// Child process: the real research service (createService, Fastify on 127.0.0.1:0, SQLite
// WAL in a temp dir, offline LLM) with one run paused on feedback, and synthetic events
// emitted on command through the service's own RunEventHub.emit (audit append, narrator,
// group commit, publish, the run's SSE fan-out).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenOnLoopback } from '@hikma/service-kit';
import { loadConfig } from '../../packages/research/src/config.ts';
import { createService } from '../../packages/research/src/service.ts';
import { serve } from './ipc.ts';
import { pace } from './pacer.ts';
import type { ServerCommands } from './protocol.ts';
import { memory, PhaseMeter, settledMemory } from './stats.ts';
import { syntheticPayload } from './synthetic.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-research-sse-'));
const config = loadConfig({ RESEARCH_PORT: '0', RESEARCH_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const service = await createService(config);
let runId = '';

const lastSeq = async () => (await service.store.events.list(runId)).at(-1)?.seq ?? 0;

let meter: PhaseMeter | undefined;

// Resolves an emit's promise once the event is committed and published: this listener was
// added after the hub's, so the SSE fan-out has written the event to every subscriber.
const published = new Map<number, () => void>();
service.store.events.onCommitted((event) => {
  if (event.run_id !== runId) return;
  published.get(event.seq)?.();
  published.delete(event.seq);
});

serve<ServerCommands>({
  async prepare() {
    const { port } = await listenOnLoopback(service.app);
    await service.store.users.upsert({
      user_id: 'bench',
      archetype: 'researcher',
      domain: 'ecology',
      risk_preference: 'medium',
      baseline_strictness: 'medium',
      persona_brief: '',
    });
    // A real run, paused after ideation: its stream stays open for the synthetic steps,
    // and answering the pause later drives the rest of the pipeline to the subscribers.
    runId = (
      await service.engine.startRun('bench', 'pollinator decline in urban gardens', ['ideation'])
    ).run_id;
    await service.engine.idle(runId);
    const { status } = await service.engine.getRun(runId);
    if (status !== 'awaiting_feedback') throw new Error(`run is ${status}, not paused`);
    return {
      port,
      streamPath: `/api/runs/${runId}/stream`,
      getPath: `/api/runs/${runId}`,
      lastSeq: await lastSeq(),
    };
  },

  async memory({ gc }) {
    return {
      ...(gc ? await settledMemory() : memory()),
      subscribers: service.streams.subscriberCount(runId),
    };
  },

  async emit({ count, ratePerSec, maxMs, step }) {
    const firstSeq = (await lastSeq()) + 1;
    const meter = new PhaseMeter();
    // Emitted as the engine does, with the run open for writing in this process.
    const result = await service.hub.writing(runId, () =>
      pace(count, ratePerSec, maxMs, (i) => {
        const { seq } = service.hub.emit(runId, 'trajectory_event', syntheticPayload(step, i));
        return new Promise<void>((resolve) => published.set(seq, resolve));
      }),
    );
    return {
      ...result,
      firstSeq,
      lastSeq: await lastSeq(),
      server: meter.end(),
    };
  },

  // Answers the pause over HTTP as a user would; the run then goes through planning,
  // coding (sandboxed Python), analysis, writing (LaTeX) and review, and ends the streams.
  async finish({ api }) {
    const meter = new PhaseMeter();
    const res = await fetch(`${api}/runs/${runId}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'continue' }),
    });
    if (res.status !== 200) throw new Error(`feedback answered ${res.status}`);
    await service.engine.idle(runId);
    const events = await service.store.events.list(runId);
    const end = events.find((e) => e.type === 'paper_ready' || e.type === 'run_completed');
    const last = await lastSeq();
    return { lastSeq: last, endBurstSeq: end?.seq ?? last, server: meter.end() };
  },

  meter({ end }) {
    if (!end) {
      meter = new PhaseMeter();
      return null;
    }
    return meter?.end() ?? null;
  },

  snapshot() {
    return { ok: true }; // the service answers GET from its own store
  },

  async close() {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
    return { ok: true };
  },
});
