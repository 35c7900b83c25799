// Wall time of full offline research runs (no pauses), split by stage, and within each
// stage by step: the time up to each trajectory event, named after the event's kind
// (e.g. writing/compile_finished is the LaTeX compilation).
// Run: npx tsx bench/research-run.ts [runs=3]
// Forked by bench/research-load.ts, it also sends its figures over IPC.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../packages/research/src/config.ts';
import { createService } from '../packages/research/src/service.ts';
import type { RunEvent } from '../packages/research/src/domain/events.ts';

/** Median figures of the runs, ms. */
export interface OfflineRunResult {
  runs: number;
  totalMs: { median: number; min: number; max: number };
  stages: { stage: string; medianMs: number }[];
  /** Steps of at least 20 ms (median), slowest first. */
  steps: { stage: string; step: string; medianMs: number }[];
  eventsPerRun: number;
}

const runs = Number(process.argv[2] ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-research-'));
const service = await createService(
  loadConfig({ RESEARCH_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
);
await service.store.users.upsert({
  user_id: 'bench',
  archetype: 'researcher',
  domain: 'ecology',
  risk_preference: 'medium',
  baseline_strictness: 'medium',
  persona_brief: '',
});

const totals: number[] = [];
const perStage = new Map<string, number[]>();
const perStep = new Map<string, number[]>();
const eventCounts: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  // Resolves within the turn it was called in (SQLite answers at once), so the subscription
  // below is in place before the run's first events are published at the end of the turn.
  const run = await service.engine.startRun('bench', `benchmark topic number ${i}`, []);
  let lastStage = t0;
  let lastEvent = t0;
  let stage = 'ideation';
  const steps = new Map<string, number>();
  await new Promise<void>((resolve) => {
    const off = service.hub.subscribe(run.run_id, (event: RunEvent) => {
      const now = performance.now();
      if (event.type === 'trajectory_event') {
        const s = event.data.metadata.stage;
        if (typeof s === 'string') stage = s;
        const key = `${stage}/${event.data.kind}`;
        steps.set(key, (steps.get(key) ?? 0) + now - lastEvent);
      } else if (event.type === 'stage_completed') {
        const key = `${event.data.stage}/(to stage_completed)`;
        steps.set(key, (steps.get(key) ?? 0) + now - lastEvent);
        const list = perStage.get(event.data.stage) ?? [];
        list.push(now - lastStage);
        perStage.set(event.data.stage, list);
        lastStage = now;
      }
      lastEvent = now;
      if (event.type === 'stream_end') {
        off();
        resolve();
      }
    });
  });
  totals.push(performance.now() - t0);
  eventCounts.push((await service.store.events.list(run.run_id)).length);
  for (const [key, ms] of steps) perStep.set(key, [...(perStep.get(key) ?? []), ms]);
}
await service.close();
rmSync(dataDir, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const result: OfflineRunResult = {
  runs,
  totalMs: { median: median(totals), min: Math.min(...totals), max: Math.max(...totals) },
  stages: [...perStage].map(([stage, xs]) => ({ stage, medianMs: median(xs) })),
  steps: [...perStep]
    .map(([key, xs]) => {
      const [stage = '', step = ''] = key.split('/');
      return { stage, step, medianMs: median(xs) };
    })
    .filter((s) => s.medianMs >= 20)
    .sort((a, b) => b.medianMs - a.medianMs),
  eventsPerRun: median(eventCounts),
};

console.log(
  `full offline run (no pauses), ${runs} runs: median ${(result.totalMs.median / 1000).toFixed(2)} s, ${result.eventsPerRun} events`,
);
for (const { stage, medianMs } of result.stages)
  console.log(`  ${stage.padEnd(9)} ${(medianMs / 1000).toFixed(2)} s`);
console.log('  slowest steps (time up to the event):');
for (const { stage, step, medianMs } of result.steps)
  console.log(`    ${`${stage}/${step}`.padEnd(36)} ${(medianMs / 1000).toFixed(2)} s`);
process.send?.({ type: 'result', result });
