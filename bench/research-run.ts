// Wall time of full offline research runs (no pauses), split by stage.
// Run: npx tsx bench/research-run.ts [runs=3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../packages/research/src/config.ts';
import { createService } from '../packages/research/src/service.ts';
import type { RunEvent } from '../packages/research/src/pipeline/events.ts';

const runs = Number(process.argv[2] ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-research-'));
const service = await createService(
  loadConfig({ RESEARCH_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
);
service.store.users.upsert({
  user_id: 'bench',
  archetype: 'researcher',
  domain: 'ecology',
  risk_preference: 'medium',
  baseline_strictness: 'medium',
  persona_brief: '',
});

const totals: number[] = [];
const perStage = new Map<string, number[]>();
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const run = service.engine.startRun('bench', `benchmark topic number ${i}`, []);
  let last = t0;
  await new Promise<void>((resolve) => {
    const off = service.hub.subscribe(run.run_id, (event: RunEvent) => {
      if (event.type === 'stage_completed') {
        const now = performance.now();
        const list = perStage.get(event.data.stage) ?? [];
        list.push(now - last);
        perStage.set(event.data.stage, list);
        last = now;
      }
      if (event.type === 'stream_end') {
        off();
        resolve();
      }
    });
  });
  totals.push(performance.now() - t0);
}
await service.close();
rmSync(dataDir, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `full offline run (no pauses), ${runs} runs: median ${(median(totals) / 1000).toFixed(2)} s`,
);
for (const [stage, xs] of perStage)
  console.log(`  ${stage.padEnd(9)} ${(median(xs) / 1000).toFixed(2)} s`);
