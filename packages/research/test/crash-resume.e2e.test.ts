import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, readSse, type SseMessage } from './helpers.ts';
import { startResearchProcess } from '../src/testing/service-process.ts';
import { freePort } from '@hikma/service-kit/testing';

/** Starts the real service as its own process on `dataDir`, as `npm run research` would. */
const startProcess = (dataDir: string, port: number) =>
  startResearchProcess({ name: 'crash', dataDir, port, env: { LOG_LEVEL: 'silent' } });

test('a process killed mid-stage (SIGKILL) resumes the run on restart with nothing lost from the audit trail', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api`;
  let child = await startProcess(dataDir, port);
  try {
    await call('POST', `${api}/users`, { user_id: 'kai', domain: 'oceanography' });
    const run = await call('POST', `${api}/runs`, {
      user_id: 'kai',
      topic: 'eddy heat transport',
      pause_after: [],
    });
    const runId: string = run.body.run_id;
    const before: SseMessage[] = [];
    await readSse(`${api}/runs/${runId}/stream`, {
      onEvent: (m) => void before.push(m),
      stopWhen: (m) =>
        m.event === 'trajectory_event' &&
        (m.data.data as { kind: string }).kind === 'execution_started',
    });
    child.kill();
    await child.exited;

    child = await startProcess(dataDir, port);
    const { messages } = await readSse(`${api}/runs/${runId}/stream`, { timeoutMs: 120_000 });
    const events = messages.map((m) => m.data);
    events.forEach((e, i) => assert.equal(e.seq, i + 1, 'no gap in the audit trail'));
    for (const m of before) {
      assert.deepEqual(
        events[m.data.seq - 1],
        m.data,
        `event ${m.data.seq} survived the crash unchanged`,
      );
    }
    const done = events
      .filter((e) => e.type === 'stage_completed')
      .map((e) => (e.data as { stage: string }).stage);
    assert.deepEqual(done, ['ideation', 'planning', 'coding', 'analysis', 'writing', 'review']);
    assert.equal(events.at(-1)!.type, 'stream_end');
    assert.equal((await call('GET', `${api}/runs/${runId}`)).body.status, 'completed');
  } finally {
    child.kill();
    await child.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
