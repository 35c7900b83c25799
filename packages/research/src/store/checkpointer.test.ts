import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Store } from './store.ts';
import Database from 'better-sqlite3';
import { WalCheckpointer, type CheckpointResult } from './checkpointer.ts';

for (const thread of ['worker', 'main'] as const) {
  test(`periodic checkpoints (${thread}) copy committed events back into the database file`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-'));
    const file = join(dir, 'research.db');
    const results: CheckpointResult[] = [];
    const errors: unknown[] = [];
    const store = Store.open(file, {
      checkpointIntervalMs: 30,
      checkpointThread: thread,
      onCheckpoint: (r) => void results.push(r),
      onBackgroundError: (err) => void errors.push(err),
    });
    try {
      const dbSize = () => statSync(file).size;
      const sizeBefore = dbSize();
      for (let i = 0; i < 500; i++)
        store.events.append('run-a', 'trajectory_event', {
          kind: 'k',
          label: `event ${i}`,
          detail: 'x'.repeat(300),
          metadata: {},
        });
      await store.events.flush();
      const deadline = Date.now() + 5000;
      while (!results.some((r) => r.checkpointed > 0) && Date.now() < deadline) await sleep(20);
      assert.deepEqual(errors, []);
      const done = results.find((r) => r.checkpointed > 0);
      assert.ok(done, 'a checkpoint copied frames back');
      assert.equal(done.thread, thread);
      assert.ok(dbSize() > sizeBefore, 'the rows reached the database file');
      assert.equal((await store.events.list('run-a')).length, 500);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a checkpoint worker stopped right after it started closes its connection and ends by itself', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'checkpoint-stop-'));
  const file = join(dir, 'research.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const errors: unknown[] = [];
  try {
    // Terminating a thread inside a SQLite call aborts the process; stop() must ask instead.
    for (let i = 0; i < 20; i++) {
      const checkpointer = new WalCheckpointer(db, file, {
        intervalMs: 10,
        thread: 'worker',
        onError: (err) => void errors.push(err),
      });
      if (i % 2 === 1) await sleep(5); // some stop while starting, some once running
      assert.deepEqual(await checkpointer.stop(), { terminated: false });
    }
    assert.deepEqual(errors, []);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a closed store leaves only its database file: no other thread recreates the WAL after close', async () => {
  // The checkpoint thread opens its own connection; if it closed after the store's, it would
  // recreate or remove -wal/-shm files while a caller was already deleting the directory.
  for (let i = 0; i < 10; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-close-'));
    try {
      const store = Store.open(join(dir, 'research.db'));
      if (i % 2 === 1) await sleep(5);
      await store.close();
      assert.deepEqual(readdirSync(dir), ['research.db']);
      await sleep(20);
      assert.deepEqual(readdirSync(dir), ['research.db'], 'still only the database later');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
