import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { Store } from './store.ts';
import { MAX_GROUP } from './events.ts';
import type { RunEvent } from '../domain/events.ts';
import type { UserProfile } from './types.ts';

function setup() {
  const errors: unknown[] = [];
  const store = Store.open(':memory:', { onBackgroundError: (err) => void errors.push(err) });
  const rowsInDb = () =>
    (store.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
  const published: { seq: number; rowsInDbThen: number }[] = [];
  store.events.onCommitted((e) => void published.push({ seq: e.seq, rowsInDbThen: rowsInDb() }));
  const status = (i: number) => ({ status: i % 2 ? 'running' : 'awaiting_feedback' }) as const;
  return { store, rowsInDb, published, errors, status };
}

const user: UserProfile = {
  user_id: 'u',
  archetype: 'a',
  domain: 'd',
  risk_preference: 'medium',
  baseline_strictness: 'medium',
  persona_brief: '',
};

/** A run to complete a stage of: `completeStage` is the store's one transaction over a run. */
async function insertRun(store: Store, runId: string): Promise<void> {
  await store.users.upsert(user);
  const now = new Date().toISOString();
  await store.runs.insert({
    run_id: runId,
    user_id: user.user_id,
    topic: 't',
    project_id: `proj-${runId}`,
    status: 'running',
    current_stage: 'ideation',
    stages_completed: [],
    last_summary: '',
    started_at: now,
    updated_at: now,
    error: null,
    state: {
      schema_version: 1,
      pause_after: [],
      pending_revision: null,
      answered_pauses: [],
      revised: [],
      usage: {},
    },
  });
}

test('group commit: the events of one tick are committed together, then published in order', async () => {
  const { store, rowsInDb, published, status } = setup();
  for (let i = 1; i <= 5; i++) {
    assert.equal(store.events.append('run-a', 'status_changed', status(i)).seq, i);
  }
  assert.equal(store.events.queued, 5);
  assert.equal(rowsInDb(), 0, 'nothing is written during the tick');
  assert.equal(published.length, 0, 'nothing is published before it is committed');
  await nextLoopTurn();
  assert.equal(store.events.queued, 0);
  assert.deepEqual(
    published,
    [1, 2, 3, 4, 5].map((seq) => ({ seq, rowsInDbThen: 5 })),
    'published after the one commit of all five',
  );
});

test('group commit: a read commits the queue first and sees every event appended so far', async () => {
  const { store, published, status } = setup();
  store.events.append('run-a', 'status_changed', status(1));
  store.events.append('run-b', 'status_changed', status(2));
  store.events.append('run-a', 'status_changed', status(3));
  const events = await store.events.list('run-a');
  assert.deepEqual(
    events.map((e) => [e.seq, e.data]),
    [
      [1, status(1)],
      [2, status(3)],
    ],
  );
  assert.equal((await store.events.list('run-a', 1)).length, 1);
  assert.equal(published.length, 0, 'published at the end of the turn, not by the read');
  await nextLoopTurn();
  assert.deepEqual(
    published.map((p) => p.seq),
    [1, 1, 2],
  );
});

test('group commit: any other write through the store commits queued events first', async () => {
  const { store, rowsInDb, published, status } = setup();
  store.events.append('run-a', 'status_changed', status(1));
  await store.users.upsert(user);
  assert.equal(rowsInDb(), 1);
  await insertRun(store, 'run-x');
  store.events.append('run-a', 'status_changed', status(2));
  await store.completeStage('run-x', 'ideation', {}, () => ({}));
  assert.equal(rowsInDb(), 2);
  store.events.append('run-a', 'status_changed', status(3));
  await nextLoopTurn();
  assert.deepEqual(
    published,
    [1, 2, 3].map((seq) => ({ seq, rowsInDbThen: 3 })),
    'the events of the turn go out together, once the last of them is committed',
  );
});

test('group commit: nothing is committed or published inside a transaction, all of it after', async () => {
  const { store, rowsInDb, published, status } = setup();
  await insertRun(store, 'run-x');
  let flushedInside: Promise<void> | undefined;
  let readInside: Promise<RunEvent[]> | undefined;
  await store.completeStage('run-x', 'ideation', {}, () => {
    store.events.append('run-a', 'status_changed', status(1));
    // Both run to completion here, inside the transaction; only their promises settle later.
    flushedInside = store.events.flush();
    readInside = store.events.list('run-a');
    assert.equal(rowsInDb(), 0, 'the flush inside commits nothing');
    return {};
  });
  await flushedInside;
  assert.equal((await readInside!).length, 0, 'a read inside sees committed rows only');
  assert.equal(published.length, 0);
  await nextLoopTurn();
  assert.equal(rowsInDb(), 1);
  assert.deepEqual(
    published.map((p) => p.seq),
    [1],
  );
});

test('group commit: a full group is committed at once, without waiting for the tick', async () => {
  const { store, rowsInDb, published, status } = setup();
  for (let i = 1; i <= MAX_GROUP + 2; i++)
    store.events.append('run-a', 'status_changed', status(i));
  assert.equal(rowsInDb(), MAX_GROUP);
  assert.equal(store.events.queued, 2);
  await nextLoopTurn();
  assert.equal(published.length, MAX_GROUP + 2);
  assert.equal(rowsInDb(), MAX_GROUP + 2);
});

test('group commit: a failed commit publishes nothing and keeps the events for the next one', async () => {
  const { store, published, errors, status } = setup();
  store.events.append('run-a', 'status_changed', status(1));
  store.events.append('run-a', 'status_changed', status(2));
  // The database refuses the second insert: the whole group fails, as one transaction.
  store.db.exec(`CREATE TEMP TRIGGER refuse BEFORE INSERT ON events WHEN new.seq = 2
    BEGIN SELECT RAISE(ABORT, 'disk trouble'); END`);
  await nextLoopTurn();
  assert.equal(errors.length, 1, 'a background failure is reported');
  assert.match(String(errors[0]), /disk trouble/);
  assert.equal(published.length, 0);
  assert.equal(store.events.queued, 2);
  await assert.rejects(
    store.events.list('run-a'),
    /disk trouble/,
    'a read does not hide the failure',
  );
  store.db.exec('DROP TRIGGER refuse');
  assert.deepEqual(
    (await store.events.list('run-a')).map((e) => e.seq),
    [1, 2],
  );
  await nextLoopTurn();
  assert.deepEqual(
    published.map((p) => p.seq),
    [1, 2],
  );
});

test('group commit: a listener that appends and reads still sees events in commit order', async () => {
  const { store, status } = setup();
  const seen: number[] = [];
  const reads: Promise<RunEvent[]>[] = [];
  store.events.onCommitted((e: RunEvent) => {
    seen.push(e.seq);
    if (e.seq === 1) {
      store.events.append('run-a', 'status_changed', status(9));
      // Commits seq 3 at the call, while seq 2 is still being published.
      reads.push(store.events.list('run-a'));
    }
  });
  store.events.append('run-a', 'status_changed', status(1));
  store.events.append('run-a', 'status_changed', status(2));
  await nextLoopTurn();
  assert.deepEqual(seen, [1, 2, 3]);
  assert.deepEqual(
    (await Promise.all(reads)).map((events) => events.map((e) => e.seq)),
    [[1, 2, 3]],
  );
});
